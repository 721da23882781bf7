import {
  type AgentOutputItem,
  type FunctionCallItem,
  type FunctionTool,
  invokeFunctionTool,
  type Model,
  type ModelRequest,
  RunContext,
  Usage,
} from "@openai/agents-core";
import { Toolbox, type ToolCallResult } from "../../src/index.js";
import { toOpenAIAgentsTools, withToolwrightCalls } from "../../src/openai-agents.js";
import type { CallRegistry } from "../workloads/bfcl.js";
import { CalendarTool } from "./toolwright.js";

/**
 * OpenAI Agents JS with toolwright's adapter, on the path bench/anchors/openai-agents.ts takes for the
 * framework alone: the model's call passes `withToolwrightCalls` (as the runner's model does), is looked
 * up by exact name as the runner does, and runs through `invokeFunctionTool`, the runner's path.
 * `received` is the input the activity ran on (the BFCL tools echo it), read from the toolbox's result.
 */
export function openaiAgentsAdapterRegistry(toolbox: Toolbox): CallRegistry {
  let last: ToolCallResult | undefined;
  const recording = recordingToolbox(toolbox, (result) => {
    last = result;
  });
  // Read through a function: the narrowing after `last = undefined` cannot see the callback's write.
  const lastResult = () => last;
  const tools = new Map(toOpenAIAgentsTools(recording).map((tool) => [tool.name, tool]));
  const runContext = new RunContext({});
  let counter = 0;
  return {
    async call(name, args) {
      const raw = typeof args === "string" ? args : JSON.stringify(args);
      const toolCall = await modelCall(toolbox, {
        type: "function_call",
        callId: `call_${counter++}`,
        name,
        arguments: raw,
        status: "completed",
      });
      const chosen = tools.get(toolCall.name);
      if (chosen === undefined) return { ran: false };
      last = undefined;
      try {
        await invokeFunctionTool({
          tool: chosen,
          runContext,
          input: toolCall.arguments,
          details: { toolCall },
        });
      } catch {
        return { ran: false };
      }
      const result = lastResult();
      const outcome = result?.calls?.[0] ?? result;
      if (outcome === undefined || outcome.artifact.type === "ErrorArtifact") return { ran: false };
      return { ran: true, received: outcome.artifact.value };
    },
  };
}

/**
 * One valid calendar call through the adapter's function tool and `invokeFunctionTool` (the runner's
 * path), for the overhead measurement; resolves to the text the model would read.
 */
export function openaiAgentsAdapterDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const toolbox = new Toolbox([new CalendarTool()]);
  const [calendar] = toOpenAIAgentsTools(toolbox) as [FunctionTool];
  const runContext = new RunContext({});
  let counter = 0;
  return (argumentsJson) =>
    invokeFunctionTool({
      tool: calendar,
      runContext,
      input: argumentsJson,
      details: {
        toolCall: {
          type: "function_call",
          callId: `call_${counter++}`,
          name: calendar.name,
          arguments: argumentsJson,
        },
      },
    });
}

/** The call as the runner receives it from a model wrapped by `withToolwrightCalls`. */
async function modelCall(toolbox: Toolbox, item: FunctionCallItem): Promise<FunctionCallItem> {
  const model: Model = {
    getResponse: async () => ({ usage: new Usage(), output: [item] }),
    // This anchor only asks for whole responses.
    async *getStreamedResponse() {},
  };
  // The wrapper reads only the request's input, to restore earlier calls; none here.
  const request = { input: [] } as unknown as ModelRequest;
  const response = await withToolwrightCalls(model, toolbox).getResponse(request);
  const [output] = response.output as [AgentOutputItem];
  return output as FunctionCallItem;
}

/** The toolbox with every `execute` result handed to `record` (the tool body's input is in it). */
function recordingToolbox(toolbox: Toolbox, record: (result: ToolCallResult) => void): Toolbox {
  return new Proxy(toolbox, {
    get(target, property) {
      if (property === "execute") {
        return async (...args: Parameters<Toolbox["execute"]>) => {
          const result = await target.execute(...args);
          record(result);
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
