import type { CustomRepairStep } from "../calls/custom-repair-step.js";
import type { RepairOptions } from "../calls/repair-steps.js";
import type { DialectTarget } from "../dialects/dialect.js";
import type { TaskMemory } from "../memory/task-memory.js";
import type { TelemetryOptions } from "../observe/tool-call-span.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { InputLimits } from "../tool/input-limits.js";
import type { ActivityProgress, RunOptions } from "../tool/tool-options.js";
import type { DeferLoading, ToolSearchOptions } from "./toolbox-search.js";

/**
 * Constructor options of a `Toolbox`.
 *
 * @example
 * ```ts
 * new Toolbox([new CalculatorTool()], { concurrency: 4, repairs: { coerce: false } });
 * ```
 */
export interface ToolboxOptions {
  /** Most calls `executeAll` runs at once (default 8). */
  concurrency?: number | undefined;
  /** Turns repair steps of the tolerant decoder off (all run by default). */
  repairs?: RepairOptions | undefined;
  /**
   * The task memory shared by every tool (see `toolbox.setTaskMemory`). Unset, an off-prompt tool
   * (one without output memory of its own) gets a new in-memory `TaskMemory`, as in Griptape; `null`
   * keeps every output on the prompt.
   */
  taskMemory?: TaskMemory | null | undefined;
  /** Add the memory's `TaskMemoryTool` when a tool is off-prompt (default true). */
  memoryTool?: boolean | undefined;
  /** Repair steps of your own, each at a named position of the decoder (see `CustomRepairStep`). */
  customRepairs?: readonly CustomRepairStep[] | undefined;
  /** Bounds on each call's arguments, refused before any parsing (see `InputLimits` for the defaults). */
  inputLimits?: InputLimits | undefined;
  /**
   * Time limit of a call whose activity, tool and call set none, in milliseconds (1 to 2,147,483,647),
   * or `null` for none; 60,000 by default.
   */
  timeoutMs?: number | null | undefined;
  /**
   * What goes on each call's OpenTelemetry span besides names, timings, repairs and outcome (spans are
   * made only when an SDK is registered; see docs/observability.md).
   */
  telemetry?: TelemetryOptions | undefined;
  /**
   * Call receipts: each call with its own id (or an `idempotencyKey`) is recorded before its method
   * runs and with its result after, so a repeated call returns the recorded result instead of running
   * again (see docs/reliability.md). Off by default.
   */
  receipts?: ReceiptOptions | undefined;
  /**
   * Activities left out of requests until the model finds them with the `ToolSearchTool` the toolbox
   * then adds: `true` for all, a predicate (`true` = deferred), or `{ alwaysLoaded: [...] }` (native
   * names or tool names). See docs/tool-search.md.
   */
  deferLoading?: DeferLoading | undefined;
  /** How `toolbox.search` ranks: BM25F field weights, an embeddings function for hybrid ranking. */
  search?: ToolSearchOptions | undefined;
}

/**
 * Options of one `toolbox.search`.
 *
 * @example
 * ```ts
 * await toolbox.search("weather forecast", { limit: 3 });
 * ```
 */
export interface SearchOptions {
  /** Most hits returned (default 5). */
  limit?: number | undefined;
}

/**
 * Options of one `toolbox.execute` call.
 *
 * @example
 * ```ts
 * await toolbox.execute(call, { dialect: { dialect: "openai-chat", strict: true }, timeoutMs: 5_000 });
 * ```
 */
export interface ExecuteOptions extends RunOptions {
  /**
   * The dialect (and its options) the tools were compiled for, so the decoder undoes that exact
   * lowering. Without it, the decoder undoes what the original schema alone makes unambiguous
   * (renamed properties, synthetic nulls, stringified enums and objects) — everything but an untyped
   * value that a strict dialect sent as a JSON string.
   */
  dialect?: DialectTarget | undefined;
  /** Overrides the toolbox's repair switches for this call. */
  repairs?: RepairOptions | undefined;
  /** Receipts for this call instead of the toolbox's (`null`: none). */
  receipts?: ReceiptOptions | null | undefined;
  /**
   * Why the model's reply ended, as the provider reported it (a driver's `finishReason`: `"stop"`,
   * `"tool-calls"`, `"length"` …). It decides the one cut-off the text cannot: arguments that stop
   * right after a whole value, only their closing brackets missing. `"stop"` and `"tool-calls"` let
   * them be closed; `"length"` (or any other reason) refuses the call. Without it, they are closed
   * only for a read-only activity. Arguments cut anywhere else are always refused (docs/dialects.md).
   */
  finishReason?: string | undefined;
}

/**
 * Options of `toolbox.executeAll`.
 *
 * @example
 * ```ts
 * await toolbox.executeAll(calls, { concurrency: 2 });
 * ```
 */
export interface ExecuteAllOptions extends ExecuteOptions {
  /** Most calls running at once; defaults to the toolbox's (8). Destructive calls never overlap. */
  concurrency?: number | undefined;
  /** Each call's `context.progress` reports, with the call they belong to (`onProgress` has no call). */
  onCallProgress?:
    | ((call: { readonly id: string; readonly name: string }, progress: ActivityProgress) => void)
    | undefined;
}
