import type { FormatAliasName } from "./alias-names.js";
import type { JsonMarkerFormatName } from "./json/format-names.js";
import type { CutOffOptions, Reading, ReadScope } from "./reply/reply.js";
import type { TextSyntaxFormatName } from "./text/format-names.js";

/**
 * One tool call read from a model's raw text reply.
 *
 * @example
 * ```ts
 * const call: ParsedToolCall = { name: "get_weather", arguments: { city: "Paris" } };
 * ```
 */
export interface ParsedToolCall {
  /** The function name as the model wrote it (resolved against a toolbox later, never here). */
  readonly name: string;
  /**
   * The arguments: an object when the format carries them as a structure (JSON, Python literals, XML
   * parameters), the raw text when the format carries text the toolbox's decoder should read.
   */
  readonly arguments: Readonly<Record<string, unknown>> | string;
  /** The call's id when the format carries one (Kimi K2's `functions.x:0`, Mistral's `[CALL_ID]`). */
  readonly id?: string;
  /**
   * The brackets added to close arguments the reply ended in right after a whole value, when the
   * finish reason (or a read-only caller) allowed it; absent on every call read as written.
   */
  readonly closedBrackets?: string;
}

/**
 * A call the reply started but that cannot be read: cut off, malformed, or ambiguous. It is reported,
 * never run.
 *
 * @example
 * ```ts
 * const refused: RefusedToolCall = { reason: "the reply ends inside the call (cut off?)", raw: "<tool_call>{\"name\": \"f\"" };
 * ```
 */
export interface RefusedToolCall {
  /** Why it was not read, in words a model can act on. */
  readonly reason: string;
  /** The text of the call as the model wrote it (at most 500 characters). */
  readonly raw: string;
}

/**
 * What `parseToolCalls` read from a reply: the complete calls, the text around them, and the calls it
 * refused.
 *
 * @example
 * ```ts
 * const { calls, text } = parseToolCalls('Sure.<tool_call>{"name":"f","arguments":{}}</tool_call>');
 * // calls: [{ name: "f", arguments: {} }], text: "Sure."
 * ```
 */
export interface ParsedToolCalls {
  /** The complete calls, in the order the reply holds them. */
  readonly calls: readonly ParsedToolCall[];
  /** The reply without the calls and their markup (special tokens included), trimmed. */
  readonly text: string;
  /** The format that read the calls; `undefined` when the reply holds none. */
  readonly format: ToolCallFormatName | undefined;
  /** Calls that were started but could not be read; none of them is in `calls`. */
  readonly refused: readonly RefusedToolCall[];
}

/**
 * The raw-text tool-call formats of open models, named after the vLLM tool parser that reads each
 * (aliases included: vLLM names whose models write another format's syntax).
 *
 * @example
 * ```ts
 * const format: ToolCallFormatName = "hermes";
 * ```
 */
export type ToolCallFormatName = JsonMarkerFormatName | TextSyntaxFormatName | FormatAliasName;

/**
 * @internal How one format reads: what the caller knows about a cut-off, and (for the streaming
 * reader) where to start.
 *
 * @example
 * ```ts
 * const options: FormatReadOptions = { cutOff: { finishReason: "stop" } };
 * ```
 */
export interface FormatReadOptions {
  readonly cutOff?: CutOffOptions | undefined;
  readonly scope?: ReadScope | undefined;
}

/**
 * @internal One format's reader. `detect` is a cheap test for the format's markers; `read` reads the
 * whole reply (or, streaming, the reply from a position on) and `parse` returns its result. A reader
 * never guesses: what it cannot read as exactly one call goes to `refused`.
 */
export interface ToolCallFormat {
  readonly name: ToolCallFormatName;
  /** True when the text carries this format's markers (a cheap substring or regex test). */
  readonly detect: (text: string) => boolean;
  /** Reads every call of the reply, with where each ends and what is still open. */
  readonly read: (text: string, options?: FormatReadOptions) => Reading;
  /** Reads every call of the reply; `format` of the result is this format's name when any call was found. */
  readonly parse: (text: string, options?: FormatReadOptions) => ParsedToolCalls;
}

/**
 * @internal The detection of a format auto-detection never picks (aliases; formats that must be
 * named): the streaming reader leaves them out of `"auto"` too.
 *
 * @example
 * ```ts
 * defineFormat("granite-pythonic", neverDetected, readGranitePythonic);
 * ```
 */
export function neverDetected(_text: string): boolean {
  return false;
}

/**
 * @internal A {@link ToolCallFormat} from its name, its detection and its reader.
 *
 * @example
 * ```ts
 * export const rwkvFormat = defineFormat("rwkv", (text) => text.includes("<tool_call>"), readRwkv);
 * ```
 */
export function defineFormat(
  name: ToolCallFormatName,
  detect: (text: string) => boolean,
  read: (text: string, options?: FormatReadOptions) => Reading,
): ToolCallFormat {
  return { name, detect, read, parse: (text, options) => read(text, options).result };
}
