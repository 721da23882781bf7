import type { ActivityMemory } from "../tool/activity-memory.js";
import type { Tool } from "../tool/tool.js";
import type { ToolActivity } from "./tool-activity.js";

/**
 * The second argument of every activity method.
 *
 * @example
 * ```ts
 * @activity({ description: "Fetch a page", schema: z.object({ url: z.string() }) })
 * async fetchPage(input: { url: string }, context: ActivityContext) {
 *   return (await fetch(input.url, { signal: context.signal })).text();
 * }
 * ```
 */
export interface ActivityContext<T extends Tool = Tool> {
  /** The tool instance the call runs on. */
  readonly tool: T;
  /** The activity being run. */
  readonly activity: ToolActivity;
  /** Aborted when the call times out or the caller cancels it; pass it on to I/O. */
  readonly signal: AbortSignal;
  /** The tool's input memories: load what a memory reference in the input points to. */
  readonly memory: ActivityMemory;
}
