import type { PromptDriverError } from "../../errors/prompt-driver-error.js";
import { driverFailure, type FailureContext, settleFailure } from "../shared/driver-failure.js";

/**
 * Turns whatever the `ollama` SDK threw into a `PromptDriverError`: its `ResponseError` carries the
 * status and the server's `error` text; an `{"error": …}` line inside a stream becomes a stream
 * error. The SDK does not retry. A caller's abort is rethrown as `signal.reason`; the driver's own
 * time limit (`timedOut`) is a timeout.
 *
 * @example
 * ```ts
 * try { await ollama.chat(request); }
 * catch (error) { throw toOllamaError(error, { provider, model, signal, phase: "request" }, false); }
 * ```
 */
export function toOllamaError(error: unknown, context: FailureContext, timedOut: boolean): unknown {
  return settleFailure(error, context, (cause): PromptDriverError | undefined => {
    if (timedOut) {
      return driverFailure(context, "provider_timeout", "the request exceeded timeoutMs", {
        cause,
      });
    }
    if (cause instanceof Error && cause.name === "ResponseError") {
      const status = (cause as Error & { status_code?: unknown }).status_code;
      return driverFailure(context, "provider_http_error", cause.message, {
        status: typeof status === "number" ? status : undefined,
        cause,
      });
    }
    return undefined;
  });
}
