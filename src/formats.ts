/**
 * Reading tool calls from an open model's raw text reply, in every format vLLM's tool parsers read
 * (Hermes, Mistral, Llama, DeepSeek, Kimi K2, Qwen3 XML, GLM, Harmony, pythonic …).
 *
 * @example
 * ```ts
 * import { parseToolCalls, parseToolCallsStream } from "toolwright/formats";
 * const { calls, text, refused } = parseToolCalls(reply);
 * for await (const event of parseToolCallsStream(chunks, { format: "hermes" })) console.log(event);
 * ```
 * @module
 */
import "./node-check.js";

export type { FormatAliasName } from "./formats/alias-names.js";
export type { JsonMarkerFormatName } from "./formats/json/format-names.js";
export {
  type ParseToolCallsOptions,
  parseToolCalls,
  toolCallFormatNames,
} from "./formats/parse-tool-calls.js";
export {
  parseToolCallsStream,
  type ToolCallStreamEvent,
  ToolCallStreamReader,
} from "./formats/stream/tool-call-stream.js";
export type { TextSyntaxFormatName } from "./formats/text/format-names.js";
export type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormatName,
} from "./formats/tool-call-format.js";
