import type { PromptDriverError } from "../../errors/prompt-driver-error.js";
import {
  bodyCode,
  bodyMessage,
  driverFailure,
  type FailureContext,
  settleFailure,
} from "../shared/driver-failure.js";
import type { OpenAISdk } from "./openai-client.js";

/**
 * Turns whatever the OpenAI SDK threw (after its own retries) into a `PromptDriverError` with the
 * provider's status and message; a caller's abort is rethrown as `signal.reason`.
 *
 * @example
 * ```ts
 * try { await client.chat.completions.create(body); }
 * catch (error) { throw toOpenAIError(error, { provider, model, signal, phase: "request" }, sdk); }
 * ```
 */
export function toOpenAIError(error: unknown, context: FailureContext, sdk: OpenAISdk): unknown {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  return settleFailure(error, context, (cause): PromptDriverError | undefined => {
    if (cause instanceof APIUserAbortError) {
      return driverFailure(context, "provider_connection_error", "request aborted", { cause });
    }
    if (cause instanceof APIConnectionTimeoutError) {
      return driverFailure(context, "provider_timeout", cause.message, { cause });
    }
    if (cause instanceof APIConnectionError) return undefined;
    if (cause instanceof APIError) {
      const message = bodyMessage(cause.error) ?? cause.message;
      const providerCode = bodyCode(cause.error);
      // An error event inside a stream has no HTTP status of its own.
      const code = cause.status === undefined ? "provider_stream_error" : "provider_http_error";
      return driverFailure(context, code, message, { status: cause.status, providerCode, cause });
    }
    return undefined;
  });
}
