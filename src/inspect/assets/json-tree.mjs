// A small collapsible JSON viewer. Nodes deeper than `openDepth` are built only when opened, so a
// large schema costs little until someone looks inside it.
import { h } from "./dom.mjs";

/**
 * @typedef {object} TreeOptions
 * @property {Map<string, string>} [marks] `JSON.stringify(path)` → a class (`added`, `changed`) for that node
 * @property {number} [openDepth] levels shown open at first (2 by default)
 */

/**
 * The value as a tree of `<details>` elements.
 * @param {unknown} value
 * @param {TreeOptions} [options]
 * @returns {HTMLElement}
 */
export function jsonTree(value, options = {}) {
  const marks = options.marks ?? new Map();
  const openDepth = options.openDepth ?? 2;
  // Open the way down to every marked node, so what changed is in view.
  const onTheWay = new Set();
  for (const key of marks.keys()) {
    const path = JSON.parse(key);
    for (let length = 0; length < path.length; length++) {
      onTheWay.add(JSON.stringify(path.slice(0, length)));
    }
  }
  return h("div", { class: "json" }, node(undefined, value, [], { marks, openDepth, onTheWay }));
}

/**
 * @param {string | number | undefined} key
 * @param {unknown} value
 * @param {(string | number)[]} path
 * @param {{ marks: Map<string, string>, openDepth: number, onTheWay: Set<string> }} context
 * @returns {HTMLElement}
 */
function node(key, value, path, context) {
  const pathKey = JSON.stringify(path);
  const mark = context.marks.get(pathKey);
  const label =
    key === undefined
      ? null
      : h(
          "span",
          { class: typeof key === "number" ? "json-index" : "json-key" },
          `${typeof key === "number" ? key : JSON.stringify(key)}: `,
        );
  if (value === null || typeof value !== "object") {
    return h(
      "div",
      { class: `json-row${mark ? ` mark-${mark}` : ""}`, "data-path": pathKey },
      label,
      leaf(value),
    );
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  if (entries.length === 0) {
    return h(
      "div",
      { class: `json-row${mark ? ` mark-${mark}` : ""}`, "data-path": pathKey },
      label,
      h("span", { class: "json-punct" }, Array.isArray(value) ? "[]" : "{}"),
    );
  }
  const open =
    path.length < context.openDepth || context.onTheWay.has(pathKey) || mark !== undefined;
  const details = h(
    "details",
    { class: `json-node${mark ? ` mark-${mark}` : ""}`, "data-path": pathKey, open },
    h("summary", null, label, h("span", { class: "json-punct" }, summary)),
  );
  let built = false;
  const build = () => {
    if (built) return;
    built = true;
    const children = h("div", { class: "json-children" });
    for (const [childKey, child] of entries) {
      children.appendChild(node(childKey, child, [...path, childKey], context));
    }
    details.appendChild(children);
  };
  if (open) build();
  else details.addEventListener("toggle", build, { once: true });
  return details;
}

/** @param {unknown} value */
function leaf(value) {
  if (typeof value === "string") return h("span", { class: "json-string" }, JSON.stringify(value));
  if (typeof value === "number") return h("span", { class: "json-number" }, String(value));
  if (typeof value === "boolean") return h("span", { class: "json-boolean" }, String(value));
  return h("span", { class: "json-null" }, "null");
}
