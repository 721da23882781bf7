import type { Toolbox } from "../../toolbox/toolbox.js";
import { isJsonObjectText, nativeNameOf } from "../shared/model-call.js";

/** The part of an AI SDK language model (spec v2, v3 or v4) the wrapper touches. */
interface StreamingModel {
  doStream(options: unknown): PromiseLike<{ stream: ReadableStream<unknown> }>;
  doGenerate(options: unknown): PromiseLike<{ content: readonly unknown[] }>;
}

interface ModelPart {
  type?: unknown;
  toolName?: unknown;
  input?: unknown;
}

/**
 * The model Mastra calls, with each tool call made readable for the adapter before Mastra reads it:
 * the tool name a model miswrote (`calculatortool_calculate`, `Tool.activity`) becomes the native name
 * Mastra looks up, and argument text that is not a JSON object is sent on as a JSON string of itself, so
 * Mastra's own repair never rewrites it and the tool hands the model's exact text to toolwright's
 * decoder. Valid JSON objects pass unchanged.
 *
 * @example
 * ```ts
 * const agent = new Agent({ id: "a", name: "a", instructions: "…", model: withToolwrightCalls(model, toolbox), tools: toMastraTools(toolbox) });
 * ```
 */
export function withToolwrightCalls<M extends object>(model: M, toolbox: Toolbox): M {
  const inner = model as M & StreamingModel;
  const rewrite = (part: unknown): unknown => rewritePart(part, toolbox);
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === "doStream")
        return async (options: unknown) => {
          const result = await target.doStream(options);
          const stream = result.stream.pipeThrough(
            new TransformStream<unknown, unknown>({
              transform: (part, controller) => controller.enqueue(rewrite(part)),
            }),
          );
          return { ...result, stream };
        };
      if (property === "doGenerate")
        return async (options: unknown) => {
          const result = await target.doGenerate(options);
          return { ...result, content: result.content.map(rewrite) };
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

function rewritePart(part: unknown, toolbox: Toolbox): unknown {
  if (typeof part !== "object" || part === null) return part;
  const { type, toolName, input } = part as ModelPart;
  if (type !== "tool-call" && type !== "tool-input-start") return part;
  const name =
    typeof toolName === "string" ? (nativeNameOf(toolbox, toolName) ?? toolName) : toolName;
  // Mastra reads an object's text exactly as toolwright would: it may pass as it is.
  if (type === "tool-input-start" || typeof input !== "string" || isJsonObjectText(input))
    return name === toolName ? part : { ...part, toolName: name };
  return { ...part, toolName: name, input: JSON.stringify(input) };
}
