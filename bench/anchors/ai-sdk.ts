import { executeTool } from "@ai-sdk/provider-utils";
import { tool, zodSchema } from "ai";
import { parseToolCall, prepareTools } from "ai/internal";
import { z } from "zod";
import type { BenchFunction, CallRegistry } from "../workloads/bfcl.js";
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

/**
 * Vercel AI SDK for many tools: one `tool()` per function with the zod schema; `parseToolCall` looks the
 * name up exactly and validates (`repairToolCall` needs a function the user writes, usually a second
 * model call, so there is none here); `executeTool` runs the body. Object arguments are sent as the JSON
 * string an AI SDK provider would pass on.
 */
export function aiSdkRegistry(functions: readonly BenchFunction[]): CallRegistry {
  let received: unknown;
  const tools = Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      tool({
        description: fn.description,
        inputSchema: zodSchema(fn.zod),
        execute: async (input: unknown) => {
          received = input;
          return input;
        },
      }),
    ]),
  );
  let counter = 0;
  return {
    async call(name, args) {
      const toolCallId = `call_${counter++}`;
      received = undefined;
      const input = typeof args === "string" ? args : JSON.stringify(args);
      let call: Awaited<ReturnType<typeof parseToolCall>>;
      try {
        call = await parseToolCall({
          toolCall: { type: "tool-call", toolCallId, toolName: name, input },
          tools,
          repairToolCall: undefined,
          instructions: undefined,
          messages: [],
        });
      } catch {
        return { ran: false };
      }
      const chosen = tools[name];
      if (call.invalid === true || chosen === undefined) return { ran: false };
      for await (const part of executeTool({
        tool: chosen,
        input: call.input as never,
        options: { toolCallId, messages: [], context: {} as never },
      })) {
        if (part.type === "final") return { ran: true, received };
      }
      return { ran: false };
    },
  };
}

/**
 * What the AI SDK sends OpenAI Chat for zod tools: `prepareTools` (ai/internal) turns each tool into
 * `{ name, description, inputSchema }`, which @ai-sdk/openai puts in `function.parameters`.
 */
export async function aiSdkProviderTools(functions: readonly BenchFunction[]): Promise<unknown[]> {
  const tools = Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      tool({
        description: fn.description,
        inputSchema: zodSchema(z.fromJSONSchema(fn.schema as never)),
        execute: async (input: unknown) => input,
      }),
    ]),
  );
  const prepared = (await prepareTools({ tools })) ?? [];
  return prepared.map((entry) => {
    if (entry.type !== "function") throw new Error(`unexpected ${entry.type} tool`);
    return {
      type: "function",
      function: {
        name: entry.name,
        description: entry.description,
        parameters: entry.inputSchema,
        ...(entry.strict === undefined ? {} : { strict: entry.strict }),
      },
    };
  });
}
