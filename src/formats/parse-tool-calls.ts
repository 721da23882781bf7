import { aliasFormats } from "./format-aliases.js";
import { jsonMarkerFormats } from "./json/index.js";
import { leadingTextSyntaxFormats, textSyntaxFormats } from "./text/index.js";
import {
  neverDetected,
  type ParsedToolCalls,
  type ToolCallFormat,
  type ToolCallFormatName,
} from "./tool-call-format.js";

/**
 * Options of {@link parseToolCalls}.
 *
 * @example
 * ```ts
 * parseToolCalls(reply, { format: "qwen3-coder" });
 * ```
 */
export interface ParseToolCallsOptions {
  /** The model's format, or `"auto"` (the default) to find it from the reply's markers. */
  format?: ToolCallFormatName | "auto" | undefined;
  /**
   * Why the model stopped, as the provider reported it (`"stop"`, `"tool-calls"`, `"length"` …).
   * It decides the one cut-off the text cannot: JSON arguments that end right after a whole value,
   * only their closing brackets missing. `"stop"` and `"tool-calls"` close them; `"length"` (or any
   * other reason) refuses the call. See docs/formats.md.
   */
  finishReason?: string | undefined;
  /**
   * Without a `finishReason`, such arguments are refused unless the calls go to read-only
   * activities, where a wrong run is harmless: then they are closed.
   */
  readOnly?: boolean | undefined;
}

// Markers of special-token formats are unambiguous, so they are tried before the looser ones
// (pythonic lists, bare JSON), which could match text that merely looks like a call. Aliases come
// last and detect nothing: their target reads such replies under its own name.
const formats: readonly ToolCallFormat[] = [
  ...leadingTextSyntaxFormats,
  ...jsonMarkerFormats,
  ...textSyntaxFormats,
  ...aliasFormats,
];

/**
 * Reads the tool calls of an open model's raw text reply, in any format vLLM's tool parsers read:
 * the complete calls, the text around them, and the calls it refused (cut off, malformed). A call
 * it cannot read as exactly one call is refused, never guessed, so none of `calls` is partial.
 *
 * @example
 * ```ts
 * const { calls, text } = parseToolCalls('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>');
 * // calls: [{ name: "get_weather", arguments: { city: "Paris" } }], text: ""
 * ```
 */
export function parseToolCalls(text: string, options: ParseToolCallsOptions = {}): ParsedToolCalls {
  const wanted = options.format ?? "auto";
  const read = { cutOff: { finishReason: options.finishReason, readOnly: options.readOnly } };
  if (wanted !== "auto") return namedFormat(wanted).parse(text, read);
  for (const format of formats) {
    if (!format.detect(text)) continue;
    const parsed = format.parse(text, read);
    if (parsed.calls.length > 0 || parsed.refused.length > 0) return parsed;
  }
  return { calls: [], text: text.trim(), format: undefined, refused: [] };
}

/**
 * @internal The reader of a format name; an unknown name throws.
 *
 * @example
 * ```ts
 * namedFormat("hermes").name; // "hermes"
 * ```
 */
export function namedFormat(name: string): ToolCallFormat {
  const format = formats.find((candidate) => candidate.name === name);
  if (format === undefined) {
    throw new TypeError(
      `parseToolCalls: unknown format "${name}"; known: ${formats.map((f) => f.name).join(", ")}`,
    );
  }
  return format;
}

/**
 * @internal The formats auto-detection may pick, in its order.
 *
 * @example
 * ```ts
 * autoFormats()[0]?.name;
 * ```
 */
export function autoFormats(): readonly ToolCallFormat[] {
  return formats.filter((format) => format.detect !== neverDetected);
}

/**
 * Every format's name, in auto-detection order.
 *
 * @example
 * ```ts
 * toolCallFormatNames().includes("hermes"); // true
 * ```
 */
export function toolCallFormatNames(): ToolCallFormatName[] {
  return formats.map((format) => format.name);
}
