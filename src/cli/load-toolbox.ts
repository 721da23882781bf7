import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { TaskMemory } from "../memory/task-memory.js";
import { Tool } from "../tool/tool.js";
import { Toolbox } from "../toolbox/toolbox.js";
import { CliError } from "./cli-error.js";
import { builtInTools, cliTaskMemory } from "./default-toolbox.js";
import type { CliOutput } from "./output.js";

/** @internal A toolbox a command works on, and how to release what it holds. */
export interface LoadedToolbox {
  readonly toolbox: Toolbox;
  /** `built-in tools` or the module's path, for messages. */
  readonly source: string;
  /** Stops the tools' helper processes and closes the task memory. */
  close(): Promise<void>;
}

/** @internal Options of `loadToolbox`. */
export interface LoadOptions {
  /** The SQLite task memory file (`--db`). */
  readonly db: string;
  /** The built-in FileManagerTool's root (`serve --files`); the current directory by default. */
  readonly filesRoot?: string | undefined;
  /** The task memory the tools get instead of the SQLite one (`worker`, `inspect --redis`: one on Redis). */
  readonly taskMemory?: (() => TaskMemory) | undefined;
}

/** @internal Extensions of modules loaded through tsx. */
export const typescript: ReadonlySet<string> = new Set([".ts", ".mts", ".cts", ".tsx"]);
const javascript = new Set([".js", ".mjs", ".cjs"]);

/** @internal True when a command-line word names a module file rather than a tool name. */
export function looksLikeModule(word: string): boolean {
  const extension = extname(word);
  return typescript.has(extension) || javascript.has(extension) || word.includes("/");
}

/** @internal A `toolwright <command> [module]`: its module, its options and output, its exit code. */
export type ModuleCommand<Options> = (
  modulePath: string | undefined,
  options: Options,
  output: CliOutput,
) => Promise<number>;

/** @internal A command that reports on a module's tools: as a table, or as JSON with `--json`. */
export type ReportCommand = ModuleCommand<{ readonly json: boolean; readonly db: string }>;

/** @internal Runs `use` on the toolbox of `modulePath`, then closes it, whatever `use` did. */
export async function withToolbox<T>(
  modulePath: string | undefined,
  options: LoadOptions,
  use: (loaded: LoadedToolbox) => T | Promise<T>,
): Promise<T> {
  const loaded = await loadToolbox(modulePath, options);
  try {
    return await use(loaded);
  } finally {
    await loaded.close();
  }
}

/**
 * @internal The toolbox of a module (`.ts` through tsx, `.js` natively) exporting Tool instances,
 * Tool classes (constructed without arguments unless an instance of them is exported too), in the
 * order of their export names, or one Toolbox; without a module, the built-in tools. Tools get the command's task memory; a module's own
 * Toolbox is used as it is. Every problem with the module is a `CliError` (exit 2) with the cause.
 */
export async function loadToolbox(
  modulePath: string | undefined,
  options: LoadOptions,
): Promise<LoadedToolbox> {
  if (modulePath === undefined) {
    return withMemory(builtInTools({ filesRoot: options.filesRoot }), "built-in tools", options);
  }
  const path = resolve(modulePath);
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new CliError(`module not found: ${modulePath}`);
  }
  const namespace = await importModule(path, modulePath);
  const { toolboxes, exports, instances, foreign } = sortExports(namespace);
  if (foreign.length > 0) {
    throw new CliError(
      `module ${modulePath}: ${list(foreign)} ${foreign.length === 1 ? "is a Tool" : "are Tools"} from another copy of toolwright; import Tool from "toolwright" in the module`,
    );
  }
  if (toolboxes.length > 1) {
    throw new CliError(
      `module ${modulePath} exports ${toolboxes.length} Toolboxes (${list(toolboxes.map(([key]) => key))}); export one`,
    );
  }
  const [exported] = toolboxes;
  if (exported !== undefined) {
    return { toolbox: exported[1], source: modulePath, close: () => release(exported[1]) };
  }
  const tools: Tool[] = [];
  for (const [key, value] of exports) {
    if (value instanceof Tool) {
      tools.push(value);
      continue;
    }
    // A class is constructed only when the module does not export an instance of it already.
    if (instances.some((tool) => tool instanceof value)) continue;
    try {
      tools.push(new value());
    } catch (error) {
      throw new CliError(
        `module ${modulePath}: cannot construct ${key} without arguments; export an instance instead`,
        { cause: error },
      );
    }
  }
  if (tools.length === 0) {
    throw new CliError(
      `module ${modulePath} exports no tools; export Tool instances, Tool classes or a Toolbox`,
    );
  }
  return withMemory(tools, modulePath, options);
}

