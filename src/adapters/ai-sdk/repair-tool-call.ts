import type { ToolCallRepairFunction, ToolSet } from "ai";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { nativeNameOf } from "../shared/model-call.js";
import { rememberRawCall } from "./raw-calls.js";
import { bindingOf } from "./tool-bindings.js";

/**
 * An AI SDK `repairToolCall` (also `experimental_repairToolCall`) that fixes calls to the toolbox's tools
 * without a second model call: a name in another case or form (`calculatortool_calculate`,
 * `CalculatorTool.calculate`) and argument text the SDK cannot parse (code fences, single quotes, a
 * reply cut after a complete value, leaked special tokens) go to the toolbox's decoder. The tool then
 * runs on the model's own text; a call the decoder refuses reaches the model as the refusal. Calls to
 * tools it did not make are left alone (`null`).
 *
 * @example
 * ```ts
 * await generateText({ model, prompt, tools: toAiSdkTools(toolbox), repairToolCall: repairToolCall(toolbox) });
 * ```
 */
export function repairToolCall(toolbox: Toolbox): ToolCallRepairFunction<ToolSet> {
  return async ({ toolCall, tools }) => {
    const nativeName = nativeNameOf(toolbox, toolCall.toolName);
    if (nativeName === undefined) return null;
    const binding = Object.hasOwn(tools, nativeName) ? bindingOf(tools[nativeName]) : undefined;
    if (binding === undefined || binding.toolbox !== toolbox) return null;
    const text = toolCall.input;
    const prepared = await toolbox.prepare(
      { id: toolCall.toolCallId, name: toolCall.toolName, arguments: text },
      binding.executeOptions,
    );
    // The SDK parses what comes back and shows it as the call's input: the input the toolbox read, or,
    // for a call it refuses, the model's text as a JSON string (which decodes to the same refusal).
    const input = (prepared.ok ? jsonText(prepared.input) : undefined) ?? JSON.stringify(text);
    rememberRawCall(toolbox, toolCall.toolCallId, {
      name: toolCall.toolName,
      text,
      nativeName,
      inputKey: input,
    });
    return { ...toolCall, toolName: nativeName, input };
  };
}

function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value ?? {});
  } catch {
    // a value JSON cannot hold (a BigInt a schema produced): the model's text stands in
    return undefined;
  }
}
