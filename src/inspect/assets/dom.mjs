// Building DOM without a framework: `h("div", { class: "x", onclick }, "text", child)`.

/**
 * An element with attributes (`on…` keys become listeners) and children (strings become text; null,
 * undefined and false are skipped; arrays are flattened).
 * @param {string} tag
 * @param {Record<string, unknown> | null} [props]
 * @param {...unknown} children
 * @returns {HTMLElement}
 */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    } else if (key === "value" && "value" in element) {
      /** @type {HTMLInputElement} */ (element).value = String(value);
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * Appends children as `h` does.
 * @param {Node} parent
 * @param {unknown[]} children
 */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces an element's children.
 * @param {Element} element
 * @param {...unknown} children
 */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/**
 * A text with `[start, end)` spans wrapped in `<mark>`.
 * @param {string} text
 * @param {readonly (readonly [number, number])[]} marks
 * @returns {Node[]}
 */
export function marked(text, marks) {
  const nodes = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at) continue;
    nodes.push(document.createTextNode(text.slice(at, start)));
    nodes.push(h("mark", null, text.slice(start, end)));
    at = end;
  }
  nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

/**
 * Milliseconds, readably.
 * @param {number} ms
 */
export function duration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return Number.isInteger(ms / 1000) ? `${ms / 1000} s` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * A count with its noun, singular for one ("1 tool", "3 tools", "1 activity", "2 activities").
 * @param {number} count
 * @param {string} one
 * @param {string} many
 */
export function counted(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}
