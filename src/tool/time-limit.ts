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
 * @internal The limit a call runs under, in milliseconds, or `undefined` for none: the first of the
 * call's, the activity's, the tool's and the toolbox's that is set (`null` sets "no limit"), else
 * {@link defaultTimeoutMs}.
 */
export function timeLimitOf(
  options: LimitedRunOptions,
  activity: ToolActivity,
  state: ToolState,
): number | undefined {
  const chosen =
    options.timeoutMs !== undefined
      ? options.timeoutMs
      : activity.timeoutMs !== undefined
        ? activity.timeoutMs
        : state.timeoutMs !== undefined
          ? state.timeoutMs
          : options[toolboxTimeout];
  if (chosen === undefined) return defaultTimeoutMs;
  return chosen ?? undefined;
}
