/**
 * @internal An XML-style parameter value: always the text written. The syntax cannot tell `10` the
 * number from `"10"` the string, nor `["a"]` a list from a string that looks like one, and guessing
 * would run a method on a value the model may not have meant; the toolbox's schema-directed coercion
 * converts the text exactly where the parameter's schema says which it is (vLLM converts with the
 * schema too).
 *
 * @example
 * ```ts
 * convertParameterValue("42"); // "42"
 * ```
 */
export function convertParameterValue(text: string): string {
  return text;
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
