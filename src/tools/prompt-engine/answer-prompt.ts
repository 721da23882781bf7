import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { ListArtifact } from "../../artifacts/list-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { askModel, rulesText } from "./ask-model.js";
import type { ModelSettings } from "./model-tool-options.js";

/**
 * @internal Griptape's `PromptResponseRagModule` system prompt: answer only from the text chunks
 * listed, which stand between triple quotes; "No text chunks available." when there are none.
 */
export function answerSystemPrompt(chunks: readonly string[], rules?: readonly string[]): string {
  const parts = [
    "You are an expert Q&A system. Always answer the question using the provided context information, and not prior knowledge. Always be truthful. Don't make up facts. You can answer questions by searching through text chunks.",
  ];
  const ruleset = rulesText(rules);
  if (ruleset !== "") parts.push(`${ruleset}\n`);
  parts.push("Use the following list of text chunks to respond.\n");
  if (chunks.length === 0) parts.push("No text chunks available.");
  else {
    parts.push(
      `## Text Chunks\n${chunks.map((chunk) => `\nText chunk: """\n${chunk}\n"""`).join("\n")}`,
    );
  }
  return parts.join("\n");
}

/**
 * @internal The chunks, in order, that fit in `maxCharacters` together (Griptape stops adding chunks
 * once the prompt would pass the model's input limit).
 */
export function chunksWithin(chunks: readonly string[], maxCharacters: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const chunk of chunks) {
    if (used + chunk.length > maxCharacters) break;
    kept.push(chunk);
    used += chunk.length;
  }
  return kept;
}

/**
 * @internal Asks the model the question with the chunks as context (Griptape's RAG response step):
 * its answer as a one-item `ListArtifact`, or "query output is empty".
 */
export async function answerFromChunks(
  model: ModelSettings,
  query: string,
  chunks: readonly string[],
  signal: AbortSignal,
): Promise<ListArtifact | ErrorArtifact> {
  const fitting = chunksWithin(chunks, model.maxContentCharacters);
  const system = answerSystemPrompt(fitting, model.rules);
  const answer = await askModel(model.driver, { system, user: query }, signal);
  if (answer.trim() === "") {
    return new ErrorArtifact("query output is empty", { code: "empty_model_output" });
  }
  return new ListArtifact([new TextArtifact(answer)]);
}
