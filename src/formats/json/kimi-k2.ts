import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { readSectionedCalls } from "./shared-sectioned-calls.js";

const callBegin = "<|tool_call_begin|>";
const argumentBegin = "<|tool_call_argument_begin|>";
const callEnd = "<|tool_call_end|>";
// vLLM accepts the singular spelling of the section tokens too.
const sectionBegins = ["<|tool_calls_section_begin|>", "<|tool_call_section_begin|>"];
const sectionEnds = ["<|tool_calls_section_end|>", "<|tool_call_section_end|>"];
const sectionTokens = [...sectionBegins, ...sectionEnds];

/**
 * Kimi K2: `<|tool_call_begin|>functions.name:0<|tool_call_argument_begin|>{…}<|tool_call_end|>` inside
 * `<|tool_calls_section_begin|>…<|tool_calls_section_end|>`; the header `functions.name:0` is the
 * call's `id`, `name` is the part between `functions.` and `:0`.
 *
 * @example
 * ```ts
 * kimiK2Format.parse("<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>");
 * // calls: [{ name: "f", arguments: {}, id: "functions.f:0" }]
 * ```
 */
export const kimiK2Format: ToolCallFormat = defineFormat(
  "kimi-k2",
  (text) => text.includes(callBegin) || sectionTokens.some((token) => text.includes(token)),
  (text, options) =>
    readSectionedCalls(
      text,
      {
        format: "kimi-k2",
        dropTokens: sectionTokens,
        sectionBegins,
        sectionEnds,
        begin: callBegin,
        separator: argumentBegin,
        end: callEnd,
        readHeader: (header) => {
          const match = /^(?:functions\.)?([^\s:<>]+)(?::\d+)?$/.exec(header);
          return match?.[1] === undefined
            ? { reason: `"${header.slice(0, 80)}" is not a call id; write functions.NAME:INDEX` }
            : { name: match[1], id: header };
        },
        expected: `${callBegin}functions.NAME:0${argumentBegin}{…}${callEnd}`,
      },
      options,
    ),
);
