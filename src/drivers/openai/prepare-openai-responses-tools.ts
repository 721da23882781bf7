import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { checkToolChoiceName, checkTools, type DriverIdentity } from "../shared/request-checks.js";
import type { PromptRequest } from "../spec.js";
import { wireTools } from "./openai-responses-tool-search.js";

/**
 * The `tools`, `tool_choice` and `parallel_tool_calls` fields of a Responses API request. Tools
 * come already compiled (`toolbox.toProviderTools("openai-responses")`) and pass through.
 *
 * @example
 * ```ts
 * prepareOpenAIResponsesTools({ tools, toolChoice: { name: "Calc_calculate" } }, identity);
 * // { tools, tool_choice: { type: "function", name: "Calc_calculate" } }
 * ```
 */
export function prepareOpenAIResponsesTools(
  request: Pick<PromptRequest, "tools" | "toolChoice" | "parallelToolCalls">,
  identity: DriverIdentity,
): Pick<ResponseCreateParamsNonStreaming, "tools" | "tool_choice" | "parallel_tool_calls"> {
  const tools = checkTools(
    identity,
    request.tools,
    'a Responses function tool { type: "function", name, parameters, … } (or a namespace or tool_search of toolSearch: "native")',
    (tool) =>
      typeof tool.name === "string" &&
      (tool.type === "function" ||
        tool.type === "tool_search" ||
        (tool.type === "namespace" && Array.isArray(tool.tools))),
  );
  if (tools.length === 0) return {};
  const prepared: ReturnType<typeof prepareOpenAIResponsesTools> = { tools: wireTools(tools) };
  const choice = request.toolChoice;
  if (typeof choice === "object") {
    const names = tools.filter((tool) => tool.type === "function").map((tool) => String(tool.name));
    prepared.tool_choice = {
      type: "function",
      name: checkToolChoiceName(identity, choice.name, names),
    };
  } else if (choice !== undefined) {
    prepared.tool_choice = choice;
  }
  if (request.parallelToolCalls !== undefined) {
    prepared.parallel_tool_calls = request.parallelToolCalls;
  }
  return prepared;
}
