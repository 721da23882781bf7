import type { FinishReason } from "../spec.js";

/**
 * Maps an Ollama `done_reason` to toolwright's finish reason; Ollama says `stop` also when it
 * calls tools, so a stop with tool calls is `tool-calls`.
 *
 * @see https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 * @example
 * ```ts
 * mapOllamaFinishReason("length", false); // "length"
 * ```
 */
export function mapOllamaFinishReason(
  reason: string | null | undefined,
  hasToolCalls: boolean,
): FinishReason {
  switch (reason) {
    case "stop":
      return hasToolCalls ? "tool-calls" : "stop";
    case "length":
      return "length";
    default:
      return "other";
  }
}
