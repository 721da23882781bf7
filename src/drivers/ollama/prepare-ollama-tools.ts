import type { Tool } from "ollama";
import { PromptRequestError } from "../../errors/prompt-request-error.js";
import { checkToolChoiceName, checkTools, type DriverIdentity } from "../shared/request-checks.js";
import type { PromptRequest } from "../spec.js";

/**
 * The `tools` of an Ollama `/api/chat` request. Tools come already compiled
 * (`toolbox.toProviderTools("ollama")`) and pass through. Ollama has no `tool_choice`: `none`
 * sends no tools, a named tool sends only that one (the model may still answer in text), and
 * `required` is refused rather than silently ignored.
 *
 * @example
 * ```ts
 * prepareOllamaTools({ tools, toolChoice: { name: "Calc_calculate" } }, identity);
 * // { tools: [the Calc_calculate tool] }
 * ```
 */
export function prepareOllamaTools(
  request: Pick<PromptRequest, "tools" | "toolChoice">,
  identity: DriverIdentity,
): { tools?: Tool[] } {
  const tools = checkTools(
    identity,
    request.tools,
    'an Ollama tool { type: "function", function: { name, … } }',
    (tool) => tool.type === "function" && typeof functionName(tool) === "string",
  );
  const choice = request.toolChoice;
  if (tools.length === 0 || choice === "none") return {};
  if (choice === "required") {
    throw new PromptRequestError({
      ...identity,
      path: "toolChoice",
      message: 'Ollama\'s /api/chat cannot force a tool call; use "auto" or name one tool',
    });
  }
  if (typeof choice === "object") {
    const names = tools.map((tool) => String(functionName(tool)));
    const name = checkToolChoiceName(identity, choice.name, names);
    return { tools: tools.filter((tool) => functionName(tool) === name) as unknown as Tool[] };
  }
  return { tools: tools as unknown as Tool[] };
}

function functionName(tool: object): unknown {
  const fn = (tool as { function?: unknown }).function;
  return typeof fn === "object" && fn !== null ? (fn as { name?: unknown }).name : undefined;
}
