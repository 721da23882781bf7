import { z } from "zod";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { type MemoryReference, memoryReferenceSchema } from "../../memory/memory-reference.js";

/**
 * @internal Griptape's `Or(str, {memory_name, artifact_namespace})` input of the tools that ask a
 * model about content: the text itself, or where stored output lives.
 */
export const contentSchema = z.union([
  z.string().describe("The text itself"),
  memoryReferenceSchema.describe("Stored output, as the stored-in-memory notice names it"),
]);

/** @internal What a content input holds: its texts in order, and the memory it came from. */
export interface LoadedContent {
  readonly texts: readonly string[];
  /** The reference the content was loaded from (`undefined` for text given inline). */
  readonly reference: MemoryReference | undefined;
}

/**
 * @internal The texts a content input stands for: the string itself, or the text and JSON artifacts
 * stored under a memory reference, loaded through the tool's input memories. A memory the tool does
 * not read, a namespace that holds nothing, or one that holds no text are `ErrorArtifact`s the model
 * can act on.
 */
export async function loadContent(
  content: string | MemoryReference,
  context: ActivityContext,
): Promise<LoadedContent | ErrorArtifact> {
  if (typeof content === "string") return { texts: [content], reference: undefined };
  const stored = await context.memory.load(content);
  if (stored.type === "ErrorArtifact") return stored;
  const where = `artifact_namespace "${content.artifact_namespace}" of memory "${content.memory_name}"`;
  if (stored.value.length === 0) {
    return new ErrorArtifact(`${where} not found`, { code: "namespace_not_found" });
  }
  const texts = stored.value
    .filter((item) => item.type === "TextArtifact" || item.type === "JsonArtifact")
    .map((item) => item.toText());
  if (texts.length === 0) {
    return new ErrorArtifact(`${where} holds no text, only ${stored.value[0]?.type} artifacts`, {
      code: "content_not_text",
    });
  }
  return { texts, reference: content };
}
