/**
 * Where one JSON value of a reply ends: `complete` (its closing bracket or quote is there), `cut-off`
 * (the reply ends inside it), `end` (nothing but white space is left) or `absent` (no object, array
 * or string starts there).
 *
 * @example
 * ```ts
 * const scan: JsonScan = { kind: "complete", start: 0, end: 2 };
 * ```
 */
export type JsonScan =
  | { readonly kind: "complete"; readonly start: number; readonly end: number }
  | { readonly kind: "cut-off"; readonly start: number }
  | { readonly kind: "end"; readonly start: number }
  | { readonly kind: "absent"; readonly start: number };

/**
 * The index of the first character at or after `from` that is not white space.
 *
 * @example
 * ```ts
 * skipSpace("  {}", 0); // 2
 * ```
 */
export function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text[index] as string)) index += 1;
  return index;
}

/**
 * Finds where the JSON object, array or string starting at `from` (after white space) ends, counting
 * brackets outside strings. It only delimits the value; `JSON.parse` judges it afterwards, so a
 * balanced but malformed value is `complete` here and refused later.
 *
 * @example
 * ```ts
 * scanJsonValue('x {"a": "}"} y', 1); // { kind: "complete", start: 2, end: 12 }
 * ```
 */
export function scanJsonValue(text: string, from: number): JsonScan {
  const start = skipSpace(text, from);
  if (start >= text.length) return { kind: "end", start };
  const first = text[start];
  if (first !== "{" && first !== "[" && first !== '"') return { kind: "absent", start };
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') {
        inString = false;
        if (depth === 0) return { kind: "complete", start, end: index + 1 };
      }
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return { kind: "complete", start, end: index + 1 };
    }
  }
  return { kind: "cut-off", start };
}

/**
 * `JSON.parse` without throwing: the value, or the parser's message for a refusal reason.
 *
 * @example
 * ```ts
 * parseJson('{"a": 1}'); // { ok: true, value: { a: 1 } }
 * ```
 */
export function parseJson(
  text: string,
):
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
