import { PromptDriverError, type PromptDriverErrorCode } from "../../errors/prompt-driver-error.js";
import { ToolwrightError } from "../../errors/toolwright-error.js";

/** @internal Who failed and where: enough to turn any thrown value into a typed driver error. */
export interface FailureContext {
  provider: string;
  model: string;
  signal: AbortSignal | undefined;
  /** `stream` once response bytes are being read: a lost connection then means a broken stream. */
  phase: "request" | "stream";
}

/** @internal */
export function driverFailure(
  context: FailureContext,
  code: PromptDriverErrorCode,
  providerMessage: string,
  extra: { status?: number | undefined; providerCode?: string | undefined; cause?: unknown } = {},
): PromptDriverError {
  return new PromptDriverError({
    code,
    provider: context.provider,
    model: context.model,
    providerMessage,
    status: extra.status,
    providerCode: extra.providerCode,
    cause: extra.cause,
  });
}

/**
 * @internal A stream that stopped before the event that ends it: the connection closed cleanly,
 * but the answer is not whole.
 */
export function streamEndedEarly(context: FailureContext, before: string): PromptDriverError {
  return driverFailure(context, "provider_stream_error", `the stream ended before ${before}`);
}

/**
 * @internal What every provider mapping does first and last: a caller's abort wins (its reason is
 * rethrown), toolwright's own errors pass through, and anything unrecognised becomes a connection
 * or stream failure carrying the underlying message.
 */
export function settleFailure(
  error: unknown,
  context: FailureContext,
  mapProviderError: (error: unknown) => PromptDriverError | undefined,
): unknown {
  if (context.signal?.aborted) return context.signal.reason;
  if (ToolwrightError.isInstance(error)) return error;
  const mapped = mapProviderError(error);
  if (mapped !== undefined) return mapped;
  if (isTimeout(error))
    return driverFailure(context, "provider_timeout", messageOf(error), { cause: error });
  const code = context.phase === "stream" ? "provider_stream_error" : "provider_connection_error";
  return driverFailure(context, code, messageOf(error), { cause: error });
}

/** @internal The message of an error and of its causes (`fetch failed: connect ECONNREFUSED …`). */
export function messageOf(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message !== "" && !parts.includes(message)) parts.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.length === 0 ? "unknown error" : parts.join(": ");
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "TimeoutError" || /timed? ?out/i.test(error.message))
  );
}

/** @internal The provider's message from an error body shaped `{ error: { message } }` or `{ message }`. */
export function bodyMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return typeof body === "string" ? body : undefined;
  const record = body as Record<string, unknown>;
  const inner = record.error;
  if (typeof inner === "string") return inner;
  if (typeof inner === "object" && inner !== null) {
    const message = (inner as Record<string, unknown>).message;
    if (typeof message === "string") return message;
  }
  return typeof record.message === "string" ? record.message : undefined;
}

/** @internal The provider's error type or code from an error body, where it has one. */
export function bodyCode(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const inner = typeof record.error === "object" && record.error !== null ? record.error : record;
  const fields = inner as Record<string, unknown>;
  for (const key of ["code", "type", "status"]) {
    const value = fields[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}
