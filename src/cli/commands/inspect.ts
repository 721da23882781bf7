import type { HttpAccess } from "../../mcp/http-guards.js";
import { LazySqliteStore } from "../../memory/lazy-sqlite-store.js";
import { TaskMemory } from "../../memory/task-memory.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { CliError } from "../cli-error.js";
import { requireCommandPackages } from "../command-packages.js";
import { checkListenFlags, listenAddress } from "../listen-flags.js";
import { loadToolbox } from "../load-toolbox.js";
import { type CliOutput, paint, plural, progress, warn } from "../output.js";
import { serveUntilSignal } from "../serve-until-signal.js";

/** @internal Options of `toolwright inspect`. */
export interface InspectOptions extends HttpAccess {
  readonly db: string;
  /** `--db` was given on the command line (not the default). */
  readonly dbGiven: boolean;
  /** A Redis URL for the task memory instead of the SQLite file. */
  readonly redis: string | undefined;
  /** `--open` (true), `--no-open` (false), or neither: open when stdout is a terminal. */
  readonly open: boolean | undefined;
  readonly stdoutIsTTY: boolean;
}

/**
 * @internal `toolwright inspect [module]`: the inspector's page on a local web server (127.0.0.1, a
 * free port, a fresh token in the printed address) until SIGINT or SIGTERM; exit 0 then. A browser
 * opens with `--open`, or on a terminal when one can (never with `--no-open`).
 */
export async function inspectCommand(
  modulePath: string | undefined,
  options: InspectOptions,
  output: CliOutput,
): Promise<number> {
  checkFlags(options);
  requireCommandPackages("inspect", modulePath, options.redis === undefined ? [] : ["ioredis"]);
  const redis = options.redis === undefined ? undefined : await redisMemory(options.redis);
  const loaded = await loadToolbox(modulePath, {
    db: options.db,
    ...(redis === undefined ? {} : { taskMemory: () => redis }),
  });
  try {
    if (redis !== undefined && loaded.toolbox.taskMemory !== redis) {
      // Like --db, --redis is the memory of a module's tools; its own Toolbox keeps its memory.
      await redis.close();
      warn(output, "  --redis ignored: the module's own Toolbox brings its task memory");
    }
    const { startInspector } = await import("../../inspect/inspector.js");
    const inspector = await startInspector({
      toolbox: loaded.toolbox,
      source: loaded.source,
      ...listenAddress(options),
    }).catch((error: unknown) => {
      throw new CliError(`cannot listen on ${options.host}:${options.port}`, { cause: error });
    });
    const activities = loaded.toolbox.tools.reduce(
      (sum, tool) => sum + tool.activities().length,
      0,
    );
    warn(
      output,
      `${paint("green", "toolwright inspect", output.stderr)} on ${paint("bold", inspector.url, output.stderr)}`,
    );
    warn(
      output,
      `  ${plural(loaded.toolbox.tools.length, "tool")}, ${plural(activities, "activity")} from ${loaded.source} · memory: ${memoryPlace(loaded.toolbox, options)} · Ctrl-C stops it`,
    );
    if (options.token === undefined) {
      warn(output, "  (token generated for this run; choose one with --token or TOOLWRIGHT_TOKEN)");
    }
    await maybeOpen(inspector.url, options, output);
    await serveUntilSignal(inspector);
    progress(output, "inspector stopped");
    return 0;
  } finally {
    await loaded.close();
  }
}

function checkFlags(options: InspectOptions): void {
  checkListenFlags(options, "the inspector");
  if (options.redis !== undefined && options.dbGiven) {
    throw new CliError("--db and --redis both name the task memory; give one");
  }
}

/** A task memory on the Redis at `url` (`--redis`); a bad URL or a missing ioredis is exit 2. */
async function redisMemory(url: string): Promise<TaskMemory> {
  try {
    const { RedisArtifactStore } = await import("../../memory/redis-artifact-store.js");
    return new TaskMemory({ store: new RedisArtifactStore({ url }) });
  } catch (error) {
    throw new CliError("cannot use --redis", { cause: error });
  }
}

function memoryPlace(toolbox: Toolbox, options: InspectOptions): string {
  const store = toolbox.taskMemory?.store;
  if (store === undefined) return "none";
  if (store instanceof LazySqliteStore) return options.db;
  const url = (store as { url?: unknown }).url;
  return typeof url === "string" ? url : store.constructor.name;
}

async function maybeOpen(url: string, options: InspectOptions, output: CliOutput): Promise<void> {
  if (options.open === false || (options.open === undefined && !options.stdoutIsTTY)) return;
  const { browserCommand, openBrowser } = await import("../../inspect/open-browser.js");
  const command = browserCommand(url, process.env, process.platform);
  if (command === undefined) {
    if (options.open === true) warn(output, "  no browser to open here; open the address above");
    return;
  }
  openBrowser(command);
}
