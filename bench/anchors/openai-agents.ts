import { invokeFunctionTool, RunContext, tool } from "@openai/agents-core";
import { z } from "zod";
import {
  createEvent,
  createEventDescription,
  createEventSchema,
} from "../workloads/create-event.js";

/**
 * OpenAI Agents JS: `tool()` invoked through `invokeFunctionTool`, the runner's path. Strict mode (its
 * default) rejects plain optionals, so `location` is nullish here, as its docs require.
 */
export function openaiAgentsDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const parameters = createEventSchema.extend({ location: z.string().nullish() });
  const createEventTool = tool({
    name: "createEvent",
    description: createEventDescription,
    parameters,
    execute: async (input) => createEvent({ ...input, location: input.location ?? undefined }),
  });
  const runContext = new RunContext({});
  let counter = 0;
  return async (argumentsJson) =>
    invokeFunctionTool({
      tool: createEventTool,
      runContext,
      input: argumentsJson,
      details: {
        toolCall: {
          type: "function_call",
          callId: `call_${counter++}`,
          name: "createEvent",
          arguments: argumentsJson,
        },
      },
    });
}
