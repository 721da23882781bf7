import type { PromptDriverError } from "../../errors/prompt-driver-error.js";
import {
  bodyCode,
  bodyMessage,
  driverFailure,
  type FailureContext,
  settleFailure,
} from "./driver-failure.js";
import type { DriverOptions } from "./driver-options.js";

type ErrorClass<Instance = Error> = abstract new (...args: never[]) => Instance;

/**
 * @internal The error classes the Stainless-generated SDKs (`openai`, `@anthropic-ai/sdk`) both
 * export, read structurally so that no shared declaration names a provider SDK.
 */
export interface StainlessErrors {
  readonly APIError: ErrorClass<
    Error & { readonly status: number | undefined; readonly error: unknown }
  >;
  readonly APIConnectionError: ErrorClass;
  readonly APIConnectionTimeoutError: ErrorClass;
  readonly APIUserAbortError: ErrorClass;
}

/**
 * @internal Turns whatever a Stainless SDK threw (after its own retries) into a `PromptDriverError`
 * with the provider's status, error code and message; a caller's abort is rethrown as
 * `signal.reason`, a lost connection is a connection (or, mid-stream, a stream) error.
 *
 * @example
 * ```ts
 * try { await client.chat.completions.create(body); }
 * catch (error) { throw stainlessFailure(error, context, sdk); }
 * ```
 */
export function stainlessFailure(
  error: unknown,
  context: FailureContext,
  sdk: StainlessErrors,
): unknown {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  return settleFailure(error, context, (cause): PromptDriverError | undefined => {
    if (cause instanceof APIUserAbortError) {
      return driverFailure(context, "provider_connection_error", "request aborted", { cause });
    }
    if (cause instanceof APIConnectionTimeoutError) {
      return driverFailure(context, "provider_timeout", cause.message, { cause });
    }
    if (cause instanceof APIConnectionError || !(cause instanceof APIError)) return undefined;
    // An error event inside a stream has no HTTP status of its own.
    const code = cause.status === undefined ? "provider_stream_error" : "provider_http_error";
    return driverFailure(context, code, bodyMessage(cause.error) ?? cause.message, {
      status: cause.status,
      providerCode: bodyCode(cause.error),
      cause,
    });
  });
}

/**
 * @internal The client settings both Stainless SDKs take under the same names, from the shared
 * driver options.
 *
 * @example
 * ```ts
 * new sdk.Anthropic(stainlessClientOptions(options, apiKey));
 * ```
 */
export function stainlessClientOptions(options: DriverOptions, apiKey: string) {
  return {
    apiKey,
    ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    ...(options.headers !== undefined && { defaultHeaders: options.headers }),
    ...(options.fetch !== undefined && { fetch: options.fetch }),
  };
}
