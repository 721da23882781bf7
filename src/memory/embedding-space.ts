import type { StoreWrite } from "./artifact-store.js";

/**
 * @internal Why a store refuses vectors of `incoming` when it holds vectors of `held` (undefined
 * when it may take them): cosines between two models' vectors mean nothing.
 */
export function spaceConflict(held: string | undefined, incoming: string): string | undefined {
  if (held === undefined || held === incoming) return undefined;
  return `holds vectors of the embedding space "${held}", not "${incoming}": search one memory with one embedding model (and dimensions)`;
}

/** @internal The embedding space of a write that carries vectors, or undefined when it carries none. */
export function writeSpace(write: StoreWrite): string | undefined {
  const carries = write.entries.some((entry) => entry.vectors !== undefined);
  if (!carries) return undefined;
  if (write.embedding === undefined) {
    throw new Error("a write with vectors names no embedding space (StoreWrite.embedding)");
  }
  for (const entry of write.entries) {
    if (entry.vectors !== undefined && entry.vectors.length !== entry.passages.length) {
      throw new Error(
        `an entry with ${entry.passages.length} passages carries ${entry.vectors.length} vectors`,
      );
    }
  }
  return write.embedding;
}
