import type { JSONSchema7, Tool, ToolExecutionOptions, ToolSet } from "ai";
import type { ArtifactJSON } from "../../artifacts/base-artifact.js";
import type { DialectTarget } from "../../dialects/dialect.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import type { ExecuteOptions } from "../../toolbox/toolbox-options.js";
import { aiSdk } from "./ai-package.js";
import { approvalFor } from "./approval.js";
import { dialectParts, type LoweredTool, loweredTools } from "./lowered-tools.js";
import { toAiSdkOutput } from "./model-output.js";
import { findRawCall, forgetRawCall } from "./raw-calls.js";
import { bindTool } from "./tool-bindings.js";

/**
 * Options of `toAiSdkTools`.
 *
 * @example
 * ```ts
 * const options: AiSdkToolsOptions = { dialect: { dialect: "openai-chat", strict: true }, approveDestructive: true };
 * ```
 */
export interface AiSdkToolsOptions {
  /**
   * The provider dialect the input schemas are lowered for, and undone for on the way back. Default
   * `"openai-chat"`: root combinators flattened into one `type: "object"`, everything else as written,
   * which OpenAI, Anthropic and (through the SDK's own conversion) Google all accept. Pass
   * `{ dialect: "openai-chat", strict: true }` for OpenAI strict tools, `"anthropic"`, or `"gemini"`.
   */
  dialect?: DialectTarget | undefined;
  /**
   * Destructive activities that set no `needsApproval` of their own ask for the SDK's tool approval
   * (default false, as with the Agent's `approvals`).
   */
  approveDestructive?: boolean | undefined;
  /** Time limit of each call in milliseconds, or `null` for none (see `ExecuteOptions.timeoutMs`). */
  timeoutMs?: number | null | undefined;
  /** Turns repair steps off for these tools (see `ExecuteOptions.repairs`). */
  repairs?: ExecuteOptions["repairs"];
}

/**
 * The toolbox as an AI SDK `ToolSet`, one tool per enabled activity under its native name: the input
 * schema lowered for `options.dialect`, `execute` running `toolbox.execute` (tolerant decoding, coercion,
 * validation, limits, task memory), the result as its artifact's JSON and `toModelOutput` turning it into
 * text, JSON, file or error-text parts. Pair with `repairToolCall(toolbox)` for text the SDK cannot parse.
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox([new CalculatorTool()]);
 * const result = await generateText({ model, prompt, tools: toAiSdkTools(toolbox), repairToolCall: repairToolCall(toolbox) });
 * ```
 */
export function toAiSdkTools(toolbox: Toolbox, options: AiSdkToolsOptions = {}): ToolSet {
  const target = options.dialect ?? "openai-chat";
  const { dialect, options: dialectOptions } = dialectParts(target);
  const executeOptions: ExecuteOptions = {
    dialect: { dialect, ...dialectOptions },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.repairs === undefined ? {} : { repairs: options.repairs }),
  };
  const { jsonSchema } = aiSdk("toAiSdkTools");
  const tools: ToolSet = {};
  let loaded = -1;
  // The AI SDK reads this object again at every step: the activities a search loads are added to it
  // in place, after the others, in the order they were found (the request's prefix stays the same).
  const addLoaded = () => {
    const count = toolbox.loadedActivities.length;
    if (count === loaded) return;
    loaded = count;
    for (const lowered of loweredTools(toolbox, dialect, dialectOptions)) {
      if (!Object.hasOwn(tools, lowered.name)) tools[lowered.name] = aiToolOf(lowered);
    }
  };
  const aiToolOf = (lowered: LoweredTool): Tool<unknown, ArtifactJSON> => {
    const nativeName = lowered.name;
    const activity = toolbox.resolveName(nativeName);
    const approval =
      activity === undefined
        ? undefined
        : approvalFor(toolbox, activity, {
            nativeName,
            executeOptions,
            approveDestructive: options.approveDestructive === true,
          });
    const aiTool: Tool<unknown, ArtifactJSON> = {
      ...(lowered.description === undefined ? {} : { description: lowered.description }),
      // No `validate`: whatever JSON the model sent reaches `execute`, where the toolbox decodes it.
      // toolwright's schema type is wider than JSONSchema7 only in its `type` strings.
      inputSchema: jsonSchema<unknown>(lowered.schema as JSONSchema7),
      ...(lowered.strict === undefined ? {} : { strict: lowered.strict }),
      ...(approval === undefined ? {} : { needsApproval: approval }),
      execute: async (
        input: unknown,
        { toolCallId, abortSignal }: ToolExecutionOptions<unknown>,
      ) => {
        const raw = findRawCall(toolbox, toolCallId, nativeName, input);
        if (raw !== undefined) forgetRawCall(toolbox, toolCallId);
        const result = await toolbox.execute(
          raw === undefined
            ? { id: toolCallId, name: nativeName, arguments: input }
            : { id: toolCallId, name: raw.name, arguments: raw.text },
          abortSignal === undefined ? executeOptions : { ...executeOptions, signal: abortSignal },
        );
        addLoaded();
        return result.artifact.toJSON();
      },
      toModelOutput: ({ output }) => toAiSdkOutput(output),
    };
    bindTool(aiTool, { toolbox, nativeName, executeOptions });
    return aiTool;
  };
  addLoaded();
  return tools;
}
