import type {
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from "openai/resources/chat/completions";
import { checkToolChoiceName, checkTools, type DriverIdentity } from "../shared/request-checks.js";
import type { PromptRequest } from "../spec.js";

/**
 * The `tools`, `tool_choice` and `parallel_tool_calls` fields of a Chat Completions request. Tools
 * come already compiled (`toolbox.toProviderTools("openai-chat")`) and pass through unchanged.
 *
 * @example
 * ```ts
 * prepareOpenAIChatTools({ tools, toolChoice: "required" }, identity);
 * // { tools, tool_choice: "required" }
 * ```
 */
export function prepareOpenAIChatTools(
  request: Pick<PromptRequest, "tools" | "toolChoice" | "parallelToolCalls">,
  identity: DriverIdentity,
): {
  tools?: ChatCompletionTool[];
  tool_choice?: ChatCompletionToolChoiceOption;
  parallel_tool_calls?: boolean;
} {
  const tools = checkTools(
    identity,
    request.tools,
    'an OpenAI Chat tool { type: "function", function: { name, … } }',
    (tool) => tool.type === "function" && typeof functionOf(tool)?.name === "string",
  );
  if (tools.length === 0) return {};
  const prepared: ReturnType<typeof prepareOpenAIChatTools> = {
    tools: tools as unknown as ChatCompletionTool[],
  };
  const choice = request.toolChoice;
  if (typeof choice === "object") {
    const names = tools.map((tool) => String(functionOf(tool)?.name));
    prepared.tool_choice = {
      type: "function",
      function: { name: checkToolChoiceName(identity, choice.name, names) },
    };
  } else if (choice !== undefined) {
    prepared.tool_choice = choice;
  }
  if (request.parallelToolCalls !== undefined) {
    prepared.parallel_tool_calls = request.parallelToolCalls;
  }
  return prepared;
}

function functionOf(tool: object): { name?: unknown } | undefined {
  const fn = (tool as { function?: unknown }).function;
  return typeof fn === "object" && fn !== null ? (fn as { name?: unknown }) : undefined;
}
