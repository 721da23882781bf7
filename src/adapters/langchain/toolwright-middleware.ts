import { AIMessage } from "@langchain/core/messages";
import { type AgentMiddleware, createMiddleware } from "langchain";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { repairToolCalls } from "./repair-tool-calls.js";

/**
 * `createAgent` middleware that runs `repairToolCalls` on every model reply: calls LangChain could not
 * parse reach the toolbox with their raw text, and names in another case reach the right tool. Other
 * tools of the agent keep their calls as they were.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, tools: toLangChainTools(toolbox), middleware: [toolwrightMiddleware(toolbox)] });
 * ```
 */
export function toolwrightMiddleware(toolbox: Toolbox): AgentMiddleware {
  return createMiddleware({
    name: "ToolwrightMiddleware",
    wrapModelCall: async (request, handler) => {
      const reply = await handler(request);
      if (!AIMessage.isInstance(reply)) return reply;
      const ours = new Set(toolbox.toProviderTools("json-schema").map((tool) => tool.name));
      const keepNames = request.tools.flatMap((tool) => {
        const name = (tool as { name?: unknown }).name;
        return typeof name === "string" && !ours.has(name) ? [name] : [];
      });
      return repairToolCalls(reply, toolbox, { keepNames });
    },
  });
}
