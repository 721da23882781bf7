import { hostname } from "node:os";
import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { ToolboxError } from "../errors/toolbox-error.js";
import { Toolbox } from "../toolbox/toolbox.js";
import { CancelListener, cancelKeys } from "./cancel-requests.js";
import { checkWorkerOptions } from "./queue-checks.js";
import {
  bullConnection,
  closeClient,
  loadBullMQ,
  redisClient,
  requireQueuePackages,
} from "./queue-connection.js";
import type { QueueWorkerOptions } from "./queue-options.js";
import { settleRoutes } from "./queue-routes.js";
import { type JobRunner, runJob } from "./run-job.js";

/**
 * A running worker of a fleet: its name in BullMQ, the queues it serves, and how to stop it.
 *
 * @example
 * ```ts
 * const worker = await startWorker(toolbox, { connection: "redis://127.0.0.1:6379" });
 * process.once("SIGTERM", () => void worker.close());
 * ```
 */
export interface QueueWorker {
  /** The worker's name in BullMQ (a job's `processedBy`). */
  readonly name: string;
  /** The BullMQ queues it takes jobs from: the fleet's, then one per limited activity. */
  readonly queues: readonly string[];
  /**
   * Stops taking jobs, waits for the running ones to finish (`force`: does not wait; their jobs are
   * then recovered as after a crash) and closes the connections.
   */
  close(force?: boolean): Promise<void>;
}

/**
 * Serves a fleet's queue from this process: takes the jobs `QueueToolbox` callers add and runs each
 * through the toolbox's real tool, trusting nothing the job says: its input is validated against the
 * activity's schema here, its time limit and idempotency come from the worker's own tool definition,
 * and with a `secret` only jobs a caller signed run. The caller's cancellation and progress pass
 * through, and the artifact comes back. Resolves once the worker is connected and listening.
 *
 * @example
 * ```ts
 * const worker = await startWorker(new Toolbox([new WebScraperTool()]), {
 *   connection: "redis://127.0.0.1:6379",
 *   concurrency: 8,
 * });
 * ```
 */
export async function startWorker(
  toolbox: Toolbox,
  options: QueueWorkerOptions,
): Promise<QueueWorker> {
  if (!(toolbox instanceof Toolbox)) {
    throw new ToolboxError({ message: "startWorker: the first argument must be a Toolbox" });
  }
  checkWorkerOptions(options);
  requireQueuePackages("startWorker");
  const routes = settleRoutes("startWorker", options, toolbox.tools);
  const bullmq = await loadBullMQ("startWorker");
  const connection = bullConnection(options.connection);
  const prefix = routes.prefix;
  const name = options.name ?? `${hostname()}-${process.pid}`;
  const concurrency = options.concurrency ?? 1;
  const onError = options.onError ?? (() => {});
  const clients: Redis[] = [];
  const workers: Worker[] = [];
  try {
    // The limit lives in Redis, on the activity's own queue: every worker of the fleet sets the same.
    for (const route of routes.limited.values()) {
      const queue = new bullmq.Queue(route.queue, { connection, prefix });
      try {
        await queue.setGlobalConcurrency(route.limit);
      } finally {
        await queue.close();
      }
    }
    const commands = await redisClient("startWorker", options.connection);
    clients.push(commands);
    const subscriber = await redisClient("startWorker", options.connection);
    clients.push(subscriber);
    const cancels = new CancelListener({
      subscriber,
      commands,
      keys: cancelKeys(prefix, routes.main),
    });
    await cancels.start();
    const runner: JobRunner = {
      toolbox,
      cancels,
      commands,
      prefix,
      secret: options.secret,
      maxResultChars: options.maxResultChars ?? 1_000_000,
      queueOf: routes.queueOf,
      unrecoverable: (message) => new bullmq.UnrecoverableError(message),
    };
    for (const queue of routes.queues) {
      const limit = [...routes.limited.values()].find((route) => route.queue === queue)?.limit;
      const worker = new bullmq.Worker(
        queue,
        // Three parameters: BullMQ hands a lock-loss signal only to processors that take one.
        (job, _token, signal) => runJob(runner, job, signal),
        {
          connection,
          prefix,
          name,
          concurrency: Math.min(concurrency, limit ?? concurrency),
          lockDuration: options.lockDurationMs ?? 30_000,
          stalledInterval: options.stalledIntervalMs ?? 30_000,
          maxStalledCount: options.maxStalledCount ?? 1,
        },
      );
      worker.on("error", onError);
      workers.push(worker);
    }
    await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.close(true).catch(() => {})));
    await Promise.all(clients.map(closeClient));
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    name,
    queues: routes.queues,
    close(force = false) {
      closing ??= (async () => {
        await Promise.all(workers.map((worker) => worker.close(force)));
        await Promise.all(clients.map(closeClient));
      })();
      return closing;
    },
  };
}
