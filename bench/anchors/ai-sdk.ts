import { executeTool } from "@ai-sdk/provider-utils";
import { tool } from "ai";
import { parseToolCall } from "ai/internal";
import {
  createEvent,
  createEventDescription,
  createEventSchema,
} from "../workloads/create-event.js";

/**
 * Vercel AI SDK: `tool()` with the zod schema, then the SDK's own parse (JSON parse + validation) and
 * execute path — the lowest-level path generateText uses (`ai/internal` and provider-utils).
 */
export function aiSdkDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const tools = {
    createEvent: tool({
      description: createEventDescription,
      inputSchema: createEventSchema,
      execute: async (input) => createEvent(input),
    }),
  };
  let counter = 0;
  return async (argumentsJson) => {
    const toolCallId = `call_${counter++}`;
    const call = await parseToolCall({
      toolCall: { type: "tool-call", toolCallId, toolName: "createEvent", input: argumentsJson },
      tools,
      repairToolCall: undefined,
      instructions: undefined,
      messages: [],
    });
    if (call.invalid === true) throw call.error;
    let output: unknown;
    for await (const part of executeTool({
      tool: tools.createEvent,
      input: call.input as never,
      options: { toolCallId, messages: [], context: {} as never },
    })) {
      if (part.type === "final") output = part.output;
    }
    return output;
  };
}
