import { skipSpace } from "../json/shared-json-scan.js";

/**
 * @internal Reads the attributes of an XML-style tag from `from` (just after its name) through its
 * `>`: ` name="v"`, ` name='v'` or ` name=v`, each after white space. A quoted value ends at its quote
 * on the same line; one whose quote does not close there is read bare, up to white space or `>`.
 * Returns where the tag ends, or `undefined` when something other than attributes comes before `>`.
 *
 * @example
 * ```ts
 * readTagAttributes('<invoke name="f">', 7); // { end: 17, attributes: Map { "name" => "f" } }
 * ```
 */
export function readTagAttributes(
  text: string,
  from: number,
): { readonly end: number; readonly attributes: Map<string, string> } | undefined {
  const attributes = new Map<string, string>();
  let at = from;
  for (;;) {
    const read = readAttribute(text, at);
    if (read === undefined) break;
    attributes.set(read.name, read.value);
    at = read.end;
  }
  at = skipSpace(text, at);
  return text[at] === ">" ? { end: at + 1, attributes } : undefined;
}

/**
 * @internal Every `name="value"` pair in `text[from, end)`, in order; other text between them is
 * passed over. A pair without its closing quote ends the search (no later pair can close either).
 *
 * @example
 * ```ts
 * quotedAttributes('call tool="f" index="1"', 0, 23); // Map { "tool" => "f", "index" => "1" }
 * ```
 */
export function quotedAttributes(text: string, from: number, end: number): Map<string, string> {
  const attributes = new Map<string, string>();
  let at = from;
  while (at < end) {
    if (!isWordChar(text.charCodeAt(at))) {
      at += 1;
      continue;
    }
    const nameStart = at;
    at = skipWord(text, at, end);
    if (at + 1 >= end || text[at] !== "=" || text[at + 1] !== '"') continue;
    const quote = text.indexOf('"', at + 2);
    if (quote < 0 || quote >= end) break;
    attributes.set(text.slice(nameStart, at), text.slice(at + 2, quote));
    at = quote + 1;
  }
  return attributes;
}

// One ` name=value` at `at`, or undefined (nothing is consumed then).
function readAttribute(
  text: string,
  at: number,
): { readonly name: string; readonly value: string; readonly end: number } | undefined {
  const nameStart = skipSpace(text, at);
  if (nameStart === at) return undefined;
  const nameEnd = skipWord(text, nameStart, text.length);
  if (nameEnd === nameStart) return undefined;
  let valueStart = skipSpace(text, nameEnd);
  if (text[valueStart] !== "=") return undefined;
  valueStart = skipSpace(text, valueStart + 1);
  const name = text.slice(nameStart, nameEnd);
  const quote = text[valueStart];
  if (quote === '"' || quote === "'") {
    const close = indexOnLine(text, valueStart + 1, quote);
    if (close >= 0) return { name, value: text.slice(valueStart + 1, close), end: close + 1 };
  }
  let bareEnd = valueStart;
  while (bareEnd < text.length && text[bareEnd] !== ">" && !isSpace(text[bareEnd] as string)) {
    bareEnd += 1;
  }
  if (bareEnd === valueStart) return undefined;
  return { name, value: text.slice(valueStart, bareEnd), end: bareEnd };
}

/**
 * @internal The index of the first `char` at or after `from` on the same line, or -1 (a quoted
 * attribute value or a `<tag=name>` name never runs over a line's end).
 *
 * @example
 * ```ts
 * indexOnLine('"a"\nb"', 1, '"'); // 2
 * ```
 */
export function indexOnLine(text: string, from: number, char: string): number {
  for (let at = from; at < text.length; at += 1) {
    if (text[at] === char) return at;
    if (text[at] === "\n") return -1;
  }
  return -1;
}

function skipWord(text: string, from: number, end: number): number {
  let at = from;
  while (at < end && isWordChar(text.charCodeAt(at))) at += 1;
  return at;
}

function isSpace(char: string): boolean {
  return /\s/.test(char);
}

// [A-Za-z0-9_], as the `\w` of a regular expression without the `u` flag.
function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95
  );
}
