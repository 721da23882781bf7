/**
 * @internal Converts an XML-style parameter value (always text) the way vLLM does without a
 * schema, keeping only what is unambiguous: text that parses as JSON (numbers, `true`/`false`/
 * `null`, objects, arrays, quoted strings) becomes that value; anything else stays the text.
 * JSON numbers a double cannot hold exactly (non-finite, integers beyond 2^53) keep the text too.
 *
 * @example
 * ```ts
 * convertParameterValue("42"); // 42
 * convertParameterValue("São Paulo"); // "São Paulo"
 * convertParameterValue('{"unit": "C"}'); // { unit: "C" }
 * ```
 */
export function convertParameterValue(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return exact(value, 0) ? value : text;
}

function exact(value: unknown, depth: number): boolean {
  if (typeof value === "number")
    return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
  if (depth > 256 || value === null || typeof value !== "object") return depth <= 256;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.every((item) => exact(item, depth + 1));
}

/**
 * @internal Drops one leading and one trailing newline around a value, as Qwen3-Coder and Seed-OSS
 * write each value on its own line.
 *
 * @example
 * ```ts
 * stripOuterNewlines("\nParis\n"); // "Paris"
 * ```
 */
export function stripOuterNewlines(value: string): string {
  let result = value;
  if (result.startsWith("\r\n")) result = result.slice(2);
  else if (result.startsWith("\n")) result = result.slice(1);
  if (result.endsWith("\r\n")) result = result.slice(0, -2);
  else if (result.endsWith("\n")) result = result.slice(0, -1);
  return result;
}
