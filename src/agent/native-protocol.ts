import { responseToMessage } from "../drivers/shared/response-to-message.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type Protocol, reflectionInstructions } from "./protocol.js";

const instructions = (reflectOnToolUse: boolean) =>
  [
    "You can think step-by-step and execute actions sequentially or in parallel to get your final answer.",
    ...(reflectOnToolUse ? reflectionInstructions : []),
    `Be truthful. ALWAYS be proactive and NEVER ask the user for more information input.${reflectOnToolUse ? " Keep using actions until you have your final answer." : ""}`,
    "NEVER make up actions, action names, or action paths. NEVER make up facts.",
  ].join("\n");

/** @internal Native tool calling: tools go in the request, results go back as tool messages. */
export const nativeProtocol: Protocol = {
  systemPrompt(toolbox, system, reflectOnToolUse) {
    const parts = hasActivities(toolbox) ? [instructions(reflectOnToolUse)] : [];
    if (system !== undefined && system !== "") parts.push(system);
    return parts.length === 0 ? undefined : parts.join("\n\n");
  },
  requestFields(toolbox, driver, dialectOptions) {
    if (!hasActivities(toolbox)) return {};
    return {
      tools: toolbox.toProviderTools(driver.dialect, dialectOptions),
      toolChoice: "auto",
    };
  },
  read(response) {
    const assistant = responseToMessage(response);
    return response.toolCalls.length > 0
      ? { assistant, calls: response.toolCalls }
      : { assistant, calls: [], answer: response.text };
  },
  reply(results) {
    return results.map(({ call, result }) => ({
      role: "tool",
      toolCallId: call.id,
      toolName: call.name,
      artifact: result.artifact,
    }));
  },
};

function hasActivities(toolbox: Toolbox): boolean {
  return toolbox.tools.some((tool) => tool.activities().length > 0);
}
