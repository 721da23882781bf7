/**
 * The Vercel AI SDK adapter (`ai` is an optional peer dependency): a toolbox as an AI SDK `ToolSet`,
 * and a `repairToolCall` that fixes broken calls with the toolbox's decoder instead of a second model call.
 *
 * @example
 * ```ts
 * import { repairToolCall, toAiSdkTools } from "toolwright/ai-sdk";
 * const toolbox = new Toolbox([new CalculatorTool()]);
 * await generateText({ model, prompt, tools: toAiSdkTools(toolbox), repairToolCall: repairToolCall(toolbox) });
 * ```
 * @module
 */
import "./node-check.js";

export { type AiSdkToolOutput, toAiSdkOutput } from "./adapters/ai-sdk/model-output.js";
export { repairToolCall } from "./adapters/ai-sdk/repair-tool-call.js";
export { type AiSdkToolsOptions, toAiSdkTools } from "./adapters/ai-sdk/to-ai-sdk-tools.js";
