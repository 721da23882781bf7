import type { PromptDriver } from "../../drivers/spec.js";
import { splitPassages } from "../../memory/split-passages.js";

/**
 * @internal Sends one system and one user message and returns the model's text, as Griptape's
 * engines do with a two-message prompt stack. A driver failure rejects (the run pipeline turns it
 * into the activity's `ErrorArtifact`).
 */
export async function askModel(
  driver: PromptDriver,
  prompt: { readonly system: string; readonly user: string },
  signal: AbortSignal,
): Promise<string> {
  const response = await driver.generate(
    {
      messages: [
        { role: "system", content: prompt.system },
        { role: "user", content: prompt.user },
      ],
    },
    { signal },
  );
  return response.text;
}

/**
 * @internal Griptape's `rulesets/rulesets.j2` for one ruleset named "Default Ruleset" (what a
 * RuleMixin makes of plain `rules`); empty without rules.
 */
export function rulesText(rules: readonly string[] | undefined): string {
  if (rules === undefined || rules.length === 0) return "";
  const numbered = rules.map((rule, index) => `Rule #${index + 1}\n${rule}`).join("\n");
  return [
    "When responding, always use rules from the following rulesets.",
    "",
    "Ruleset name: Default Ruleset",
    '"Default Ruleset" rules:',
    numbered,
  ].join("\n");
}

/**
 * @internal The texts joined by a blank line (Griptape's `chunk_joiner`) and cut into chunks of at
 * most `maxCharacters` at a paragraph, line, sentence or word end: one chunk when it all fits.
 */
export function chunkTexts(texts: readonly string[], maxCharacters: number): string[] {
  const joined = texts.join("\n\n");
  if (joined.length <= maxCharacters) return [joined];
  const sizes = { target: Math.floor(maxCharacters * 0.9), max: maxCharacters };
  return splitPassages(joined, sizes).map((span) => joined.slice(span.start, span.end));
}
