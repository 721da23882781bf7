import type { FinishReason } from "../spec.js";

/**
 * Maps an Anthropic `stop_reason` to toolwright's finish reason.
 *
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 * @example
 * ```ts
 * mapAnthropicFinishReason("tool_use"); // "tool-calls"
 * ```
 */
export function mapAnthropicFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "tool_use":
      return "tool-calls";
    case "refusal":
      return "content-filter";
    default:
      return "other";
  }
}
