import type { RedisOptions } from "ioredis";
import type { ToolboxOptions } from "../toolbox/toolbox-options.js";

/**
 * Where a fleet's Redis is: a `redis://` (or `rediss://`) URL, or ioredis connection options. Each
 * caller and worker opens its own connections from it (BullMQ needs a blocking one per queue).
 *
 * @example
 * ```ts
 * const connection: QueueConnection = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
 * ```
 */
export type QueueConnection = string | RedisOptions;

/**
 * What the callers (`QueueToolbox`) and the workers (`startWorker`) of one fleet must agree on.
 *
 * @example
 * ```ts
 * const fleet: QueueFleetOptions = { connection: "redis://127.0.0.1:6379", queue: "tools", limits: { "WebTool.fetch": 4 } };
 * ```
 */
export interface QueueFleetOptions {
  /** The Redis the queue lives in. */
  connection: QueueConnection;
  /** The queue's name: letters, digits, `_`, `.`, `-`; `"toolwright"` by default. */
  queue?: string | undefined;
  /** BullMQ's key prefix; `"bull"` by default. */
  prefix?: string | undefined;
  /**
   * The most calls of an activity running at once across the whole fleet, by `"Tool.activity"`
   * (each such activity gets a queue of its own with that global concurrency). Callers and workers
   * must be given the same limits.
   */
  limits?: Readonly<Record<string, number>> | undefined;
  /**
   * A secret shared by the fleet's callers and workers (at least 32 bytes; keep it out of Redis and
   * of command lines): callers sign every job with it (HMAC-SHA256) and workers run only jobs
   * signed with it, so a client that can write to Redis cannot make a worker run a call.
   */
  secret?: string | undefined;
}

/**
 * Options of a `QueueToolbox`: a `Toolbox`'s options, the fleet's, and how long a call waits.
 *
 * @example
 * ```ts
 * const options: QueueToolboxOptions = { connection: "redis://127.0.0.1:6379", noWorkerTimeoutMs: 10_000 };
 * ```
 */
export interface QueueToolboxOptions extends ToolboxOptions, QueueFleetOptions {
  /**
   * How long a call waits while no worker serves its queue before it ends with "no worker
   * available" (the job is withdrawn; it never runs later), in milliseconds; 30,000 by default.
   */
  noWorkerTimeoutMs?: number | undefined;
  /**
   * The longest a call waits for its result, queued and running, in milliseconds, or `null` for no
   * limit; by default its run's time limit plus 120,000 (no limit when the run has none).
   */
  waitTimeoutMs?: number | null | undefined;
  /** Runs an idempotent call may get when a worker fails it (a crash, a lost lock); 3 by default. */
  attempts?: number | undefined;
  /** The first wait before an idempotent call is run again, doubled each time; 1,000 ms by default. */
  backoffMs?: number | undefined;
}

/**
 * Options of `startWorker`: the fleet's, how many jobs at once, and BullMQ's crash detection.
 *
 * @example
 * ```ts
 * const options: QueueWorkerOptions = { connection: "redis://127.0.0.1:6379", concurrency: 8 };
 * ```
 */
export interface QueueWorkerOptions extends QueueFleetOptions {
  /**
   * Jobs of the queue this process runs at once; 1 by default (raise it for I/O-bound activities).
   * A limited activity's queue gets the smaller of this and its limit.
   */
  concurrency?: number | undefined;
  /** The worker's name in BullMQ (a job's `processedBy`); `<host>-<pid>` by default. */
  name?: string | undefined;
  /**
   * How long a job's lock lasts without renewal, in milliseconds (30,000 by default): a worker that
   * stops (a crash, SIGKILL, a lost network) is noticed this long after its last renewal.
   */
  lockDurationMs?: number | undefined;
  /** How often workers look for jobs whose lock expired, in milliseconds; 30,000 by default. */
  stalledIntervalMs?: number | undefined;
  /** Times an idempotent job is put back after its worker stopped, before it fails; 1 by default. */
  maxStalledCount?: number | undefined;
  /**
   * Results longer than this as JSON (characters) are stored in the toolbox's task memory, when it
   * is one the callers can read (not the in-memory default), and the call gets the memory
   * reference; 1,000,000 by default.
   */
  maxResultChars?: number | undefined;
  /** Receives the errors BullMQ reports (a lost connection, a failed lock renewal). */
  onError?: ((error: Error) => void) | undefined;
}
