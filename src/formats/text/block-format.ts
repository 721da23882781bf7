import type { ToolCallFormat, ToolCallFormatName } from "../tool-call-format.js";
import { type BlockReader, readBlocks, type SpanMarkers } from "./text-result.js";

/**
 * @internal A format whose calls stand in blocks between two markers, declared by its markers and
 * the reader of one block's body.
 *
 * @example
 * ```ts
 * const rwkv: BlockFormat = {
 *   name: "rwkv", open: "<tool_call>", close: "</tool_call>", skip: THINKING,
 *   read: invokeCalls({ prefix: "", stringAttribute: false }),
 * };
 * ```
 */
export interface BlockFormat {
  readonly name: ToolCallFormatName;
  readonly open: string;
  readonly close: string;
  /** Spans (reasoning) in which the markers are not calls. */
  readonly skip?: SpanMarkers;
  /** The format's test for auto-detection; by default, the reply holds `open`. */
  readonly detect?: (text: string) => boolean;
  /** Reads one block's body; `closed` says its closing marker was found. */
  readonly read: BlockReader;
  /** Template tokens that are not text, removed from the text around the calls. */
  readonly dropTokens?: readonly string[];
}

/**
 * @internal The {@link ToolCallFormat} of a {@link BlockFormat}.
 *
 * @example
 * ```ts
 * export const rwkvFormat = blockFormat(rwkv);
 * ```
 */
export function blockFormat(format: BlockFormat): ToolCallFormat {
  const { name, open, close, skip, dropTokens } = format;
  const markers = skip === undefined ? { open, close } : { open, close, skip };
  return {
    name,
    detect: format.detect ?? ((text) => text.includes(open)),
    parse: (text) => {
      const result = readBlocks(name, text, markers, format.read);
      if (dropTokens === undefined) return result;
      let rest = result.text;
      for (const token of dropTokens) rest = rest.replaceAll(token, "");
      return { ...result, text: rest.trim() };
    },
  };
}
