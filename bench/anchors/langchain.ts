import { parseJsonMarkdown } from "@langchain/core/output_parsers";
import { tool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { z } from "zod";
import type { BenchFunction, CallRegistry } from "../workloads/bfcl.js";
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

/**
 * LangChain.js for many tools: one `tool()` per function with the zod schema, looked up by exact name as
 * its ToolNode does. Its own repair is on: string arguments go through `parseJsonMarkdown` (strips a code
 * fence, then its partial-JSON parser closes what was cut off).
 */
export function langchainRegistry(functions: readonly BenchFunction[]): CallRegistry {
  let received: unknown;
  const tools = new Map(
    functions.map((fn) => [
      fn.name,
      tool(
        async (input: unknown) => {
          received = input;
          return JSON.stringify(input);
        },
        { name: fn.name, description: fn.description, schema: fn.zod as never },
      ),
    ]),
  );
  let counter = 0;
  return {
    async call(name, args) {
      const chosen = tools.get(name);
      if (chosen === undefined) return { ran: false };
      let parsed: unknown;
      try {
        parsed = typeof args === "string" ? parseJsonMarkdown(args) : args;
      } catch {
        return { ran: false };
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        return { ran: false };
      }
      received = undefined;
      try {
        await chosen.invoke({
          name,
          args: parsed as Record<string, unknown>,
          id: `call_${counter++}`,
          type: "tool_call",
        });
      } catch {
        return { ran: false };
      }
      return { ran: true, received };
    },
  };
}

/** What LangChain sends OpenAI Chat for zod tools: `convertToOpenAITool` of each `tool()`. */
export function langchainProviderTools(functions: readonly BenchFunction[]): unknown[] {
  return functions.map((fn) =>
    convertToOpenAITool(
      tool(async () => "", {
        name: fn.name,
        description: fn.description,
        schema: z.fromJSONSchema(fn.schema as never) as never,
      }),
    ),
  );
}
