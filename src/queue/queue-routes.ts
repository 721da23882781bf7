import { ToolboxError } from "../errors/toolbox-error.js";
import type { Tool } from "../tool/tool.js";
import type { QueueFleetOptions } from "./queue-options.js";

/** @internal The default queue name and BullMQ key prefix. */
export const defaultQueueName = "toolwright";
const defaultPrefix = "bull";

/** @internal One activity with a fleet-wide limit: its own queue and that queue's global concurrency. */
export interface LimitedRoute {
  readonly queue: string;
  readonly limit: number;
}

/**
 * @internal Which BullMQ queue each activity's jobs go to: the fleet's queue, or, for an activity
 * with a limit, a queue of its own (`<queue>#<Tool.activity>`) whose global concurrency is the limit.
 */
export interface QueueRoutes {
  readonly prefix: string;
  /** The fleet's queue: every activity without a limit. */
  readonly main: string;
  /** Limited activities, by `"Tool.activity"`. */
  readonly limited: ReadonlyMap<string, LimitedRoute>;
  /** The queue a call of this activity goes to. */
  queueOf(toolName: string, activityName: string): string;
  /** Every queue, the fleet's first. */
  readonly queues: readonly string[];
}

/**
 * @internal The routes of a fleet for these tools. Throws `ToolboxError` for a limit naming no
 * enabled activity of the tools, or a name two activities share.
 */
export function settleRoutes(
  owner: string,
  options: QueueFleetOptions,
  tools: readonly Tool[],
): QueueRoutes {
  const main = options.queue ?? defaultQueueName;
  // How many activities each "Tool.activity" names: two can (`a.b` + `c` and `a` + `b.c`).
  const known = new Map<string, number>();
  for (const tool of tools) {
    for (const activity of tool.activities()) {
      const key = `${tool.name}.${activity.name}`;
      known.set(key, (known.get(key) ?? 0) + 1);
    }
  }
  const limited = new Map<string, LimitedRoute>();
  for (const [key, limit] of Object.entries(options.limits ?? {})) {
    const count = known.get(key);
    if (count === undefined) {
      throw new ToolboxError({
        message: `${owner}: "limits" names "${key}", which is no enabled activity of these tools; known: ${[...known.keys()].join(", ")}`,
      });
    }
    if (count > 1) {
      throw new ToolboxError({
        message: `${owner}: "limits" names "${key}", which two activities share; rename a tool`,
      });
    }
    limited.set(key, { queue: `${main}#${key}`, limit });
  }
  return {
    prefix: options.prefix ?? defaultPrefix,
    main,
    limited,
    queueOf: (toolName, activityName) => limited.get(`${toolName}.${activityName}`)?.queue ?? main,
    queues: [main, ...[...limited.values()].map((route) => route.queue)],
  };
}
