import type {
  AgentInputItem,
  Model,
  ModelRequest,
  ModelResponse,
  StreamEvent,
} from "@openai/agents-core";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { isJsonObjectText, nativeNameOf } from "../shared/model-call.js";
import { carryCall, uncarryCall } from "./carried-call.js";

/**
 * Wraps an Agents SDK `Model` so the runner hands toolwright every function call the model meant for
 * the toolbox: a call whose argument text is not a JSON object (fenced, single-quoted, truncated,
 * double-encoded) or whose name differs from the native one only as toolwright's name resolution
 * allows (another case, `Tool.activity`) would be refused by the runner before any tool sees it, so it
 * travels to the tool inside an envelope and the tool hands the model's exact text to `Toolbox.execute`.
 * The model is shown its calls as it wrote them on every later turn.
 *
 * @example
 * ```ts
 * const agent = new Agent({ name: "calc", model: withToolwrightCalls(model, toolbox), tools: toOpenAIAgentsTools(toolbox) });
 * ```
 */
export function withToolwrightCalls(model: Model, toolbox: Toolbox): Model {
  const wrapped: Model = {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const response = await model.getResponse(restoreRequest(request));
      return { ...response, output: carryOutput(toolbox, response.output) };
    },
    async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
      for await (const event of model.getStreamedResponse(restoreRequest(request))) {
        yield event.type === "response_done"
          ? {
              ...event,
              response: { ...event.response, output: carryOutput(toolbox, event.response.output) },
            }
          : event;
      }
    },
  };
  return {
    ...wrapped,
    ...(model.supportsPromptModelSelection === undefined
      ? {}
      : { supportsPromptModelSelection: model.supportsPromptModelSelection }),
    ...(model.getRetryAdvice === undefined
      ? {}
      : { getRetryAdvice: model.getRetryAdvice.bind(model) }),
  };
}

/** The fields of a `function_call` output item this wrapper reads, in either of the SDK's item types. */
interface FunctionCallFields {
  readonly type?: string | undefined;
  readonly name: string;
  readonly arguments: string;
  readonly namespace?: string | undefined;
}

// Generic over the item type: `response_done` events and responses type their items apart.
function carryOutput<Item extends { readonly type?: string | undefined }>(
  toolbox: Toolbox,
  output: Item[],
): Item[] {
  return output.map((item) => {
    if (item.type !== "function_call") return item;
    const call = item as unknown as FunctionCallFields;
    if (call.namespace !== undefined) return item;
    const native = nativeNameOf(toolbox, call.name);
    // Names the toolbox cannot resolve are left to the runner's own not-found handling.
    if (native === undefined) return item;
    // The runner's own test (it `JSON.parse`s the text), narrowed to objects: an approval policy only
    // sees what it can inspect.
    if (native === call.name && isJsonObjectText(call.arguments)) return item;
    return {
      ...item,
      name: native,
      arguments: carryCall({ name: call.name, arguments: call.arguments }),
    };
  });
}

function restoreRequest(request: ModelRequest): ModelRequest {
  if (typeof request.input === "string") return request;
  let changed = false;
  const input = request.input.map((item): AgentInputItem => {
    if (item.type !== "function_call") return item;
    const carried = uncarryCall(item.arguments);
    if (carried === undefined) return item;
    changed = true;
    return { ...item, name: carried.name, arguments: carried.arguments };
  });
  return changed ? { ...request, input } : request;
}
