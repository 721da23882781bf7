import { markedFormat } from "./shared-marked-blocks.js";

/**
 * Phi-4-mini: a JSON list of calls after `functools`: `functools[{"name": …, "arguments": {…}}]`.
 *
 * @example
 * ```ts
 * phi4MiniFormat.parse('functools[{"name": "f", "arguments": {}}]');
 * ```
 */
export const phi4MiniFormat = markedFormat({
  format: "phi4-mini",
  opens: ["functools["],
  markerEndsInPayload: 1,
  payload: "array",
});
