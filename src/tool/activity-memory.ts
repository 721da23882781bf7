import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { ListArtifact } from "../artifacts/list-artifact.js";
import type { MemoryReference } from "../memory/memory-reference.js";
import type { Principal } from "../memory/memory-scope.js";
import type { TaskMemory } from "../memory/task-memory.js";
import type { Tool } from "./tool.js";

/**
 * `context.memory`: an activity's way into its tool's input memories, to load stored output a model
 * points to with a memory reference.
 *
 * @example
 * ```ts
 * async summarise(input: MemoryReference, context: ActivityContext) {
 *   const stored = await context.memory.load(input);
 *   if (stored.type === "ErrorArtifact") return stored; // "memory not found"
 *   return summarise(stored.toText());
 * }
 * ```
 */
export interface ActivityMemory {
  /** The tool's input memory with this name, or `undefined`. */
  find(name: string): TaskMemory | undefined;
  /**
   * The artifacts a reference points to, as a `ListArtifact` (empty for an unknown namespace), or
   * `ErrorArtifact("memory not found")` when no input memory has that name.
   */
  load(reference: MemoryReference): Promise<ListArtifact | ErrorArtifact>;
}

/** @internal The `context.memory` of a call on `tool`, loading what `principal` may read. */
export function activityMemory(tool: Tool, principal?: Principal): ActivityMemory {
  return {
    find: (name) => tool.findInputMemory(name),
    async load(reference) {
      const memory =
        typeof reference?.memory_name === "string"
          ? tool.findInputMemory(reference.memory_name)
          : undefined;
      if (memory === undefined || typeof reference.artifact_namespace !== "string") {
        return new ErrorArtifact("memory not found", { code: "memory_not_found" });
      }
      return principal === undefined
        ? memory.loadArtifacts(reference.artifact_namespace)
        : memory.loadArtifacts(reference.artifact_namespace, { principal });
    },
  };
}
