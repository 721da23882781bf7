import type { TaskMemory } from "../memory/task-memory.js";
import type { Tool } from "../tool/tool.js";

/**
 * @internal Gives a toolbox's tools its task memory and returns the memory tool to add, if one is
 * needed: the model must be able to read what off-prompt tools store, so a toolbox with an off-prompt
 * tool and no tool serving that memory gets `memory.tool()`.
 */
export function shareTaskMemory(
  tools: readonly Tool[],
  memory: TaskMemory,
  options: { memoryTool: boolean },
): Tool | undefined {
  for (const tool of tools) tool.setTaskMemory(memory);
  if (!options.memoryTool || !tools.some((tool) => tool.offPrompt)) return undefined;
  // The memory knows its own tool class, so the toolbox (core) never loads the memory tool itself.
  const served = tools.some((tool) => memory.isServedBy(tool));
  return served ? undefined : memory.tool();
}
