// The Task Memory view: the namespaces, a page of one at a time, and BM25 search with the matching
// words marked — the memory the toolbox's off-prompt tools write to.
import { api } from "./api.mjs";
import { artifactView } from "./artifact.mjs";
import { h, marked, replace } from "./dom.mjs";

/** The page of text namespaces: the server's page size, to turn a search hit's offset into a page. */
const textPageSize = 4000;

/** @returns {Promise<HTMLElement>} */
export async function memoryView() {
  const { memory, namespaces } = await api("/api/memory");
  const reader = h("div", { id: "namespace-page", class: "namespace-page" });
  const results = h("div", {
    id: "search-results",
    class: "search-results",
    "aria-live": "polite",
  });
  const query = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "search",
      id: "memory-query",
      placeholder: "words to look for",
      "aria-label": "search memory",
    })
  );
  const scope = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      { id: "memory-namespace", "aria-label": "namespace" },
      h("option", { value: "" }, "every namespace"),
      namespaces.map((/** @type {any} */ entry) =>
        h("option", { value: entry.namespace }, entry.namespace),
      ),
    )
  );

  /** @param {string} namespace @param {number} page */
  const open = async (namespace, page) => {
    replace(reader, h("p", { class: "muted" }, "loading…"));
    try {
      const shown = await api(
        `/api/memory/namespace?name=${encodeURIComponent(namespace)}&page=${page}`,
      );
      replace(
        reader,
        h("h3", null, shown.namespace),
        h(
          "div",
          { class: "pager" },
          h(
            "button",
            {
              type: "button",
              disabled: shown.page === 0,
              onclick: () => open(namespace, shown.page - 1),
            },
            "‹ previous",
          ),
          h(
            "span",
            { id: "page-of" },
            `page ${shown.page + 1} of ${shown.pages}`,
            shown.kind === "text"
              ? ` · characters ${shown.offset}–${shown.offset + shown.text.length} of ${shown.total}`
              : "",
          ),
          h(
            "button",
            {
              type: "button",
              disabled: shown.page >= shown.pages - 1,
              onclick: () => open(namespace, shown.page + 1),
            },
            "next ›",
          ),
        ),
        shown.kind === "text"
          ? h("pre", { class: "page-text" }, shown.text)
          : shown.artifacts.map(artifactView),
      );
    } catch (error) {
      replace(
        reader,
        h("p", { class: "error" }, String(error instanceof Error ? error.message : error)),
      );
    }
  };

  /** @param {Event} event */
  const search = async (event) => {
    event.preventDefault();
    if (query.value.trim() === "") return;
    const params = new URLSearchParams({ q: query.value, namespace: scope.value, limit: "10" });
    try {
      const found = await api(`/api/memory/search?${params}`);
      replace(
        results,
        found.hits.length === 0
          ? h("p", { class: "muted" }, `Nothing matches ${found.terms.join(", ") || "(no words)"}.`)
          : found.hits.map((/** @type {any} */ hit) =>
              h(
                "article",
                { class: "hit" },
                h(
                  "p",
                  { class: "hit-where" },
                  h(
                    "button",
                    {
                      type: "button",
                      class: "link",
                      onclick: () => open(hit.namespace, Math.floor(hit.offset / textPageSize)),
                    },
                    hit.namespace,
                  ),
                  ` @ ${hit.offset} · score ${hit.score.toFixed(2)}`,
                ),
                h("pre", { class: "passage" }, marked(hit.text, hit.marks)),
              ),
            ),
      );
    } catch (error) {
      replace(
        results,
        h("p", { class: "error" }, String(error instanceof Error ? error.message : error)),
      );
    }
  };

  return h(
    "section",
    { class: "view memory-view", id: "memory-view" },
    h("h2", null, memory === null ? "No task memory" : `Task Memory “${memory}”`),
    namespaces.length === 0
      ? h(
          "p",
          { class: "muted" },
          "Nothing stored yet. Off-prompt tools store their output here; run one in Try a call.",
        )
      : h(
          "table",
          { class: "namespaces", id: "namespaces" },
          h(
            "thead",
            null,
            h(
              "tr",
              null,
              ["namespace", "kind", "artifacts", "characters", "source"].map((name) =>
                h("th", null, name),
              ),
            ),
          ),
          h(
            "tbody",
            null,
            namespaces.map((/** @type {any} */ entry) =>
              h(
                "tr",
                null,
                h(
                  "td",
                  null,
                  h(
                    "button",
                    { type: "button", class: "link", onclick: () => open(entry.namespace, 0) },
                    entry.namespace,
                  ),
                ),
                h("td", null, entry.kind),
                h("td", null, String(entry.artifactCount)),
                h("td", null, String(entry.length)),
                h("td", null, entry.source),
              ),
            ),
          ),
        ),
    h(
      "form",
      { class: "search", id: "memory-search", onsubmit: search },
      query,
      scope,
      h("button", { type: "submit" }, "Search"),
    ),
    results,
    reader,
  );
}
