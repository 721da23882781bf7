import type { FinishReason } from "../spec.js";

/**
 * Maps a Responses API `status` (and `incomplete_details.reason`) to toolwright's finish reason;
 * a completed response with function calls finished for `tool-calls`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 * @example
 * ```ts
 * mapOpenAIResponsesFinishReason({ status: "incomplete", incompleteReason: "max_output_tokens", hasToolCalls: false });
 * // "length"
 * ```
 */
export function mapOpenAIResponsesFinishReason(response: {
  status: string | undefined;
  incompleteReason: string | undefined;
  hasToolCalls: boolean;
}): FinishReason {
  switch (response.status) {
    case "completed":
      return response.hasToolCalls ? "tool-calls" : "stop";
    case "incomplete":
      switch (response.incompleteReason) {
        case "max_output_tokens":
          return "length";
        case "content_filter":
          return "content-filter";
        default:
          return "other";
      }
    case "failed":
      return "error";
    default:
      return "other";
  }
}