function withMemory(tools: Tool[], source: string, options: LoadOptions): LoadedToolbox {
  let toolbox: Toolbox;
  try {
    toolbox = new Toolbox(tools);
  } catch (error) {
    void closeTools(tools);
    throw new CliError(`${source}: cannot build a toolbox`, { cause: error });
  }
  toolbox.setTaskMemory(options.taskMemory?.() ?? cliTaskMemory(options.db));
  return { toolbox, source, close: () => release(toolbox) };
}

async function importModule(path: string, shown: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  if (typescript.has(extname(path))) await registerTsx(shown);
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const where = error instanceof SyntaxError ? syntaxErrorLocation(path) : undefined;
    throw new CliError(`cannot load module ${shown}${where === undefined ? "" : ` (${where})`}`, {
      cause: error,
    });
  }
}

/** Node keeps a module's syntax-error position out of the error; `node --check` prints it. */
function syntaxErrorLocation(path: string): string | undefined {
  try {
    execFileSync(process.execPath, ["--check", path], { stdio: "pipe", timeout: 10_000 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "");
    return /^(.+:\d+)$/m.exec(stderr)?.[1];
  }
  return undefined;
}

let tsxRegistered = false;

/** tsx's loader hooks, registered once, so `.ts` modules share this process's module graph. */
async function registerTsx(shown: string): Promise<void> {
  if (tsxRegistered) return;
  let api: { register: () => unknown };
  try {
    api = (await import("tsx/esm/api")) as { register: () => unknown };
  } catch (error) {
    throw new CliError(
      `cannot load ${shown}: TypeScript modules need tsx (npm install --save-dev tsx)`,
      { cause: error },
    );
  }
  api.register();
  tsxRegistered = true;
}

type ToolClass = new () => Tool;

/** The module's exports by kind; tools and classes in export-name order (how ES modules list them). */
function sortExports(namespace: Record<string, unknown>) {
  const toolboxes: [string, Toolbox][] = [];
  const exports: [string, Tool | ToolClass][] = [];
  const instances: Tool[] = [];
  const foreign: string[] = [];
  const seen = new Set<unknown>();
  for (const [key, value] of Object.entries(namespace)) {
    if (seen.has(value)) continue;
    seen.add(value);
    if (value instanceof Toolbox) toolboxes.push([key, value]);
    else if (value instanceof Tool) {
      exports.push([key, value]);
      instances.push(value);
    } else if (typeof value === "function" && value.prototype instanceof Tool) {
      exports.push([key, value as ToolClass]);
    } else if (fromAnotherCopy(value)) {
      foreign.push(key);
    }
  }
  return { toolboxes, exports, instances, foreign };
}

/** A Tool instance or class whose base `Tool` is not this copy's (two installs of toolwright). */
function fromAnotherCopy(value: unknown): boolean {
  let prototype: unknown =
    typeof value === "function" ? value.prototype : typeof value === "object" ? value : undefined;
  while (typeof prototype === "object" && prototype !== null) {
    const owner = (prototype as { constructor?: { name?: unknown } }).constructor;
    if (owner?.name === "Tool" && "activities" in prototype && "run" in prototype) return true;
    prototype = Object.getPrototypeOf(prototype);
  }
  return false;
}

async function release(toolbox: Toolbox): Promise<void> {
  await closeTools(toolbox.tools);
  const memory = toolbox.taskMemory;
  if (memory instanceof TaskMemory) await memory.close().catch(() => undefined);
}

async function closeTools(tools: readonly Tool[]): Promise<void> {
  await Promise.allSettled(
    tools.map((tool) => {
      const close = (tool as { close?: unknown }).close;
      return typeof close === "function" ? close.call(tool) : undefined;
    }),
  );
}

function list(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(", ");
}
