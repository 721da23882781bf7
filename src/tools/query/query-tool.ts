import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { answerFromChunks } from "../prompt-engine/answer-prompt.js";
import { chunkTexts } from "../prompt-engine/ask-model.js";
import { contentSchema, type LoadedContent, loadContent } from "../prompt-engine/content-input.js";
import { ModelTool } from "../prompt-engine/model-tool.js";

const querySchema = z.object({
  query: z.string().min(1).describe("A natural language search query"),
  content: contentSchema,
});

/** Passages ranked for a question whose content does not fit in one model call. */
const rankedPassages = 50;

/**
 * Griptape's QueryTool: answers a question over a text, or over stored output named by a memory
 * reference, by asking a model with the text as context (Griptape's RAG response prompt). When the
 * content is longer than `maxContentCharacters`, the passages of the stored output that the memory's
 * search ranks best for the question (BM25, or hybrid with an embedding driver) go in instead.
 *
 * @example
 * ```ts
 * const query = new QueryTool({ driver: new OpenAIChatPromptDriver({ model: "gpt-4.1-mini" }), inputMemory: [memory] });
 * await query.run("query", { query: "Who won?", content: { memory_name: "TaskMemory", artifact_namespace: "n1" } });
 * ```
 */
export class QueryTool extends ModelTool {
  @activity({
    description: "Can be used to search through textual content.",
    schema: querySchema,
    annotations: { readOnly: true, openWorld: true },
  })
  async query(input: z.output<typeof querySchema>, context: ActivityContext) {
    const loaded = await loadContent(input.content, context);
    if (loaded instanceof ErrorArtifact) return loaded;
    const chunks = await this.#context(input.query, loaded, context);
    return answerFromChunks(this.model, input.query, chunks, context.signal);
  }

  /** The text chunks the model gets: all of them when they fit, else the best passages. */
  async #context(
    query: string,
    loaded: LoadedContent,
    context: ActivityContext,
  ): Promise<string[]> {
    const chunks = chunkTexts(loaded.texts, this.model.maxContentCharacters);
    if (chunks.length === 1 || loaded.reference === undefined) return chunks;
    const { memory_name, artifact_namespace } = loaded.reference;
    const hits =
      (await context.memory
        .find(memory_name)
        ?.search(query, { namespace: artifact_namespace, limit: rankedPassages })) ?? [];
    return hits.length === 0 ? chunks : hits.map((hit) => hit.text);
  }
}
