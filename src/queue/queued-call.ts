import type { Artifact } from "../artifacts/artifact.js";
import { artifactFromJSON } from "../artifacts/artifact-from-json.js";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { isPlainObject } from "../internal/clone-json.js";
import { timeLimit } from "../internal/option-rules.js";
import type { Repair } from "../tool/repair.js";

/**
 * @internal What a job carries: the activity and the input `toolbox.prepare` validated for it (plain
 * JSON), and what the caller decided about the run.
 */
export interface QueuedCall {
  readonly tool: string;
  readonly activity: string;
  readonly input: unknown;
  /**
   * The time limit the caller asks for, in milliseconds (`null`: none). A worker never runs longer
   * than its own limit for the activity; this can only shorten it.
   */
  readonly timeoutMs: number | null;
  /**
   * Whether the caller's activity is idempotent (it sets the job's attempts). A worker goes by its
   * own activity's annotation, never by this.
   */
  readonly idempotent: boolean;
  /** The model's call id, for whoever reads the job in Redis. */
  readonly callId: string;
  /**
   * The caller's trace context (`traceparent`, `tracestate`, as its OpenTelemetry propagator writes
   * them), so the worker's span joins the caller's trace; absent when the caller does not trace.
   */
  readonly trace?: Readonly<Record<string, string>>;
  /** When the caller signed the job (ms since the epoch); only on a fleet with a shared secret. */
  readonly issuedAt?: number;
  /** The caller's HMAC-SHA256 of the job (base64url); only on a fleet with a shared secret. */
  readonly signature?: string;
}

/** @internal What a job returns: the artifact as JSON, and the repairs the run made. */
export interface QueuedResult {
  readonly artifact: ArtifactJSON;
  readonly repairs: readonly Repair[];
}

/** @internal The job's data read back, or why it cannot be (a job not made by a `QueueToolbox`). */
export function readQueuedCall(data: unknown): QueuedCall | string {
  if (!isPlainObject(data)) return "its data is not an object";
  const { tool, activity, timeoutMs, idempotent, callId } = data;
  if (typeof tool !== "string" || typeof activity !== "string") return "it names no activity";
  if (!timeLimit.test(timeoutMs)) {
    return `its time limit is not ${timeLimit.expected}`;
  }
  if (typeof idempotent !== "boolean") return "it does not say whether it is idempotent";
  const trace = stringEntries(data.trace);
  const { issuedAt, signature } = data;
  return {
    tool,
    activity,
    input: data.input,
    timeoutMs: timeoutMs as number | null,
    idempotent,
    callId: typeof callId === "string" ? callId : "",
    ...(trace === undefined ? {} : { trace }),
    ...(typeof issuedAt === "number" ? { issuedAt } : {}),
    ...(typeof signature === "string" ? { signature } : {}),
  };
}

/** A carrier of string entries, or `undefined` for anything else (a trace context is only ever that). */
function stringEntries(value: unknown): Record<string, string> | undefined {
  if (!isPlainObject(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * @internal A job's return value as the caller's result; `undefined` when it is not one a worker
 * makes (a job some other program completed).
 */
export function readQueuedResult(
  value: unknown,
): { readonly artifact: Artifact; readonly repairs: readonly Repair[] } | undefined {
  if (!isPlainObject(value) || !Array.isArray(value.repairs)) return undefined;
  const repairs = value.repairs.filter(
    (repair): repair is Repair =>
      isPlainObject(repair) && typeof repair.step === "string" && typeof repair.detail === "string",
  );
  try {
    return { artifact: artifactFromJSON(value.artifact), repairs };
  } catch {
    return undefined;
  }
}
