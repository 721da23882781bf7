import type { FinishReason } from "../spec.js";

/**
 * Maps a Gemini `finishReason` to toolwright's finish reason; Gemini says `STOP` also when it
 * calls functions, so a stop with function calls is `tool-calls`.
 *
 * @see https://ai.google.dev/api/generate-content#FinishReason
 * @example
 * ```ts
 * mapGeminiFinishReason("MAX_TOKENS", false); // "length"
 * ```
 */
export function mapGeminiFinishReason(
  reason: string | null | undefined,
  hasToolCalls: boolean,
): FinishReason {
  switch (reason) {
    case "STOP":
      return hasToolCalls ? "tool-calls" : "stop";
    case "MAX_TOKENS":
      return "length";
    case "SAFETY":
    case "RECITATION":
    case "BLOCKLIST":
    case "PROHIBITED_CONTENT":
    case "SPII":
    case "IMAGE_SAFETY":
    case "IMAGE_PROHIBITED_CONTENT":
    case "IMAGE_RECITATION":
      return "content-filter";
    case "MALFORMED_FUNCTION_CALL":
    case "UNEXPECTED_TOOL_CALL":
      return "error";
    default:
      return "other";
  }
}
