import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { blockFormat } from "./block-format.js";
import { defineValue, PYTHON_LITERAL_LIMITS } from "./python-literal.js";
import { type BlockRead, CUT_OFF, refusal } from "./text-result.js";

const NS = "]<]minimax[>[";
const TAG = /^<(\/?)([^<>]+)>([\s\S]*)$/;
const INVOKE = /^invoke\s+name\s*=\s*"([^"]*)"\s*$/;

/**
 * MiniMax-M3's format (vLLM `minimax_m3`): every tag is preceded by the `]<]minimax[>[` token;
 * `<tool_call>` holds `<invoke name="f">` calls whose parameters are tags named after them,
 * `<city>Paris</city>`, nested for objects, `<item>` for list entries (a repeated tag is a list too).
 * Leaf values stay the text written for the schema.
 *
 * @example
 * ```ts
 * const ns = "]<]minimax[>[";
 * minimaxM3Format.parse(`${ns}<tool_call>${ns}<invoke name="f">${ns}<city>Paris${ns}</city>${ns}</invoke>${ns}</tool_call>`).calls;
 * // [{ name: "f", arguments: { city: "Paris" } }]
 * ```
 */
export const minimaxM3Format = blockFormat({
  name: "minimax-m3",
  open: `${NS}<tool_call>`,
  close: `${NS}</tool_call>`,
  reasoning: [
    ["<mm:think>", "</mm:think>"],
    ["<think>", "</think>"],
  ],
  read: readInvokes,
});

interface Token {
  readonly close: boolean;
  readonly tag: string;
  readonly text: string;
}

/** Thrown inside the reader; `cutOff` when the tokens ran out before the call closed. */
class Unreadable extends Error {
  constructor(
    message: string,
    readonly cutOff = false,
  ) {
    super(message);
  }
}

function readInvokes(body: string, closed: boolean): BlockRead {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  const [lead = "", ...chunks] = body.split(NS);
  if (lead.trim() !== "") {
    refused.push(refusal(`expected ${NS}<invoke name="..."> after <tool_call>`, body));
    return { calls, refused };
  }
  const tokens: Token[] = [];
  for (const chunk of chunks) {
    const match = TAG.exec(chunk);
    if (match === null) {
      // Only the very end of a cut-off reply may hold a tag that is not finished.
      const last = tokens.length === chunks.length - 1;
      const reason = !closed && last ? CUT_OFF : `cannot read the tag ${clip(chunk)}`;
      refused.push(refusal(reason, `${NS}${chunk}`));
      return { calls, refused };
    }
    tokens.push({
      close: match[1] === "/",
      tag: (match[2] as string).trim(),
      text: match[3] as string,
    });
  }
  let at = 0;
  while (at < tokens.length) {
    const start = at;
    try {
      const head = tokens[at] as Token;
      const invoke = head.close ? null : INVOKE.exec(head.tag);
      if (invoke === null || (invoke[1] as string).trim() === "") {
        throw new Unreadable(`expected ${NS}<invoke name="tool_name">`);
      }
      const read = readChildren(tokens, at + 1, "invoke", 1);
      if (Array.isArray(read.value) || typeof read.value !== "object") {
        throw new Unreadable('the parameters of a call must be tags named after them, not "item"s');
      }
      calls.push({ name: (invoke[1] as string).trim(), arguments: read.value });
      at = read.next;
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      const raw = tokens.slice(start).map((t) => `${NS}<${t.close ? "/" : ""}${t.tag}>${t.text}`);
      refused.push(refusal(error.cutOff && !closed ? CUT_OFF : error.message, raw.join("")));
      return { calls, refused };
    }
  }
  return { calls, refused };
}

// Reads the children of an element whose open tag is just before `from`, up to its close tag.
// Text between tags must be white space; a leaf (no child tags) is its text, exactly as written.
function readChildren(
  tokens: readonly Token[],
  from: number,
  parent: string,
  depth: number,
): { value: Record<string, unknown> | unknown[] | string; next: number } {
  if (depth > PYTHON_LITERAL_LIMITS.maxDepth) {
    throw new Unreadable(
      `the value is nested deeper than ${PYTHON_LITERAL_LIMITS.maxDepth} levels`,
    );
  }
  const opener = tokens[from - 1] as Token;
  const first = tokens[from];
  if (first === undefined) throw new Unreadable(`<${parent}> is not closed`, true);
  if (first.close && parent !== "invoke") {
    if (first.tag !== parent)
      throw new Unreadable(`expected </${parent}> but found </${first.tag}>`);
    if (first.text.trim() !== "") throw new Unreadable(`text after </${parent}>`);
    return { value: opener.text, next: from + 1 };
  }
  if (opener.text.trim() !== "" && parent !== "invoke") {
    throw new Unreadable(`<${parent}> holds both text and tags`);
  }
  const entries: [string, unknown][] = [];
  let at = from;
  for (;;) {
    const token = tokens[at];
    if (token === undefined) throw new Unreadable(`<${parent}> is not closed`, true);
    if (token.close) {
      if (token.tag !== parent)
        throw new Unreadable(`expected </${parent}> but found </${token.tag}>`);
      if (token.text.trim() !== "") throw new Unreadable(`text after </${parent}>`);
      at++;
      break;
    }
    const child = readChildren(tokens, at + 1, token.tag, depth + 1);
    entries.push([token.tag, child.value]);
    at = child.next;
  }
  return { value: group(entries, parent), next: at };
}

function group(
  entries: readonly [string, unknown][],
  parent: string,
): Record<string, unknown> | unknown[] {
  if (parent !== "invoke" && entries.length > 0 && entries.every(([tag]) => tag === "item")) {
    return entries.map(([, value]) => value);
  }
  const byTag = new Map<string, unknown[]>();
  for (const [tag, value] of entries) {
    const values = byTag.get(tag);
    if (values === undefined) byTag.set(tag, [value]);
    else if (parent === "invoke") throw new Unreadable(`the parameter "${tag}" is given twice`);
    else values.push(value);
  }
  const result: Record<string, unknown> = {};
  for (const [tag, values] of byTag)
    defineValue(result, tag, values.length === 1 ? values[0] : values);
  return result;
}

function clip(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
