import { AIMessage, defaultToolCallParser, ToolMessage } from "@langchain/core/messages";
import { Toolbox } from "../../src/index.js";
import { repairToolCalls, toLangChainTools } from "../../src/langchain.js";
import type { CallRegistry } from "../workloads/bfcl.js";
import { CalendarTool } from "./toolwright.js";

/** A model reply as LangChain's chat models build it: the provider's raw call parsed by LangChain's own parser. */
function replyWith(id: string, name: string, args: unknown): AIMessage {
  if (typeof args !== "string") {
    return new AIMessage({
      content: "",
      tool_calls: [{ id, name, args: args as Record<string, unknown>, type: "tool_call" }],
    });
  }
  const raw = [{ id, type: "function", function: { name, arguments: args } }];
  const [toolCalls, invalidToolCalls] = defaultToolCallParser(raw);
  return new AIMessage({
    content: "",
    tool_calls: toolCalls,
    invalid_tool_calls: invalidToolCalls,
  });
}

/**
 * LangChain.js with toolwright's adapter: the reply goes through `repairToolCalls`, then each call is
 * looked up by exact name and `.invoke`d with its ToolCall, as its ToolNode does (the same path as
 * `langchainRegistry`). The BFCL tools echo their input, so the artifact's value is what the body got.
 */
export function langchainAdapterRegistry(toolbox: Toolbox): CallRegistry {
  const tools = new Map(toLangChainTools(toolbox).map((tool) => [tool.name, tool]));
  let counter = 0;
  return {
    async call(name, args) {
      const reply = repairToolCalls(replyWith(`call_${counter++}`, name, args), toolbox);
      const call = reply.tool_calls?.[0];
      const chosen = call === undefined ? undefined : tools.get(call.name);
      if (call === undefined || chosen === undefined) return { ran: false };
      const message = await chosen.invoke({ ...call, type: "tool_call" });
      if (!ToolMessage.isInstance(message) || message.status === "error") return { ran: false };
      return { ran: true, received: (message.artifact as { value?: unknown }).value };
    },
  };
}

/** LangChain.js with the adapter: the calendar tool's `StructuredTool` `.invoke`d with a ToolCall. */
export function langchainAdapterDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const toolbox = new Toolbox([new CalendarTool()]);
  const [createEvent] = toLangChainTools(toolbox);
  if (createEvent === undefined) throw new Error("the calendar toolbox has no activity");
  let counter = 0;
  return async (argumentsJson) => {
    const message = await createEvent.invoke({
      name: createEvent.name,
      args: JSON.parse(argumentsJson),
      id: `call_${counter++}`,
      type: "tool_call",
    });
    return (message.artifact as { value?: unknown }).value;
  };
}
