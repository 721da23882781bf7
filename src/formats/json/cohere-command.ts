import { toCall } from "./shared-call-shape.js";
import { markedFormat } from "./shared-marked-blocks.js";

/**
 * Cohere Command R7B / A: a JSON list of `{"tool_call_id", "tool_name", "parameters"}` between
 * `<|START_ACTION|>` and `<|END_ACTION|>`; the id goes to `id`.
 *
 * @example
 * ```ts
 * cohereCommandFormat.parse('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]<|END_ACTION|>');
 * ```
 */
export const cohereCommandFormat = markedFormat({
  format: "cohere-command",
  opens: ["<|START_ACTION|>"],
  close: "<|END_ACTION|>",
  payload: "array",
  toCall: (value) =>
    toCall(value, {
      nameKey: "tool_name",
      argumentKeys: ["parameters"],
      idKey: "tool_call_id",
    }),
});
