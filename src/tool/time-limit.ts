import type { ToolActivity } from "../activity/tool-activity.js";
import type { RunOptions } from "./tool-options.js";
import type { ToolState } from "./tool-state.js";

/**
 * The time limit of a call whose call, activity, tool and toolbox set none: a call that never settles
 * must not leave `run`, `execute` or an agent waiting forever.
 *
 * @example
 * ```ts
 * defaultTimeoutMs; // 60_000
 * ```
 */
export const defaultTimeoutMs = 60_000;

// Symbol-keyed, so the toolbox's limit travels with a call's options without being a public option.
const toolboxTimeout: unique symbol = Symbol("toolwright.toolboxTimeout");

/** @internal Run options that may carry the limit of the toolbox the call came through. */
export interface LimitedRunOptions extends RunOptions {
  readonly [toolboxTimeout]?: number | null | undefined;
}

/**
 * @internal The call's options with the toolbox's limit as the fallback below the activity's and the
 * tool's; the options themselves when the toolbox sets none or the call sets its own.
 */
export function withToolboxTimeout<O extends RunOptions>(
  options: O,
  timeoutMs: number | null | undefined,
): O {
  if (timeoutMs === undefined || options.timeoutMs !== undefined) return options;
  return { ...options, [toolboxTimeout]: timeoutMs };
}

/**
 * @internal The limit set for a call, in milliseconds: the first of the call's, the activity's, the
 * tool's and the toolbox's that is set (`null`: deliberately none); `undefined` when none is, and
 * {@link defaultTimeoutMs} applies.
 */
export function timeLimitSetting(
  options: LimitedRunOptions,
  activity: ToolActivity,
  state: ToolState,
): number | null | undefined {
  if (options.timeoutMs !== undefined) return options.timeoutMs;
  if (activity.timeoutMs !== undefined) return activity.timeoutMs;
  if (state.timeoutMs !== undefined) return state.timeoutMs;
  return options[toolboxTimeout];
}
