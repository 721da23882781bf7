import { z } from "zod";
import type { Artifact } from "../artifacts/artifact.js";

/**
 * Where stored output lives: a plain, serialisable object, the same pair the model reads in the
 * "stored in memory" notice and passes back to memory activities.
 *
 * @example
 * ```ts
 * const reference: MemoryReference = { memory_name: "TaskMemory", artifact_namespace: "4f1c…" };
 * ```
 */
export interface MemoryReference {
  readonly memory_name: string;
  readonly artifact_namespace: string;
}

/**
 * True for an object with string `memory_name` and `artifact_namespace`.
 *
 * @example
 * ```ts
 * isMemoryReference({ memory_name: "TaskMemory", artifact_namespace: "n1" }); // true
 * ```
 */
export function isMemoryReference(value: unknown): value is MemoryReference {
  if (typeof value !== "object" || value === null) return false;
  const { memory_name, artifact_namespace } = value as Record<string, unknown>;
  return typeof memory_name === "string" && typeof artifact_namespace === "string";
}

/**
 * The memory references an artifact carries: those a "stored in memory" `InfoArtifact` points to
 * (in `meta.memoryReferences`), none for other artifacts.
 *
 * @example
 * ```ts
 * const [reference] = memoryReferencesOf(await tool.run("fetch", { url }));
 * const stored = await memory.loadArtifacts(reference.artifact_namespace);
 * ```
 */
export function memoryReferencesOf(artifact: Artifact): MemoryReference[] {
  const references = artifact.meta.memoryReferences;
  if (!Array.isArray(references)) return [];
  return references.flatMap((reference) =>
    isMemoryReference(reference)
      ? [{ memory_name: reference.memory_name, artifact_namespace: reference.artifact_namespace }]
      : [],
  );
}

/**
 * The zod schema of a memory reference, for activities that take stored output as input (extend it
 * with the activity's own fields).
 *
 * @example
 * ```ts
 * @activity({ description: "Summarises stored output", schema: memoryReferenceSchema })
 * async summarise(input: MemoryReference, context: ActivityContext) {
 *   const stored = await context.memory.load(input); // ListArtifact, or ErrorArtifact "memory not found"
 * }
 * ```
 */
export const memoryReferenceSchema = z.object({
  memory_name: z.string().describe("Name of the task memory that holds the output"),
  artifact_namespace: z.string().describe("Namespace of the stored output in that memory"),
});
