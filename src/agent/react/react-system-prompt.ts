import type { Tool } from "../../tool/tool.js";
import { reflectionInstructions } from "../protocol.js";
import { actionsSchema } from "./actions-schema.js";

/** The stop sequence of the text protocol: the model stops before writing action outputs itself. */
export const reactStopSequence = "<|Response|>";

/**
 * The system prompt of the text (ReAct) protocol, after Griptape's: how to write `Thought:`,
 * `Actions:` (a JSON array following the minified actions schema) and `Answer:`.
 *
 * @example
 * ```ts
 * const system = reactSystemPrompt({ tools: [new CalculatorTool()], system: "You are terse." });
 * ```
 */
export function reactSystemPrompt(options: {
  tools: readonly Tool[];
  system?: string | undefined;
  /** False: the model gets one turn, so it is not told to keep using actions (default true). */
  reflectOnToolUse?: boolean | undefined;
}): string {
  const reflect = options.reflectOnToolUse ?? true;
  const parts: string[] = [];
  if (options.tools.some((tool) => tool.activities().length > 0)) {
    const schema = JSON.stringify(actionsSchema(options.tools));
    parts.push(
      [
        "You can think step-by-step and execute actions sequentially or in parallel to get your final answer.",
        "",
        "You must use the following format when executing actions:",
        "",
        "Thought: <your step-by-step thought process describing what actions you need to use>",
        `Actions: <JSON array of actions that MUST follow this schema: ${schema}>`,
        `${reactStopSequence}: <action outputs>`,
        `"Thought", "Actions", "${reactStopSequence}" must always start on a new line.`,
        "",
        "You must use the following format when providing your final answer:",
        "Answer: <final answer>",
        ...(reflect ? reflectionInstructions : [""]),
        `Be truthful. ALWAYS be proactive and NEVER ask the user for more information input.${reflect ? " Keep using actions until you have your final answer." : ""}`,
        "NEVER make up actions, action names, or action paths. NEVER make up facts. NEVER reference tags in other action input values.",
      ].join("\n"),
    );
  }
  if (options.system !== undefined && options.system !== "") parts.push(options.system);
  return parts.join("\n\n");
}
