import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { TaskMemory } from "../../memory/task-memory.js";
import { CliError } from "../cli-error.js";
import { requireCommandPackages } from "../command-packages.js";
import { loadToolbox } from "../load-toolbox.js";
import { type CliOutput, paint, progress, warn } from "../output.js";

/** @internal Options of `toolwright worker`. */
export interface WorkerCommandOptions {
  /** The fleet's Redis (`--redis`, TOOLWRIGHT_REDIS_URL). */
  readonly redis: string;
  readonly queue: string;
  readonly concurrency: number;
  /** Fleet-wide limits by `Tool.activity` (`--limit Tool.activity=n`). */
  readonly limits: Readonly<Record<string, number>>;
  readonly lockDuration: number | undefined;
  readonly stalledInterval: number | undefined;
  /** The fleet's shared secret (TOOLWRIGHT_QUEUE_SECRET): only jobs signed with it run. */
  readonly secret: string | undefined;
}

/**
 * @internal `toolwright worker [module]`: serves the fleet's queue with the module's tools (or the
 * built-in ones, the file tool confined to `.toolwright/files`) until SIGINT or SIGTERM, which let
 * the running jobs finish (a second signal does not wait). Tools from a module store off-prompt
 * output in a Task Memory on the same Redis, so every caller and worker can read it.
 */
export async function workerCommand(
  modulePath: string | undefined,
  options: WorkerCommandOptions,
  output: CliOutput,
): Promise<number> {
  // Both packages at once: the Redis task memory below would otherwise ask for ioredis alone first.
  requireCommandPackages("worker", modulePath, ["bullmq", "ioredis"]);
  let queue: typeof import("../../queue/start-worker.js");
  let redisStore: typeof import("../../memory/redis-artifact-store.js");
  try {
    queue = await import("../../queue/start-worker.js");
    redisStore = await import("../../memory/redis-artifact-store.js");
  } catch (error) {
    throw new CliError("toolwright worker cannot load its queue code", { cause: error });
  }
  const filesRoot = modulePath === undefined ? await filesFolder(".toolwright/files") : undefined;
  const loaded = await loadToolbox(modulePath, {
    db: ".toolwright/memory.db",
    filesRoot,
    taskMemory: () =>
      new TaskMemory({ store: new redisStore.RedisArtifactStore({ url: options.redis }) }),
  });
  try {
    let lastError = "";
    const worker = await queue.startWorker(loaded.toolbox, {
      connection: options.redis,
      queue: options.queue,
      concurrency: options.concurrency,
      limits: options.limits,
      lockDurationMs: options.lockDuration,
      stalledIntervalMs: options.stalledInterval,
      secret: options.secret,
      // A lost connection repeats its error on every reconnection attempt: each new one is enough.
      onError: (error) => {
        if (error.message === lastError) return;
        lastError = error.message;
        warn(output, paint("red", `worker: ${error.message}`, output.stderr));
      },
    });
    const count = loaded.toolbox.tools.reduce((sum, tool) => sum + tool.activities().length, 0);
    warn(
      output,
      `${paint("green", "toolwright worker", output.stderr)} ${paint("bold", worker.name, output.stderr)} · ${count} activities from ${loaded.source} · queue ${options.queue} on ${redact(options.redis)} · concurrency ${options.concurrency}${options.secret === undefined ? "" : " · signed jobs only"}`,
    );
    let stopping = false;
    let stop: () => void = () => {};
    const stopped = new Promise<void>((done) => {
      stop = () => void worker.close().then(done);
    });
    const onSignal = () => {
      // A second signal does not wait: the running jobs are recovered as after a crash.
      if (stopping) process.exit(130);
      stopping = true;
      progress(output, "finishing the running jobs (signal again to stop at once)");
      stop();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    await stopped;
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    progress(output, "worker stopped");
    return 0;
  } finally {
    await loaded.close();
  }
}

/** The built-in FileManagerTool's root, created if missing. */
async function filesFolder(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    await mkdir(absolute, { recursive: true });
  } catch (error) {
    throw new CliError(`cannot create ${path}`, { cause: error });
  }
  return absolute;
}

function redact(url: string): string {
  const parsed = URL.parse(url);
  if (parsed === null || parsed.password === "") return url;
  parsed.password = "***";
  return parsed.toString();
}
