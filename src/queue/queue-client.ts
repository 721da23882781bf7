import { randomUUID } from "node:crypto";
import type { JobsOptions, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import type { Artifact } from "../artifacts/artifact.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { isPlainObject } from "../internal/clone-json.js";
import type { Repair } from "../tool/repair.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import { type CancelKeys, cancelKeys, requestCancel } from "./cancel-requests.js";
import { finishedJobs } from "./finished-jobs.js";
import { signCall } from "./job-signature.js";
import {
  type BullMQ,
  bullConnection,
  closeClient,
  loadBullMQ,
  redisClient,
} from "./queue-connection.js";
import type { QueueConnection } from "./queue-options.js";
import type { QueueRoutes } from "./queue-routes.js";
import { type QueuedCall, readQueuedResult } from "./queued-call.js";
import {
  noWorker,
  type QueuedCallState,
  queueFailed,
  waitedTooLong,
  workerFailed,
} from "./queued-failure.js";

/** @internal How a caller queues: where, and how long its calls wait. */
export interface QueueClientSettings {
  readonly connection: QueueConnection;
  readonly routes: QueueRoutes;
  readonly noWorkerTimeoutMs: number;
  readonly attempts: number;
  readonly backoffMs: number;
  /** The fleet's shared secret: every job is signed with it. */
  readonly secret: string | undefined;
}

/** @internal One call to queue: its job, and the caller's signal, progress listener and wait. */
export interface QueuedRequest {
  readonly queue: string;
  readonly call: QueuedCall;
  /** `Tool.activity`, for messages and the job's name. */
  readonly label: string;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: ActivityProgress) => void) | undefined;
  /** The longest wait for the result, in milliseconds; `null` for none. */
  readonly waitMs: number | null;
  /**
   * The job's id when the call has a name of its own (its receipt): queued again under it, the job is
   * the one already there (BullMQ adds nothing), and a finished one's result is read from its hash.
   * A fresh one by default.
   */
  readonly jobId?: string | undefined;
}

/** @internal What a queued call came back with. */
export interface QueuedOutcome {
  readonly artifact: Artifact;
  readonly repairs: readonly Repair[];
}

interface Pending {
  readonly jobId: string;
  readonly queue: string;
  readonly since: number;
  readonly state: QueuedCallState & { started: boolean };
  readonly onProgress: ((progress: ActivityProgress) => void) | undefined;
  /** Ends the call (once): its outcome, or the caller's abort reason to reject with. */
  end(outcome: QueuedOutcome | { readonly rejected: unknown }): void;
}

interface QueueHandle {
  readonly queue: Queue;
  readonly events: QueueEvents;
}

interface Shared {
  readonly bullmq: BullMQ;
  readonly commands: Redis;
}

// Jobs stay in Redis a while after they end, for whoever inspects the queue; their results already
// reached the caller through the event stream.
const keepCompleted = { age: 3_600, count: 1_000 };
const keepFailed = { age: 24 * 3_600, count: 10_000 };

/**
 * @internal A caller's side of the queue: adds each call as a job and waits for its end on BullMQ's
 * event stream (one reader per queue, opened on first use), with the caller's abort, its wait limit
 * and a watch for an empty worker pool. A call that ends without a result is withdrawn: removed if no
 * worker took it, cancelled on its worker if one did.
 */
export class QueueClient {
  readonly #settings: QueueClientSettings;
  readonly #cancelKeys: CancelKeys;
  readonly #pending = new Map<string, Pending>();
  readonly #handles = new Map<string, Promise<QueueHandle>>();
  /** The queues opened so far (the watch never waits for one being opened). */
  readonly #opened = new Map<string, QueueHandle>();
  /** When a worker of each queue was last seen. */
  readonly #alive = new Map<string, number>();
  #shared: Promise<Shared> | undefined;
  #watch: ReturnType<typeof setInterval> | undefined;
  #watching = false;
  #closed = false;

  constructor(settings: QueueClientSettings) {
    this.#settings = settings;
    this.#cancelKeys = cancelKeys(settings.routes.prefix, settings.routes.main);
  }

