import { tool } from "@langchain/core/tools";
import {
  createEvent,
  createEventDescription,
  createEventSchema,
} from "../workloads/create-event.js";

/** LangChain.js: `tool()` then `.invoke()` with a ToolCall, as its ToolNode does. */
export function langchainDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const createEventTool = tool(async (input) => createEvent(input), {
    name: "createEvent",
    description: createEventDescription,
    schema: createEventSchema,
  });
  let counter = 0;
  return async (argumentsJson) =>
    createEventTool.invoke({
      name: "createEvent",
      args: JSON.parse(argumentsJson),
      id: `call_${counter++}`,
      type: "tool_call",
    });
}
