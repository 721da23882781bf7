import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { askModel, chunkTexts, rulesText } from "../prompt-engine/ask-model.js";
import { contentSchema, loadContent } from "../prompt-engine/content-input.js";
import { ModelTool } from "../prompt-engine/model-tool.js";

const summarizeSchema = z.object({ summary: contentSchema });

/**
 * Griptape's PromptSummaryTool (with its PromptSummaryEngine): summarises a text, or stored output
 * named by a memory reference, by asking a model. Content longer than `maxContentCharacters` is
 * summarised chunk by chunk, each call given the summary so far, so the whole output counts.
 *
 * @example
 * ```ts
 * const summary = new PromptSummaryTool({ driver, inputMemory: [memory] });
 * await summary.run("summarize", { summary: { memory_name: "TaskMemory", artifact_namespace: "n1" } });
 * ```
 */
export class PromptSummaryTool extends ModelTool {
  @activity({
    description: "Can be used to summarize text content.",
    schema: summarizeSchema,
    annotations: { readOnly: true, openWorld: true },
  })
  async summarize(input: z.output<typeof summarizeSchema>, context: ActivityContext) {
    const loaded = await loadContent(input.summary, context);
    if (loaded instanceof ErrorArtifact) return loaded;
    const { driver, rules, maxContentCharacters } = this.model;
    let summary: string | undefined;
    for (const chunk of chunkTexts(loaded.texts, maxContentCharacters)) {
      const prompt = {
        system: summarySystemPrompt(summary, rules),
        user: summaryUserPrompt(chunk),
      };
      summary = await askModel(driver, prompt, context.signal);
    }
    return new TextArtifact(summary ?? "");
  }
}

/** Griptape's `engines/summary/system.j2`. */
function summarySystemPrompt(summary: string | undefined, rules: readonly string[]): string {
  const parts = ["You are an expert in text summarization."];
  const ruleset = rulesText(rules);
  if (ruleset !== "") parts.push(ruleset);
  if (summary !== undefined && summary !== "") {
    parts.push(
      `Use the current text summary to help summarize the additional text.\nCurrent text summary: """\n${summary}\n"""`,
    );
  }
  return parts.join("\n\n");
}

/** Griptape's `engines/summary/user.j2`. */
function summaryUserPrompt(text: string): string {
  return `Summarize the following text: """\n${text}\n"""\n\nSummary:`;
}
