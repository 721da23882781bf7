import type { AssistantMessage, PromptResponse } from "../spec.js";

/**
 * The assistant message that records a response in the transcript, provider data included, so
 * the next request sends back what the provider needs (reasoning items, thought signatures).
 *
 * @example
 * ```ts
 * const response = await driver.generate({ messages });
 * messages.push(responseToMessage(response));
 * ```
 */
export function responseToMessage(response: PromptResponse): AssistantMessage {
  const message: AssistantMessage = { role: "assistant", content: response.text };
  if (response.toolCalls.length > 0) message.toolCalls = response.toolCalls;
  if (response.providerMetadata !== undefined) message.providerMetadata = response.providerMetadata;
  return message;
}
