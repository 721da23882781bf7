import { convertFullStreamChunkToMastra } from "@mastra/core/stream";
import { createTool } from "@mastra/core/tools";
import type { BenchFunction, CallRegistry } from "../workloads/bfcl.js";
import {
  createEvent,
  createEventDescription,
  createEventSchema,
} from "../workloads/create-event.js";

interface MastraToolCallChunk {
  readonly payload: { readonly args: unknown };
}

/**
 * Mastra for many tools: one `createTool()` per function with the zod schema, looked up by exact name
 * as its agent loop does. The model's argument text goes through the agent stream's own reading
 * (`convertFullStreamChunkToMastra`: `JSON.parse`, then its leaked-token strip and its regex JSON
 * repair), and the tool's `execute` validates what came out (`validateToolInput`: nullish
 * normalisation, stringified JSON values, a `prompt` alias), as an agent step does.
 */
export function mastraRegistry(functions: readonly BenchFunction[]): CallRegistry {
  let received: unknown;
  const tools = new Map(
    functions.map((fn) => [
      fn.name,
      createTool({
        id: fn.name,
        description: fn.description,
        inputSchema: fn.zod,
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
      const chosen = tools.get(name);
      if (chosen?.execute === undefined) return { ran: false };
      const toolCallId = `call_${counter++}`;
      const input = typeof args === "string" ? args : JSON.stringify(args);
      received = undefined;
      const chunk = quietly(
        () =>
          convertFullStreamChunkToMastra(
            { type: "tool-call", toolCallId, toolName: name, input } as never,
            { runId: "bench" } as never,
          ) as MastraToolCallChunk | undefined,
      );
      try {
        await chosen.execute(chunk?.payload.args as never, { toolCallId, messages: [] } as never);
      } catch {
        return { ran: false };
      }
      return received === undefined ? { ran: false } : { ran: true, received };
    },
  };
}

/** Mastra: one `createTool()`, the argument text read as its agent stream does, then `execute`. */
export function mastraDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const createEventTool = createTool({
    id: "createEvent",
    description: createEventDescription,
    inputSchema: createEventSchema,
    execute: async (input) => createEvent(input),
  });
  let counter = 0;
  return async (argumentsJson) => {
    const toolCallId = `call_${counter++}`;
    const chunk = convertFullStreamChunkToMastra(
      { type: "tool-call", toolCallId, toolName: "createEvent", input: argumentsJson } as never,
      { runId: "bench" } as never,
    ) as MastraToolCallChunk | undefined;
    return createEventTool.execute?.(
      chunk?.payload.args as never,
      {
        toolCallId,
        messages: [],
      } as never,
    );
  };
}

// Mastra logs every argument text it cannot read with `console.error`; thousands of bench cases would
// bury the report.
function quietly<T>(run: () => T): T {
  const log = console.error;
  console.error = () => undefined;
  try {
    return run();
  } finally {
    console.error = log;
  }
}
