import type { FinishReason } from "../spec.js";

/**
 * Maps a Chat Completions `finish_reason` to toolwright's finish reason.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 * @example
 * ```ts
 * mapOpenAIChatFinishReason("tool_calls"); // "tool-calls"
 * ```
 */
export function mapOpenAIChatFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "stop":
      return "stop";
    case "length":
      return "length";
    case "tool_calls":
    case "function_call":
      return "tool-calls";
    case "content_filter":
      return "content-filter";
    default:
      return "other";
  }
}
