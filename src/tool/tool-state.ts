import type { ClassActivities } from "../activity/activity-registry.js";
import type { ExtraProperty } from "../schema/extra-properties.js";
import type { NormalizedSchema } from "../schema/normalize-schema.js";
import type { ActivityMemory } from "./activity-memory.js";
import type { ToolMemoryState } from "./memory-options.js";
import type { Tool } from "./tool.js";
import type { ToolOptions } from "./tool-options.js";

/** @internal Per-instance state kept outside the object, so subclasses cannot collide with it. */
export interface ToolState {
  readonly classActivities: ClassActivities;
  readonly timeoutMs: number | null | undefined;
  readonly onBeforeRun: ToolOptions["onBeforeRun"];
  readonly onAfterRun: ToolOptions["onAfterRun"];
  /** Normalised extra properties per activity name. */
  readonly extras: ReadonlyMap<string, ReadonlyMap<string, ExtraProperty>>;
  /** Resolved input schema per activity name, filled on first use. */
  readonly schemas: Map<string, NormalizedSchema>;
  /** Off-prompt flag, output and input memories. */
  readonly memory: ToolMemoryState;
  /** The memory view methods get in their context; stateless, made on first call. */
  activityMemory?: ActivityMemory;
}

const states = new WeakMap<Tool, ToolState>();

/** @internal */
export function setToolState(tool: Tool, state: ToolState): void {
  states.set(tool, state);
}

/** @internal */
export function toolState(tool: Tool): ToolState {
  const state = states.get(tool);
  if (state === undefined) throw new TypeError("not a constructed Tool instance");
  return state;
}

// Counts every change of any tool's enabled activities, so a toolbox can tell in one comparison that
// none changed (a walk over thousands of tools of distinct classes costs milliseconds).
let enabledListChanges = 0;

/** @internal Notes that some tool's enabled activities changed (allow or deny list set, all enabled or disabled). */
export function noteEnabledListChange(): void {
  enabledListChanges++;
}

/** @internal How many times any tool's enabled activities changed. */
export function enabledListVersion(): number {
  return enabledListChanges;
}
