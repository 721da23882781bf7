import type { Repair } from "../tool/repair.js";

const fence = /^\s*```[\w-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?\s*```\s*$/;
const specialToken = /<\|[^|<>\s]{1,40}\|>|<｜[^｜]{1,40}｜>/g;
const wrapperTag =
  /<\/?(?:tool_calls?|function_calls?|functioncall|tool_use|invoke|arguments|parameters)\b[^>]*>/gi;

/**
 * @internal Removes what chat templates leak around a call's JSON: code fences, special tokens
 * (`<|call|>`, `<|im_end|>`, DeepSeek's `<｜tool▁sep｜>`), wrapper tags (`<tool_call>`), and prose before
 * the first `{` or after the last `}`. Returns `undefined` when there was nothing to remove.
 */
export function stripWrappers(text: string, repairs: Repair[]): string | undefined {
  const removed: string[] = [];
  let out = text;
  const fenced = fence.exec(out);
  if (fenced !== null) {
    out = fenced[1] ?? "";
    removed.push("a code fence");
  }
  // Gemma 4 writes `<|"|>` where a string quote belongs (ollama#15315).
  if (out.includes('<|"|>')) {
    out = out.replaceAll('<|"|>', '"');
    removed.push('<|"|> quote tokens');
  }
  const tokens = out.match(specialToken) ?? [];
  const tags = out.match(wrapperTag) ?? [];
  if (tokens.length > 0 || tags.length > 0) {
    out = out.replace(specialToken, " ").replace(wrapperTag, " ");
    removed.push([...new Set([...tokens, ...tags])].slice(0, 4).join(" "));
  }
  const start = out.search(/[{[]/);
  if (start > 0 && out.slice(0, start).trim() !== "") {
    removed.push(`${JSON.stringify(truncate(out.slice(0, start).trim()))} before the JSON`);
    out = out.slice(start);
  }
  const end = Math.max(out.lastIndexOf("}"), out.lastIndexOf("]"));
  if (end !== -1 && out.slice(end + 1).trim() !== "" && balanced(out.slice(0, end + 1))) {
    removed.push(`${JSON.stringify(truncate(out.slice(end + 1).trim()))} after the JSON`);
    out = out.slice(0, end + 1);
  }
  if (removed.length === 0) return undefined;
  repairs.push({ step: "strip-wrappers", detail: `removed ${removed.join(", ")}` });
  return out.trim();
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Brackets outside strings close as often as they open: the cut keeps a whole JSON value. */
function balanced(text: string): boolean {
  const { depth, inString } = bracketDepth(text);
  return depth === 0 && !inString;
}

/**
 * @internal How JSON-like text ends: the brackets (`{`, `[`) still open outside strings, and whether
 * it ends inside a string. One pass; a backslash in a string skips the character after it. `quotes`
 * lists the characters that open a string (a string ends at the one that opened it).
 */
export function bracketDepth(
  text: string,
  quotes = '"',
): { readonly depth: number; readonly inString: boolean } {
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (quote !== undefined) {
      if (char === "\\") index++;
      else if (char === quote) quote = undefined;
    } else if (quotes.includes(char)) quote = char;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
  }
  return { depth, inString: quote !== undefined };
}
