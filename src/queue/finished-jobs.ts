import type { Redis } from "ioredis";

// A caller learns of a job's end from BullMQ's event stream. That stream is capped (BullMQ trims it to
// about 10,000 events) and read from where the reader left off, so under a heavy load, or across a
// reader's reconnect, a job's `completed` event can be trimmed before the caller reads it; the call
// would then wait out its wait limit for a result already in Redis. The job's own hash keeps the end
// (`finishedOn`, and `returnvalue` or `failedReason`) for as long as the queue keeps finished jobs, so
// a caller reads it there for calls that have waited a while.

/** @internal How a job ended, read from its hash: its return value, or why it failed. */
export type FinishedJob =
  | { readonly completed: true; readonly returnvalue: unknown }
  | { readonly completed: false; readonly failedReason: string };

/** @internal A job to look up: its queue and id. */
export interface JobRef {
  readonly queue: string;
  readonly jobId: string;
}

/**
 * @internal The jobs among `jobs` that have ended, by id, read in one round trip. Jobs still waiting,
 * running or being retried, and jobs no longer in Redis, are left out.
 */
export async function finishedJobs(
  commands: Redis,
  prefix: string,
  jobs: readonly JobRef[],
): Promise<Map<string, FinishedJob>> {
  const found = new Map<string, FinishedJob>();
  if (jobs.length === 0) return found;
  const pipeline = commands.pipeline();
  for (const job of jobs) {
    // BullMQ's key of a job's hash; `finishedOn` is set only on the final end (not between retries).
    pipeline.hmget(
      `${prefix}:${job.queue}:${job.jobId}`,
      "finishedOn",
      "returnvalue",
      "failedReason",
    );
  }
  const replies = (await pipeline.exec()) ?? [];
  jobs.forEach((job, index) => {
    const [error, fields] = replies[index] ?? [];
    if (error !== null && error !== undefined) return;
    const [finishedOn, returnvalue, failedReason] = (fields ?? []) as (string | null)[];
    if (finishedOn === null || finishedOn === undefined) return;
    if (typeof returnvalue === "string") {
      found.set(job.jobId, { completed: true, returnvalue: parseJson(returnvalue) });
    } else {
      found.set(job.jobId, { completed: false, failedReason: failedReason ?? "unknown" });
    }
  });
  return found;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
