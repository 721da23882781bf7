import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * Phi-4-mini: a JSON list of calls after `functools`: `functools[{"name": …, "arguments": {…}}]`.
 *
 * @example
 * ```ts
 * phi4MiniFormat.parse('functools[{"name": "f", "arguments": {}}]');
 * ```
 */
export const phi4MiniFormat: ToolCallFormat = {
  name: "phi4-mini",
  detect: (text) => text.includes("functools["),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "phi4-mini",
      opens: ["functools["],
      markerEndsInPayload: 1,
      payload: "array",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
