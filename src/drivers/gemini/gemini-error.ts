import type { PromptDriverError } from "../../errors/prompt-driver-error.js";
import {
  bodyCode,
  bodyMessage,
  driverFailure,
  type FailureContext,
  settleFailure,
} from "../shared/driver-failure.js";

/**
 * Turns whatever `@google/genai` threw (after its retries) into a `PromptDriverError`: the SDK's
 * `ApiError` carries the status and the error body as JSON text, whose `error.message` and
 * `error.status` are the provider's message and code. A caller's abort is rethrown as
 * `signal.reason`; an attempt cut by `timeoutMs` is a timeout.
 *
 * @example
 * ```ts
 * try { await ai.models.generateContent(params); }
 * catch (error) { throw toGeminiError(error, { provider, model, signal, phase: "request" }, sdk); }
 * ```
 */
export function toGeminiError(
  error: unknown,
  context: FailureContext,
  sdk: Pick<typeof import("@google/genai"), "ApiError">,
): unknown {
  const { ApiError } = sdk;
  return settleFailure(error, context, (cause): PromptDriverError | undefined => {
    if (cause instanceof ApiError) {
      const body = parseErrorBody(cause.message);
      return driverFailure(
        context,
        context.phase === "stream" ? "provider_stream_error" : "provider_http_error",
        bodyMessage(body) ?? cause.message,
        { status: cause.status, providerCode: bodyCode(body), cause },
      );
    }
    // The SDK cuts an attempt with a bare abort; the caller's own abort was handled before.
    if (cause instanceof Error && cause.name === "AbortError") {
      return driverFailure(context, "provider_timeout", "the attempt exceeded timeoutMs", {
        cause,
      });
    }
    return undefined;
  });
}

/** The SDK puts the JSON error body in the message, after `got status: … ` inside streams. */
function parseErrorBody(message: string): unknown {
  const start = message.indexOf("{");
  if (start === -1) return undefined;
  try {
    return JSON.parse(message.slice(start));
  } catch {
    return undefined;
  }
}
