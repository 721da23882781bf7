import type { PositionRules } from "../reply/call-positions.js";
import { defineFormat, type ToolCallFormat, type ToolCallFormatName } from "../tool-call-format.js";
import { type BlockReader, readBlocks } from "./text-result.js";

/**
 * @internal A format whose calls stand in blocks between two markers, declared by its markers and
 * the reader of one block's body. Blocks count only where a call may stand (see `PositionRules`;
 * `<think>…</think>` is reasoning unless `reasoning` names the format's own span).
 *
 * @example
 * ```ts
 * const rwkv: BlockFormat = {
 *   name: "rwkv", open: "<tool_call>", close: "</tool_call>",
 *   read: invokeCalls({ prefix: "", stringAttribute: false }),
 * };
 * ```
 */
export interface BlockFormat extends PositionRules {
  readonly name: ToolCallFormatName;
  readonly open: string;
  readonly close: string;
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
  const { name, detect, read, ...rest } = format;
  // Template tokens right before a block are the format's own framing: a call may stand after them.
  const markers = { ...rest, frames: rest.frames ?? rest.dropTokens ?? [] };
  return defineFormat(name, detect ?? ((text) => text.includes(format.open)), (text, options) =>
    readBlocks(name, text, markers, read, options),
  );
}
