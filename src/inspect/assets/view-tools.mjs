// The Tools view: one activity as every dialect starts from it — the rendered description, the
// annotations, the policies and the declared input schema.
import { duration, h } from "./dom.mjs";
import { jsonTree } from "./json-tree.mjs";

/**
 * @param {any} activity one entry of GET /api/tools
 * @param {any} catalog the whole answer (for the toolbox-wide defaults)
 * @returns {HTMLElement}
 */
export function toolsView(activity, catalog) {
  const annotations = Object.entries(activity.annotations).filter(([, on]) => on === true);
  const timeout = activity.timeout;
  const timeoutText =
    timeout.ms === null
      ? "none (deliberately)"
      : timeout.from === "default"
        ? `the toolbox's, else ${duration(catalog.defaultTimeoutMs)}`
        : `${duration(timeout.ms)} (set on the ${timeout.from})`;
  const approval = {
    true: "always",
    false: "never",
    predicate: "decided per input (a predicate)",
    agent: "left to the agent's approvals option",
  }[String(activity.needsApproval)];
  const policies = [
    ["time limit", timeoutText],
    ["needs approval", approval],
    [
      "retries",
      activity.retry === null
        ? "none"
        : `${activity.retry.attempts} attempts, backoff ${activity.retry.backoffMs ?? 0} ms`,
    ],
    [
      "output",
      activity.outputMemory.length === 0
        ? "on the prompt"
        : `off-prompt, to ${activity.outputMemory.join(", ")}`,
    ],
    ["final answer", activity.finalAnswer ? "yes: an agent ends its run with it" : "no"],
    [
      "in the Try view",
      activity.confirm.length === 0 ? "runs at once" : `asks first: ${activity.confirm.join("; ")}`,
    ],
  ];
  return h(
    "section",
    { class: "view tools-view", id: "tools-view" },
    h("h2", null, activity.nativeName),
    h(
      "p",
      { class: "muted" },
      `tool ${activity.tool} · activity ${activity.activity} · method ${activity.method}()`,
    ),
    h(
      "div",
      { class: "badges" },
      annotations.length === 0
        ? h("span", { class: "badge" }, "no annotations")
        : annotations.map(([name]) =>
            h("span", { class: `badge ${name === "destructive" ? "danger" : ""}` }, name),
          ),
    ),
    h("h3", null, "Description, as rendered"),
    activity.descriptionError
      ? h("p", { class: "error" }, activity.descriptionError)
      : h("pre", { class: "description", id: "description" }, activity.description),
    h("h3", null, "Policies"),
    h(
      "table",
      { class: "policies" },
      h(
        "tbody",
        null,
        policies.map(([name, value]) => h("tr", null, h("th", null, name), h("td", null, value))),
      ),
    ),
    h("h3", null, "Input schema (JSON Schema 2020-12, before any dialect)"),
    activity.schemaError
      ? h("p", { class: "error" }, activity.schemaError)
      : jsonTree(activity.schema, { openDepth: 4 }),
  );
}
