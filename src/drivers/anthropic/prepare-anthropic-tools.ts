import type { ToolChoice, ToolUnion } from "@anthropic-ai/sdk/resources/messages";
import { checkToolChoiceName, checkTools, type DriverIdentity } from "../shared/request-checks.js";
import { isJsonObject } from "../shared/tool-call-arguments.js";
import type { PromptRequest } from "../spec.js";

/**
 * The `tools` and `tool_choice` fields of an Anthropic Messages request. Tools come already
 * compiled (`toolbox.toProviderTools("anthropic")`) and pass through; `parallelToolCalls: false`
 * becomes `disable_parallel_tool_use`.
 *
 * @example
 * ```ts
 * prepareAnthropicTools({ tools, toolChoice: "required" }, identity);
 * // { tools, tool_choice: { type: "any" } }
 * ```
 */
export function prepareAnthropicTools(
  request: Pick<PromptRequest, "tools" | "toolChoice" | "parallelToolCalls">,
  identity: DriverIdentity,
): { tools?: ToolUnion[]; tool_choice?: ToolChoice } {
  const tools = checkTools(
    identity,
    request.tools,
    "an Anthropic tool { name, description, input_schema }",
    // Server tools (web search, code execution) have a versioned `type` and no schema.
    (tool) =>
      typeof tool.name === "string" &&
      tool.type !== "function" &&
      (isJsonObject(tool.input_schema) || typeof tool.type === "string"),
  );
  if (tools.length === 0) return {};
  const names = tools.map((tool) => String(tool.name));
  const choice = request.toolChoice;
  const disable = request.parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  let toolChoice: ToolChoice | undefined;
  if (typeof choice === "object") {
    toolChoice = {
      type: "tool",
      name: checkToolChoiceName(identity, choice.name, names),
      ...disable,
    };
  } else if (choice === "none") {
    toolChoice = { type: "none" };
  } else if (choice === "required") {
    toolChoice = { type: "any", ...disable };
  } else if (choice === "auto" || request.parallelToolCalls === false) {
    toolChoice = { type: "auto", ...disable };
  }
  return {
    tools: tools as unknown as ToolUnion[],
    ...(toolChoice !== undefined && { tool_choice: toolChoice }),
  };
}
