import type { ClassActivities } from "../activity/activity-registry.js";
import { ToolConfigError } from "../errors/tool-config-error.js";
import type { TaskMemory } from "../memory/task-memory.js";
import type { ToolOptions } from "./tool-options.js";

/** @internal A tool's memories; `outputMemory` and `inputMemory` change when the tool is given a memory. */
export interface ToolMemoryState {
  readonly offPrompt: boolean;
  outputMemory: ReadonlyMap<string, readonly TaskMemory[]> | undefined;
  inputMemory: readonly TaskMemory[] | undefined;
}

/**
 * @internal Checks the memory options with Griptape's rules (unknown activity, empty list, two
 * memories of one name in a list → `ToolConfigError`); one memory may serve several activities.
 */
export function checkMemoryOptions(
  toolName: string,
  activities: ClassActivities,
  options: ToolOptions,
): ToolMemoryState {
  // The types of these options were checked with the others (`tool-option-rules.ts`).
  const offPrompt = options.offPrompt ?? false;
  let outputMemory: Map<string, readonly TaskMemory[]> | undefined;
  if (options.outputMemory !== undefined) {
    outputMemory = new Map();
    for (const [activityName, memories] of Object.entries(options.outputMemory)) {
      const option = `outputMemory.${activityName}`;
      if (!activities.byName.has(activityName)) {
        const known = activities.list.map((activity) => activity.name).join(", ") || "(none)";
        throw new ToolConfigError({
          toolName,
          option,
          message: `names no activity of the tool; its activities are: ${known}`,
        });
      }
      outputMemory.set(activityName, checkMemoryList(toolName, option, memories, "output"));
    }
  }
  const inputMemory =
    options.inputMemory === undefined
      ? undefined
      : checkMemoryList(toolName, "inputMemory", options.inputMemory, "input");
  return { offPrompt, outputMemory, inputMemory };
}

/**
 * @internal Griptape's `set_default_tools_memory`: input memory defaults to `[memory]`; an off-prompt
 * tool without explicit output memory sends every enabled activity's output to `memory`.
 */
export function applyTaskMemory(
  state: ToolMemoryState,
  memory: TaskMemory,
  enabledActivities: readonly string[],
  toolName: string,
): void {
  checkMemoryList(toolName, "setTaskMemory", [memory], "input");
  state.inputMemory ??= Object.freeze([memory]);
  if (state.outputMemory === undefined && state.offPrompt) {
    state.outputMemory = new Map(enabledActivities.map((name) => [name, Object.freeze([memory])]));
  }
}

function checkMemoryList(
  toolName: string,
  option: string,
  memories: unknown,
  direction: "input" | "output",
): readonly TaskMemory[] {
  if (!Array.isArray(memories) || memories.length === 0) {
    throw new ToolConfigError({
      toolName,
      option,
      message: `must be a non-empty list of TaskMemory; got ${Array.isArray(memories) ? "[]" : String(memories)}`,
    });
  }
  const names = new Set<string>();
  memories.forEach((memory: unknown, index) => {
    if (!isTaskMemory(memory)) {
      throw new ToolConfigError({
        toolName,
        option: `${option}[${index}]`,
        message: "is not a TaskMemory",
      });
    }
    if (names.has(memory.name)) {
      throw new ToolConfigError({
        toolName,
        option,
        message: `holds two memories named "${memory.name}"; memory names have to be unique in ${direction === "output" ? "an activity's output" : "input memory"}`,
      });
    }
    names.add(memory.name);
  });
  return Object.freeze([...(memories as TaskMemory[])]);
}

// Structural, so core never imports the memory module at run time (it imports Tool).
function isTaskMemory(value: unknown): value is TaskMemory {
  if (typeof value !== "object" || value === null) return false;
  const memory = value as Partial<Record<keyof TaskMemory, unknown>>;
  return (
    typeof memory.name === "string" &&
    typeof memory.processOutput === "function" &&
    typeof memory.loadArtifacts === "function"
  );
}

// How to make the in-memory TaskMemory a Toolbox gives its off-prompt tools when it is given none.
// The memory module provides it when it loads, here in the core (which names TaskMemory only as a
// type), so that neither the memory knows the toolbox nor the toolbox loads the memory with the root
// entry: the toolbox reads it on first need.
let provided: (() => TaskMemory) | undefined;

/** @internal Called by the task memory module when it loads: how to make the default memory. */
export function provideDefaultTaskMemory(make: () => TaskMemory): void {
  provided ??= make;
}

/** @internal The factory the memory module provided, or `undefined` while it is not loaded. */
export function providedTaskMemory(): (() => TaskMemory) | undefined {
  return provided;
}
