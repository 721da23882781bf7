import type { Artifact } from "../artifacts/artifact.js";
import type { Caller } from "../caller/caller-channel.js";
import type { Principal } from "../memory/memory-scope.js";
import type { TaskMemory } from "../memory/task-memory.js";
import type { SchemaSource } from "../schema/normalize-schema.js";
import type { OptionalProperty } from "../schema/optional-property.js";
import type { Tool } from "./tool.js";

/**
 * What `onBeforeRun` receives: the tool, the activity name asked for and the input as given.
 *
 * @example
 * ```ts
 * new MyTool({ onBeforeRun: ({ activity, input }) => console.log(activity, input) });
 * ```
 */
export interface BeforeRunEvent {
  readonly tool: Tool;
  readonly activity: string;
  readonly input: unknown;
}

/**
 * What `onAfterRun` receives: the call and its resulting artifact (an `ErrorArtifact` on failure).
 *
 * @example
 * ```ts
 * new MyTool({ onAfterRun: ({ activity, artifact }) => log(activity, artifact.type) });
 * ```
 */
export interface AfterRunEvent extends BeforeRunEvent {
  readonly artifact: Artifact;
}

/**
 * Constructor options of every `Tool`.
 *
 * @example
 * ```ts
 * new CalculatorTool({ name: "Calc", timeoutMs: 2_000, denylist: ["calculate"] });
 * ```
 */
export interface ToolOptions {
  /** The tool's name; the class name by default. Letters, digits, `_`, `.`, `-`. */
  name?: string;
  /** Only these activities are enabled (by activity name). */
  allowlist?: readonly string[] | undefined;
  /** These activities are disabled (by activity name). */
  denylist?: readonly string[] | undefined;
  /**
   * Extra input properties per activity: `{ [activity]: { [property]: schema } }`. Required, unless the
   * schema accepts `undefined` (`z.string().optional()`) or is wrapped in `optional()`.
   */
  extraSchemaProperties?: Readonly<
    Record<string, Readonly<Record<string, SchemaSource | OptionalProperty>>>
  >;
  /**
   * Time limit for every call of this tool, in milliseconds from 1 to 2,147,483,647, or `null` for none
   * (activity and call limits win; unset falls back to the toolbox's, then 60 s).
   */
  timeoutMs?: number | null;
  /** Called once before every `run`. */
  onBeforeRun?: (event: BeforeRunEvent) => void | Promise<void>;
  /** Called once after every `run`, with its artifact. */
  onAfterRun?: (event: AfterRunEvent) => void | Promise<void>;
  /**
   * Sends the output of every enabled activity to the task memory the tool is given
   * (`tool.setTaskMemory(memory)`, done by the Toolbox or agent); the model gets a short notice instead.
   */
  offPrompt?: boolean;
  /** Where each activity's output goes, by activity name (wins over `offPrompt`); unlisted activities stay on the prompt. */
  outputMemory?: Readonly<Record<string, readonly TaskMemory[]>>;
  /** Memories the activities may load memory references from (`context.memory`). */
  inputMemory?: readonly TaskMemory[];
}

/**
 * Options of one `tool.run` call.
 *
 * @example
 * ```ts
 * await tool.run("calculate", { expression: "2+2" }, { timeoutMs: 500, signal: controller.signal });
 * ```
 */
export interface RunOptions {
  /** Cancels the call; `run` then rejects with the signal's reason and the method sees its signal aborted. */
  signal?: AbortSignal | undefined;
  /**
   * Time limit for this call, in milliseconds from 1 to 2,147,483,647, or `null` for none; wins over the
   * activity's, the tool's and the toolbox's (60 s when none is set).
   */
  timeoutMs?: number | null | undefined;
  /** Receives what the method reports with `context.progress(done, total?, message?)`. */
  onProgress?: ((progress: ActivityProgress) => void) | undefined;
  /**
   * Who can answer what the method asks (`context.elicit`, `sample`, `roots`) and hears its
   * `context.log`: an MCP client, an agent, a terminal. Without one, asks fail with `CallerError`.
   */
  caller?: Caller | undefined;
  /**
   * Who the call acts for in task memory: the owner of the output it stores and the only one (with
   * the principals it `readsFrom`) whose namespaces its memory tool lists, reads and searches. Without
   * one the call works in the default space, as a single-user process does.
   */
  principal?: Principal;
}

/**
 * One progress report of a running activity (`context.progress`): MCP's `notifications/progress`
 * fields.
 *
 * @example
 * ```ts
 * const report: ActivityProgress = { progress: 3, total: 10, message: "page 3 of 10" };
 * ```
 */
export interface ActivityProgress {
  /** Work done so far; grows with every report. */
  readonly progress: number;
  /** The whole, when known. */
  readonly total?: number;
  readonly message?: string;
}
