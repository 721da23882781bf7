import { invokeFunctionTool, RunContext, tool } from "@openai/agents-core";
import { z } from "zod";
import type { BenchFunction, CallRegistry } from "../workloads/bfcl.js";
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

/**
 * OpenAI Agents JS for many tools: one `tool()` per function, looked up by exact name as its runner does.
 * It validates zod schemas only in strict mode, which rejects optional parameters, so JSON Schema tools
 * are `strict: false` (its docs' way for such schemas): the input is parsed as JSON, not validated. It
 * has no repair step.
 */
export function openaiAgentsRegistry(functions: readonly BenchFunction[]): CallRegistry {
  let received: unknown;
  const tools = new Map(
    functions.map((fn) => [
      fn.name,
      agentsTool(fn, async (input: unknown) => {
        received = input;
        return input;
      }),
    ]),
  );
  const runContext = new RunContext({});
  let counter = 0;
  return {
    async call(name, args) {
      const chosen = tools.get(name);
      if (chosen === undefined) return { ran: false };
      const input = typeof args === "string" ? args : JSON.stringify(args);
      received = undefined;
      let ran = false;
      try {
        await invokeFunctionTool({
          tool: chosen,
          runContext,
          input,
          details: {
            toolCall: {
              type: "function_call",
              callId: `call_${counter++}`,
              name,
              arguments: input,
            },
          },
        });
        ran = received !== undefined;
      } catch {
        return { ran: false };
      }
      return ran ? { ran, received } : { ran: false };
    },
  };
}

/**
 * What OpenAI Agents sends the Responses API for JSON Schema tools (`strict: false`): each function
 * tool's name, description, parameters and strict flag, as its OpenAI model maps them.
 */
export function openaiAgentsProviderTools(functions: readonly BenchFunction[]): unknown[] {
  return functions.map((fn) => {
    const created = agentsTool(fn);
    return {
      type: "function",
      name: created.name,
      description: created.description,
      parameters: created.parameters,
      strict: created.strict,
    };
  });
}

// JSON Schema tools are `strict: false` (see openaiAgentsRegistry): the type asks for an open root.
function agentsTool(
  fn: BenchFunction,
  execute: (input: unknown) => Promise<unknown> = async () => "",
) {
  return tool({
    name: fn.name,
    description: fn.description,
    strict: false,
    parameters: {
      type: "object",
      properties: (fn.schema.properties ?? {}) as never,
      required: (fn.schema.required ?? []) as never,
      additionalProperties: true,
    },
    execute,
  });
}
