import { executeTool } from "@ai-sdk/provider-utils";
import type { ToolSet } from "ai";
import { parseToolCall } from "ai/internal";
import { repairToolCall, toAiSdkTools } from "../../src/ai-sdk.js";
import { Toolbox } from "../../src/index.js";
import type { CallRegistry } from "../workloads/bfcl.js";
import { CalendarTool } from "./toolwright.js";

type ToolOutput = { type: string; value: unknown } | undefined;

/**
 * One call through the AI SDK's own path (as bench/anchors/ai-sdk.ts: `parseToolCall`, then
 * `executeTool`), with the adapter's tools and its `repairToolCall` in the SDK's repair hook.
 */
async function runCall(
  tools: ToolSet,
  repair: ReturnType<typeof repairToolCall>,
  toolCallId: string,
  toolName: string,
  input: string,
): Promise<ToolOutput | "invalid"> {
  const call = await parseToolCall({
    toolCall: { type: "tool-call", toolCallId, toolName, input },
    tools,
    // ai/internal declares its own copies of the SDK error classes: the same function, another type.
    repairToolCall: repair as never,
    instructions: undefined,
    messages: [],
  });
  const chosen = Object.hasOwn(tools, call.toolName) ? tools[call.toolName] : undefined;
  if (call.invalid === true || chosen === undefined) return "invalid";
  let output: ToolOutput;
  for await (const part of executeTool({
    tool: chosen as never,
    input: call.input as never,
    options: { toolCallId, messages: [], context: {} as never },
  })) {
    if (part.type === "final") output = part.output as ToolOutput;
  }
  return output;
}

/**
 * Vercel AI SDK with toolwright's adapter, for many tools: `toAiSdkTools(toolbox)` and
 * `repairToolCall(toolbox)` on the SDK's parse-and-execute path; what the tool body received is the
 * echoed input in the artifact (the BFCL tools return their input).
 */
export function aiSdkAdapterRegistry(toolbox: Toolbox): CallRegistry {
  const tools = toAiSdkTools(toolbox);
  const repair = repairToolCall(toolbox);
  let counter = 0;
  return {
    async call(name, args) {
      const input = typeof args === "string" ? args : JSON.stringify(args);
      let output: ToolOutput | "invalid";
      try {
        output = await runCall(tools, repair, `call_${counter++}`, name, input);
      } catch {
        return { ran: false };
      }
      if (output === "invalid" || output === undefined || output.type === "ErrorArtifact") {
        return { ran: false };
      }
      return { ran: true, received: output.value };
    },
  };
}

/** Vercel AI SDK with the adapter: one calendar call through the SDK's parse-and-execute path. */
export function aiSdkAdapterDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const toolbox = new Toolbox([new CalendarTool()]);
  const tools = toAiSdkTools(toolbox);
  const repair = repairToolCall(toolbox);
  const name = toolbox.nativeName("CalendarTool", "createEvent");
  let counter = 0;
  return async (argumentsJson) => {
    const output = await runCall(tools, repair, `call_${counter++}`, name, argumentsJson);
    if (output === "invalid") throw new Error("the AI SDK refused the call");
    return output;
  };
}
