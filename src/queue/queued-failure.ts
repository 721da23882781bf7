import { ErrorArtifact } from "../artifacts/error-artifact.js";

/** @internal What the caller knows about a call that ended without a worker's result. */
export interface QueuedCallState {
  /** `Tool.activity`, as messages name it. */
  readonly label: string;
  /** Whether the activity may run again (`annotations.idempotent`). */
  readonly idempotent: boolean;
  /** Whether a worker ever took the job. */
  readonly started: boolean;
}

/**
 * @internal The error of a non-idempotent call whose worker stopped (a crash, SIGKILL, a lost lock)
 * or that was given up while it ran: it may have taken effect, and is never run a second time.
 */
export function outcomeUnknown(call: QueuedCallState, what: string): ErrorArtifact {
  return new ErrorArtifact(
    `The outcome of the call of ${call.label} is unknown: ${what}. It may or may not have taken effect, and it is not run again because it is not idempotent. Check whether it took effect before calling it again.`,
    { code: "outcome_unknown" },
  );
}

/** @internal The error of a call that waited `waitedMs` while no worker served its queue. */
export function noWorker(call: QueuedCallState, queue: string, waitedMs: number): ErrorArtifact {
  if (call.started && !call.idempotent) {
    return outcomeUnknown(
      call,
      `its worker stopped and no worker served the queue "${queue}" for ${waitedMs} ms`,
    );
  }
  return new ErrorArtifact(
    `No worker available: none served the tool queue "${queue}" for ${waitedMs} ms, so the call of ${call.label} did not run${call.started ? " to the end" : ""}. Try again later, or do without this tool.`,
    { code: "no_worker" },
  );
}

/** @internal The error of a call that got no result within the caller's wait. */
export function waitedTooLong(call: QueuedCallState, waitedMs: number): ErrorArtifact {
  if (!call.started) {
    return new ErrorArtifact(
      `No result for the call of ${call.label} within ${waitedMs} ms: it was still queued behind other calls and was withdrawn without running. Try again later.`,
      { code: "timeout" },
    );
  }
  if (!call.idempotent) {
    return outcomeUnknown(
      call,
      `no result came within ${waitedMs} ms, so it was cancelled on its worker while it ran`,
    );
  }
  return new ErrorArtifact(
    `No result for the call of ${call.label} within ${waitedMs} ms; it was cancelled on its worker. Try again later, perhaps with less work per call.`,
    { code: "timeout" },
  );
}

/**
 * @internal The error of a job BullMQ failed: a non-idempotent one had started (a failure before the
 * run is a result, not a BullMQ failure), so its outcome is unknown; an idempotent one failed every
 * attempt.
 */
export function workerFailed(call: QueuedCallState, reason: string): ErrorArtifact {
  if (!call.idempotent) {
    return outcomeUnknown(
      call,
      `its worker stopped or failed before reporting a result (${reason})`,
    );
  }
  return new ErrorArtifact(`The call of ${call.label} failed on the workers: ${reason}.`, {
    code: "worker_failed",
  });
}

/** @internal The error of a call the queue lost: not queued, removed by someone else, an unreadable result. */
export function queueFailed(call: QueuedCallState, what: string): ErrorArtifact {
  if (call.started && !call.idempotent) return outcomeUnknown(call, what);
  return new ErrorArtifact(`The call of ${call.label} failed in the tool queue: ${what}.`, {
    code: "queue_failed",
  });
}