  run(request: QueuedRequest): Promise<QueuedOutcome> {
    if (this.#closed) throw new ToolboxError({ message: "QueueToolbox: used after close()" });
    request.signal?.throwIfAborted();
    const jobId = request.jobId ?? randomUUID();
    if (this.#pending.has(jobId)) {
      throw new ToolboxError({ message: `QueueToolbox: job ${jobId} is already awaited here` });
    }
    let resolve: (outcome: QueuedOutcome) => void = () => {};
    let reject: (reason: unknown) => void = () => {};
    const promise = new Promise<QueuedOutcome>((settle, fail) => {
      resolve = settle;
      reject = fail;
    });
    const signal = request.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => void this.#withdraw(pending, { rejected: signal?.reason });
    const pending: Pending = {
      jobId,
      queue: request.queue,
      since: Date.now(),
      state: { label: request.label, idempotent: request.call.idempotent, started: false },
      onProgress: request.onProgress,
      end: (outcome) => {
        if (!this.#pending.delete(jobId)) return;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if ("rejected" in outcome) reject(outcome.rejected);
        else resolve(outcome);
      },
    };
    this.#pending.set(jobId, pending);
    signal?.addEventListener("abort", onAbort, { once: true });
    const waitMs = request.waitMs;
    if (waitMs !== null) {
      timer = setTimeout(() => {
        void this.#withdraw(pending, outcomeOf(waitedTooLong(pending.state, waitMs)));
      }, waitMs);
    }
    // The timers above bound the whole wait, also a first call's while its queue is being opened.
    this.#startWatch();
    this.#handle(request.queue)
      .then(async (handle) => {
        // A call that ended while its queue was being opened (aborted, no worker) is never added.
        if (!this.#pending.has(jobId)) return;
        const { secret } = this.#settings;
        const place = { queue: request.queue, jobId };
        const data = secret === undefined ? request.call : signCall(secret, place, request.call);
        await handle.queue.add(request.label, data, this.#jobOptions(jobId, request.call));
        // A named job may be one that ended long ago (its events are gone): its hash says so now.
        if (request.jobId !== undefined) await this.#endFinished([pending]);
      })
      .catch((error: unknown) => {
        const what = `it could not be queued (${messageOf(error)}), and it will not run`;
        void this.#withdraw(pending, outcomeOf(queueFailed(pending.state, what)));
      });
    return promise;
  }

  /** Ends every waiting call, withdraws their jobs and closes the connections. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#watch);
    const ended = [...this.#pending.values()].map((pending) =>
      this.#withdraw(
        pending,
        outcomeOf(queueFailed(pending.state, "the caller's QueueToolbox was closed")),
      ),
    );
    // Redis may be gone: the flags get a moment, not the connection's endless retries.
    await within(Promise.all(ended), 5_000);
    for (const handle of this.#opened.values()) {
      await handle.events.close().catch(() => {});
      await handle.queue.close().catch(() => {});
    }
    // A queue still being opened (Redis unreachable) closes itself once its open fails or ends.
    for (const opening of this.#handles.values()) {
      void opening.then(
        (handle) => Promise.allSettled([handle.events.close(), handle.queue.close()]),
        () => {},
      );
    }
    const shared = await within(
      this.#shared?.catch(() => undefined) ?? Promise.resolve(undefined),
      1_000,
    );
    if (shared !== undefined) await closeClient(shared.commands);
  }

  #jobOptions(jobId: string, call: QueuedCall): JobsOptions {
    const { attempts, backoffMs } = this.#settings;
    const options: JobsOptions = {
      jobId,
      removeOnComplete: keepCompleted,
      removeOnFail: keepFailed,
    };
    // A non-idempotent call runs once, whatever happens to it.
    if (!call.idempotent || attempts === 1) return { ...options, attempts: 1 };
    return {
      ...options,
      attempts,
      ...(backoffMs > 0 ? { backoff: { type: "exponential", delay: backoffMs } } : {}),
    };
  }

  /** Ends a call without its result, then withdraws its job (best effort: Redis may be gone). */
  async #withdraw(
    pending: Pending,
    outcome: QueuedOutcome | { readonly rejected: unknown },
  ): Promise<void> {
    if (!this.#pending.has(pending.jobId)) return;
    pending.end(outcome);
    try {
      const { commands } = await this.#sharedNow();
      await requestCancel(commands, this.#cancelKeys, pending.jobId);
      const handle = await this.#handle(pending.queue);
      await handle.queue.remove(pending.jobId);
    } catch {
      // The flag or the message did not get through: the stall check still ends a lost job.
    }
  }

  #sharedNow(): Promise<Shared> {
    this.#shared ??= (async () => {
      const bullmq = await loadBullMQ("QueueToolbox");
      const commands = await redisClient("QueueToolbox", this.#settings.connection);
      return { bullmq, commands };
    })();
    return this.#shared;
  }

  #handle(name: string): Promise<QueueHandle> {
    let handle = this.#handles.get(name);
    if (handle === undefined) {
      handle = this.#open(name);
      this.#handles.set(name, handle);
      // A failed open (Redis down at the first call) is retried by the next call.
      handle.catch(() => this.#handles.delete(name));
    }
    return handle;
  }

  async #open(name: string): Promise<QueueHandle> {
    const { bullmq, commands } = await this.#sharedNow();
    const connection = bullConnection(this.#settings.connection);
    const prefix = this.#settings.routes.prefix;
    // The event reader starts at the server's "now", before any job of ours exists: reading from
    // "the newest entry" would miss the events of a job added before the first read was sent.
    const [seconds, micros] = await commands.time();
    const lastEventId = `${Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000)}-0`;
    const queue = new bullmq.Queue(name, { connection, prefix });
    const events = new bullmq.QueueEvents(name, { connection, prefix, lastEventId });
    queue.on("error", () => {});
    events.on("error", () => {});
    events.on("active", ({ jobId }) => {
      const pending = this.#pending.get(jobId);
      if (pending !== undefined) pending.state.started = true;
    });
    events.on("progress", ({ jobId, data }) => {
      const progress = progressOf(data);
      if (progress !== undefined) this.#pending.get(jobId)?.onProgress?.(progress);
    });
    events.on("completed", ({ jobId, returnvalue }) => {
      const pending = this.#pending.get(jobId);
      if (pending !== undefined) endCompleted(pending, returnvalue);
    });
    events.on("failed", ({ jobId, failedReason }) => {
      const pending = this.#pending.get(jobId);
      pending?.end(outcomeOf(workerFailed(pending.state, failedReason)));
    });
    events.on("removed", ({ jobId }) => {
      const pending = this.#pending.get(jobId);
      const what = "it was removed from the queue before a worker reported a result";
      pending?.end(outcomeOf(queueFailed(pending.state, what)));
    });
    try {
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    } catch (error) {
      await Promise.allSettled([events.close(), queue.close()]);
      throw error;
    }
    const handle = { queue, events };
    this.#opened.set(name, handle);
    return handle;
  }

  /**
   * Ends the calls among `waited` whose jobs ended without their event reaching us (finished-jobs.ts),
   * from the jobs' own hashes, in one round trip: the watch's calls that have waited at least `every`,
   * or a named job just queued.
   */
  async #endFinished(waited: readonly Pending[], every = 5_000): Promise<void> {
    if (waited.length === 0) return;
    const prefix = this.#settings.routes.prefix;
    // Bounded and never failing, like the pool check: a Redis that does not answer finds nothing.
    const read = this.#sharedNow().then(({ commands }) => finishedJobs(commands, prefix, waited));
    const found = await within(
      read.catch(() => undefined),
      every,
    );
    for (const pending of waited) {
      const job = found?.get(pending.jobId);
      if (job === undefined) continue;
      if (job.completed) endCompleted(pending, job.returnvalue);
      else pending.end(outcomeOf(workerFailed(pending.state, job.failedReason)));
    }
  }

  /** Watches the worker pools while calls wait: a pool empty for too long ends its calls. */
  #startWatch(): void {
    if (this.#watch !== undefined) return;
    const every = Math.min(5_000, Math.max(50, Math.floor(this.#settings.noWorkerTimeoutMs / 5)));
    this.#watch = setInterval(() => void this.#checkPools(every), every);
    this.#watch.unref();
  }

  async #checkPools(every: number): Promise<void> {
    if (this.#watching) return;
    this.#watching = true;
    try {
      const queues = new Set([...this.#pending.values()].map((pending) => pending.queue));
      if (queues.size === 0) {
        clearInterval(this.#watch);
        this.#watch = undefined;
        return;
      }
      const waiting = [...this.#pending.values()];
      await this.#endFinished(
        waiting.filter((one) => Date.now() - one.since >= every),
        every,
      );
      for (const name of queues) {
        // BullMQ names each worker's connection after its queue: CLIENT LIST finds them. A Redis
        // that does not answer shows no worker either.
        const listed = this.#opened.get(name)?.queue.getWorkersCount();
        const count =
          listed === undefined
            ? 0
            : await within(
                listed.catch(() => 0),
                every,
              );
        if (count !== undefined && count > 0) this.#alive.set(name, Date.now());
      }
      const limit = this.#settings.noWorkerTimeoutMs;
      for (const pending of [...this.#pending.values()]) {
        const seen = Math.max(pending.since, this.#alive.get(pending.queue) ?? 0);
        const waited = Date.now() - seen;
        if (waited < limit) continue;
        void this.#withdraw(pending, outcomeOf(noWorker(pending.state, pending.queue, waited)));
      }
    } finally {
      this.#watching = false;
    }
  }
}

/** The promise's value, or `undefined` once `ms` passed without one. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ends a call with its job's return value, or a failure when no worker of ours made that value. */
function endCompleted(pending: Pending, returnvalue: unknown): void {
  const result = readQueuedResult(returnvalue);
  const what = "its worker's result could not be read";
  pending.end(result ?? outcomeOf(queueFailed(pending.state, what)));
}

function outcomeOf(artifact: Artifact): QueuedOutcome {
  return { artifact, repairs: [] };
}

/** A progress report as the worker sent it, checked. */
function progressOf(data: unknown): ActivityProgress | undefined {
  if (!isPlainObject(data) || typeof data.progress !== "number") return undefined;
  return {
    progress: data.progress,
    ...(typeof data.total === "number" ? { total: data.total } : {}),
    ...(typeof data.message === "string" ? { message: data.message } : {}),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
