import { type CallReading, isPlainObject, withArguments } from "./shared-call-shape.js";
import { markedFormat } from "./shared-marked-blocks.js";

/**
 * Swiss AI Apertus: a JSON list of one-key objects `{"<tool>": {…arguments}}` between
 * `<|tools_prefix|>` and `<|tools_suffix|>`.
 *
 * @example
 * ```ts
 * apertusFormat.parse('<|tools_prefix|>[{"get_weather": {"city": "Bern"}}]<|tools_suffix|>');
 * ```
 */
export const apertusFormat = markedFormat({
  format: "apertus",
  opens: ["<|tools_prefix|>"],
  close: "<|tools_suffix|>",
  payload: "array",
  toCall: readApertusCall,
});

function readApertusCall(value: unknown): CallReading {
  const entries = isPlainObject(value) ? Object.entries(value) : [];
  const [entry] = entries;
  if (entry === undefined || entries.length !== 1)
    return {
      reason: 'each call must be an object with exactly one key, the tool: {"<tool>": {…}}',
    };
  return withArguments(entry[0], entry[1], undefined);
}
