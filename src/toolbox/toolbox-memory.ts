import { ToolboxError } from "../errors/toolbox-error.js";
import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import type { TaskMemory } from "../memory/task-memory.js";
import { providedTaskMemory } from "../tool/memory-options.js";
import type { Tool } from "../tool/tool.js";
import { checkTaskMemory } from "./toolbox-checks.js";

/**
 * @internal The task memory a toolbox shares with its tools (Griptape's `set_default_tools_memory`):
 * the one set, or, when none was and an off-prompt tool needs one, an in-memory one made on first
 * use; with the memory's `TaskMemoryTool` added when any tool is off-prompt.
 */
export class ToolboxMemory {
  #memory: TaskMemory | undefined;
  #settled = false;
  #isDefault = false;
  readonly #tools: readonly Tool[];
  readonly #attach: (tool: Tool) => void;
  readonly #options: { readonly useDefault: boolean; readonly memoryTool: boolean };

  /** `attach` adds a tool to the toolbox (the memory tool joins that way). */
  constructor(
    tools: readonly Tool[],
    attach: (tool: Tool) => void,
    options: { readonly useDefault: boolean; readonly memoryTool: boolean },
  ) {
    this.#tools = tools;
    this.#attach = attach;
    this.#options = options;
  }

  /** Whether the default memory was considered yet (on the toolbox's first use). */
  get settled(): boolean {
    return this.#settled;
  }

  /** The memory now, without settling the default. */
  get current(): TaskMemory | undefined {
    return this.#memory;
  }

  /** Shares `memory` with every tool, now and later; throws `ToolboxError` once the default is in use. */
  set(memory: TaskMemory): void {
    checkTaskMemory(memory);
    if (this.#isDefault && memory !== this.#memory) {
      // Its tools already store into the default memory, and its memory tool has the name.
      throw new ToolboxError({
        message:
          "setTaskMemory after first use: the off-prompt tools already have the default in-memory TaskMemory; set it before using the toolbox, or pass `taskMemory` to the constructor",
      });
    }
    this.#memory = memory;
    this.#share();
  }

  /** Gives off-prompt tools the default memory when none was set, once (`again` after a tool joined). */
  settle(again = false): void {
    if (this.#settled && !again) return;
    this.#settled = true;
    if (this.#memory !== undefined || !this.#options.useDefault) return;
    if (!this.#tools.some((tool) => tool.offPrompt && tool.outputMemory === undefined)) return;
    this.set(defaultTaskMemory());
    this.#isDefault = true;
  }

  /** A tool joined: it gets the memory too, or the default when the toolbox is in use already. */
  joined(): void {
    if (this.#memory !== undefined) this.#share();
    else if (this.#settled) this.settle(true);
  }

  #share(): void {
    const memoryTool = shareTaskMemory(this.#tools, this.#memory as TaskMemory, this.#options);
    if (memoryTool !== undefined) this.#attach(memoryTool);
  }
}

/**
 * Gives a toolbox's tools its task memory and returns the memory tool to add, if one is needed: the
 * model must be able to read what off-prompt tools store, so a toolbox with an off-prompt tool and no
 * tool serving that memory gets `memory.tool()`.
 */
function shareTaskMemory(
  tools: readonly Tool[],
  memory: TaskMemory,
  options: { readonly memoryTool: boolean },
): Tool | undefined {
  for (const tool of tools) tool.setTaskMemory(memory);
  if (!options.memoryTool || !tools.some((tool) => tool.offPrompt)) return undefined;
  // The memory knows its own tool class, so the toolbox (core) never loads the memory tool itself.
  const served = tools.some((tool) => memory.isServedBy(tool));
  return served ? undefined : memory.tool();
}

// The Toolbox gives off-prompt tools an in-memory TaskMemory when it is given none. The memory module
// (with its tool, and zod) is too heavy for the root entry, so the toolbox never imports it: the
// module provides its own factory when it loads (it is loaded by then whenever the user or an
// off-prompt built-in tool imported it), else it is required on first need. Requiring it from here is
// the same module instance as an `import` only where Node's `require(esm)` shares the ES module cache
// (the built package); so the memory's own import is the path that counts.
const memoryModule = loadOnUse<typeof import("../memory/task-memory.js")>(
  siblingModuleUrl(import.meta.url, "../memory/task-memory").href,
);

/**
 * @internal A new in-memory task memory, Griptape's default for a structure with off-prompt tools.
 * Throws `ToolboxError` where the memory module cannot be loaded as the one the app imports.
 */
export function defaultTaskMemory(): TaskMemory {
  let make = providedTaskMemory();
  if (make === undefined) {
    memoryModule();
    // Loaded as the same module, it provided its factory as it ran. It did not where a loader (tsx)
    // compiled a second copy for `require`: that copy's tools are not this copy's `Tool`s.
    make = providedTaskMemory();
    if (make === undefined) {
      throw new ToolboxError({
        message:
          'an off-prompt tool needs a task memory, and the default one cannot be loaded under this loader (tsx gives `require` its own copy of toolwright); import "toolwright/memory" once in your app, or pass `new Toolbox(tools, { taskMemory: new TaskMemory() })`',
      });
    }
  }
  return make();
}
