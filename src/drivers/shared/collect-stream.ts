import { PromptDriverError } from "../../errors/prompt-driver-error.js";
import type { PromptResponse, PromptStreamEvent } from "../spec.js";

/**
 * Consumes a driver's stream and resolves with the response of its `finish` event.
 *
 * @example
 * ```ts
 * const response = await collectStream(driver.stream(request));
 * ```
 */
export async function collectStream(
  events: AsyncIterable<PromptStreamEvent>,
): Promise<PromptResponse> {
  let response: PromptResponse | undefined;
  for await (const event of events) {
    if (event.type === "finish") response = event.response;
  }
  if (response === undefined) {
    throw new PromptDriverError({
      code: "provider_stream_error",
      provider: "stream",
      model: "unknown",
      providerMessage: "the stream ended without a finish event",
    });
  }
  return response;
}

/** @internal The closing events every driver emits: each complete tool call, then `finish`. */
export function* finishEvents(response: PromptResponse): Generator<PromptStreamEvent> {
  for (const toolCall of response.toolCalls) yield { type: "tool-call", toolCall };
  yield { type: "finish", response };
}
