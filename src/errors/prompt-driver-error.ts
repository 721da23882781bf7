import { ToolwrightError } from "./toolwright-error.js";

/**
 * Why a provider call failed: an error status, a timeout, a lost connection, a stream that broke
 * or sent an error event, or a response the driver cannot read.
 *
 * @example
 * ```ts
 * const reason: PromptDriverErrorCode = "provider_timeout";
 * ```
 */
export type PromptDriverErrorCode =
  | "provider_http_error"
  | "provider_timeout"
  | "provider_connection_error"
  | "provider_stream_error"
  | "provider_invalid_response";

/**
 * Thrown by a prompt driver when the provider call fails after the SDK's own retries; carries the
 * provider's HTTP status and message. A caller's abort rejects with `signal.reason` instead.
 *
 * @example
 * ```ts
 * try { await driver.generate(request); }
 * catch (error) {
 *   if (PromptDriverError.isInstance(error) && error.status === 429) console.log(error.providerMessage);
 * }
 * ```
 */
export class PromptDriverError extends ToolwrightError {
  static override readonly brand: string = "toolwright/PromptDriverError";
  declare readonly code: PromptDriverErrorCode;
  /** Provider id of the driver, such as `openai.chat`. */
  readonly provider: string;
  /** Model id of the driver. */
  readonly model: string;
  /** HTTP status the provider answered with (also for error events inside a stream, when given). */
  readonly status: number | undefined;
  /** The provider's own error message (from the error body when there is one). */
  readonly providerMessage: string;
  /** The provider's error type or code, such as `rate_limit_error` or `RESOURCE_EXHAUSTED`. */
  readonly providerCode: string | undefined;

  constructor(details: {
    code: PromptDriverErrorCode;
    provider: string;
    model: string;
    status?: number | undefined;
    providerMessage: string;
    providerCode?: string | undefined;
    cause?: unknown;
  }) {
    const status = details.status === undefined ? "" : ` ${details.status}`;
    const kind = describe[details.code];
    super(
      details.code,
      `${details.provider} (${details.model}): ${kind}${status}: ${details.providerMessage}`,
      { cause: details.cause },
    );
    this.provider = details.provider;
    this.model = details.model;
    this.status = details.status;
    this.providerMessage = details.providerMessage;
    this.providerCode = details.providerCode;
  }
}

const describe: Record<PromptDriverErrorCode, string> = {
  provider_http_error: "provider error",
  provider_timeout: "request timed out",
  provider_connection_error: "connection failed",
  provider_stream_error: "stream failed",
  provider_invalid_response: "unreadable response",
};
