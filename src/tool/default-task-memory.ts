import type { TaskMemory } from "../memory/task-memory.js";

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
