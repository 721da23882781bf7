import { convertFullStreamChunkToMastra } from "@mastra/core/stream";
import { Toolbox, type ToolCallResult } from "../../src/index.js";
import { toMastraTools, withToolwrightCalls } from "../../src/mastra.js";
import type { CallRegistry } from "../workloads/bfcl.js";
import { CalendarTool } from "./toolwright.js";

process.env.MASTRA_TELEMETRY_DISABLED ??= "1";

interface MastraToolCallChunk {
  readonly payload: { readonly toolName: string; readonly args: unknown };
}

/**
 * Mastra with the toolwright adapter, on the path bench/anchors/mastra.ts uses for Mastra alone: the
 * model's tool call passes the adapter's model wrapper (`withToolwrightCalls`), Mastra's agent-stream
 * reading (`convertFullStreamChunkToMastra`), an exact-name lookup and the tool's `execute` (Mastra's
 * `validateToolInput`, then `Toolbox.execute`). `received` is what the activity returned (the BFCL
 * tools echo their input).
 */
export function mastraAdapterRegistry(toolbox: Toolbox): CallRegistry {
  const path = adapterPath(toolbox);
  return {
    async call(name, args) {
      const input = typeof args === "string" ? args : JSON.stringify(args);
      const outcome = await path(name, input);
      const result = outcome?.calls?.[0] ?? outcome;
      if (result === undefined || result.artifact.type === "ErrorArtifact") return { ran: false };
      return { ran: true, received: result.artifact.value };
    },
  };
}

/** One valid calendar call through the same Mastra path with the adapter, for the overhead measurement. */
export function mastraAdapterDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const toolbox = new Toolbox([new CalendarTool()]);
  const path = adapterPath(toolbox);
  const name = toolbox.nativeName("CalendarTool", "createEvent");
  return async (argumentsJson) => (await path(name, argumentsJson))?.artifact.value;
}

function adapterPath(
  toolbox: Toolbox,
): (name: string, input: string) => Promise<ToolCallResult | undefined> {
  // The Mastra tool returns the text the model reads; the bench wants the activity's own value.
  let last: ToolCallResult | undefined;
  const execute = toolbox.execute.bind(toolbox);
  toolbox.execute = async (call, options) => {
    last = await execute(call, options);
    return last;
  };
  const tools = toMastraTools(toolbox);
  let pending: { toolCallId: string; toolName: string; input: string } | undefined;
  const model = withToolwrightCalls(
    {
      doGenerate: async () => ({
        content: pending === undefined ? [] : [{ type: "tool-call", ...pending }],
      }),
    },
    toolbox,
  );
  let counter = 0;
  return async (name, input) => {
    const toolCallId = `call_${counter++}`;
    pending = { toolCallId, toolName: name, input };
    const [part] = (await model.doGenerate()).content;
    const chunk = convertFullStreamChunkToMastra(part as never, { runId: "bench" } as never) as
      | MastraToolCallChunk
      | undefined;
    const chosen = chunk === undefined ? undefined : tools[chunk.payload.toolName];
    // The agent loop refuses a call whose arguments it could not read before any tool runs.
    if (chosen?.execute === undefined || chunk?.payload.args === undefined) return undefined;
    last = undefined;
    try {
      await chosen.execute(chunk.payload.args, { toolCallId, messages: [] } as never);
    } catch {
      // A refusal: `last` holds toolwright's ErrorArtifact.
    }
    return last;
  };
}
