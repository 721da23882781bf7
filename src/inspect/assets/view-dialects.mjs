// The Dialects view: for one activity, what each provider dialect sends, two side by side, with
// what lowering changed marked and the notes it moved into the description.
import { api } from "./api.mjs";
import { h, replace } from "./dom.mjs";
import { jsonTree } from "./json-tree.mjs";

/** Chosen columns survive moving from one activity to the next. */
const chosen = { left: "openai-chat+strict", right: "gemini+parameters" };

/**
 * @param {string} nativeName
 * @returns {Promise<HTMLElement>}
 */
export async function dialectsView(nativeName) {
  const comparison = await api(`/api/dialects?activity=${encodeURIComponent(nativeName)}`);
  const byId = new Map(
    comparison.variants.map((/** @type {any} */ variant) => [variant.id, variant]),
  );
  const columns = h("div", { class: "columns" });
  /** @param {"left" | "right"} side */
  const picker = (side) =>
    h(
      "select",
      {
        id: `dialect-${side}`,
        "aria-label": `${side} dialect`,
        onchange: (/** @type {Event} */ event) => {
          chosen[side] = /** @type {HTMLSelectElement} */ (event.target).value;
          draw();
        },
      },
      comparison.variants.map((/** @type {any} */ variant) =>
        h("option", { value: variant.id, selected: variant.id === chosen[side] }, variant.label),
      ),
    );
  const draw = () =>
    replace(
      columns,
      column(byId.get(chosen.left) ?? comparison.variants[0]),
      column(byId.get(chosen.right) ?? comparison.variants[1]),
    );
  draw();
  return h(
    "section",
    { class: "view dialects-view", id: "dialects-view" },
    h("h2", null, `${nativeName} in every dialect`),
    summary(comparison.variants),
    h(
      "div",
      { class: "pickers" },
      h("label", null, "Compare ", picker("left")),
      h("label", null, " with ", picker("right")),
    ),
    columns,
  );
}

/** @param {any[]} variants */
function summary(variants) {
  return h(
    "table",
    { class: "summary", id: "dialect-summary" },
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        ["dialect", "sent", "tokens", "schema changes", "moved to the description"].map((name) =>
          h("th", null, name),
        ),
      ),
    ),
    h(
      "tbody",
      null,
      variants.map((variant) =>
        h(
          "tr",
          { class: variant.ok ? undefined : "refused" },
          h("td", null, variant.label),
          h("td", null, variant.ok ? "yes" : "refused"),
          h("td", null, variant.ok ? tokens(variant.tokens) : "–"),
          h("td", null, variant.ok ? String(variant.changes.length) : variant.error.path),
          h("td", null, variant.ok ? movedSummary(variant.moved) : variant.error.message),
        ),
      ),
    ),
  );
}

/**
 * The keywords moved, in short: `minLength, default ×2`.
 * @param {{ at: string, text: string }[]} moved
 */
function movedSummary(moved) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const { text } of moved) {
    for (const [, keyword] of text.matchAll(/(?:^|[{,;] ?|Input: )([A-Za-z$]+): /g))
      counts.set(keyword, (counts.get(keyword) ?? 0) + 1);
  }
  if (counts.size === 0) return moved.length === 0 ? "–" : `${moved.length} texts`;
  return [...counts]
    .map(([keyword, count]) => (count === 1 ? keyword : `${keyword} ×${count}`))
    .join(", ");
}

/** @param {{ count: number, method: string }} count */
function tokens(count) {
  return count.method === "o200k_base" ? `${count.count}` : `≈ ${count.count} (chars/4)`;
}

/** @param {any} variant */
function column(variant) {
  if (!variant.ok) {
    return h(
      "div",
      { class: "column", "data-dialect": variant.id },
      h("h3", null, variant.label),
      h(
        "div",
        { class: "refusal" },
        h("strong", null, `refused: ${variant.error.code}`),
        h("p", null, "at ", h("code", null, variant.error.path)),
        h("p", null, variant.error.message),
      ),
    );
  }
  const marks = new Map(
    variant.changes
      .filter((/** @type {any} */ change) => change.kind !== "removed")
      .map((/** @type {any} */ change) => [JSON.stringify(change.path), change.kind]),
  );
  const kept = variant.description.slice(
    0,
    variant.description.length - variant.descriptionAdded.length,
  );
  return h(
    "div",
    { class: "column", "data-dialect": variant.id },
    h(
      "h3",
      null,
      variant.label,
      h("span", { class: "tokens" }, `${tokens(variant.tokens)} tokens`),
    ),
    h("h4", null, "Description sent"),
    h(
      "pre",
      { class: "description" },
      kept,
      variant.descriptionAdded === ""
        ? null
        : h("mark", { class: "added", title: "added by lowering" }, variant.descriptionAdded),
    ),
    variant.moved.length === 0
      ? null
      : h(
          "div",
          { class: "notes" },
          h("h4", null, "Moved into descriptions (still enforced by the validator)"),
          h(
            "ul",
            null,
            variant.moved.map((/** @type {any} */ moved) =>
              h(
                "li",
                null,
                h("code", null, moved.at),
                " ",
                h("mark", { class: "added" }, moved.text),
              ),
            ),
          ),
        ),
    h(
      "h4",
      null,
      `Schema sent (${variant.changes.length === 0 ? "as declared" : `${variant.changes.length} changes marked`})`,
    ),
    variant.schema === null
      ? h("p", { class: "muted" }, "no input schema")
      : jsonTree(variant.schema, { marks, openDepth: 3 }),
    variant.changes.length === 0
      ? null
      : h(
          "details",
          { class: "changes" },
          h("summary", null, "What lowering changed"),
          h(
            "ul",
            null,
            variant.changes.map((/** @type {any} */ change) =>
              h(
                "li",
                { class: `change-${change.kind}` },
                h("code", null, change.at),
                ` ${change.kind}`,
                change.kind === "added"
                  ? null
                  : h("span", { class: "before" }, ` ${short(change.before)}`),
                change.kind === "removed"
                  ? null
                  : h("span", { class: "after" }, ` → ${short(change.after)}`),
              ),
            ),
          ),
        ),
    h(
      "details",
      { class: "whole" },
      h("summary", null, "The whole tool entry"),
      jsonTree(variant.tool, { openDepth: 1 }),
    ),
  );
}

/** @param {unknown} value */
function short(value) {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
