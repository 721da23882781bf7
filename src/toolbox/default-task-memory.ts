import { ToolboxError } from "../errors/toolbox-error.js";
import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import type { TaskMemory } from "../memory/task-memory.js";
import { providedTaskMemory } from "../tool/default-task-memory.js";

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
