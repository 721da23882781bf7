import type { Repair } from "../tool/repair.js";

// Bounded or stopped by the next `<`: a failed match never scans past the next tag's start, so
// text of many unclosed tags is read once, not once per tag.
const specialToken = /<\|[^|<>\s]{1,40}\|>|<｜[^｜]{1,40}｜>/g;
const wrapperTag =
  /<\/?(?:tool_calls?|function_calls?|functioncall|tool_use|invoke|arguments|parameters)\b[^<>]*>/gi;
const fenceMark = "```";

/**
 * @internal Removes what chat templates leak around a call's JSON: code fences, special tokens
 * (`<|call|>`, `<|im_end|>`, DeepSeek's `<｜tool▁sep｜>`), wrapper tags (`<tool_call>`), and prose before
 * the first `{` or after the last `}`. Returns `undefined` when there was nothing to remove.
 */
export function stripWrappers(text: string, repairs: Repair[]): string | undefined {
  const removed: string[] = [];
  let out = text;
  const fenced = fenceBody(out);
  if (fenced !== undefined) {
    out = fenced;
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

/**
 * @internal True when the text opens a code fence or a wrapper tag (`<tool_call>`) that it never
 * closes: the reply stopped inside it.
 */
export function unclosedWrapper(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.startsWith(fenceMark) && fenceBody(trimmed) === undefined) return true;
  let open = false;
  for (const match of trimmed.matchAll(wrapperTag)) open = !match[0].startsWith("</");
  return open;
}

/**
 * What a code fence around the whole text holds (```` ```json\n…\n``` ````), without its language tag
 * and the white space before the closing fence; `undefined` when the text is not one fence. Read from
 * both ends, never by backtracking.
 */
function fenceBody(text: string): string | undefined {
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  let end = text.length;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end - start < 2 * fenceMark.length || !text.startsWith(fenceMark, start)) return undefined;
  const close = end - fenceMark.length;
  if (!text.startsWith(fenceMark, close)) return undefined;
  let from = start + fenceMark.length;
  while (from < close && /[\w-]/.test(text.charAt(from))) from++;
  while (from < close && (text[from] === " " || text[from] === "\t")) from++;
  if (text[from] === "\r" && from < close) from++;
  if (text[from] === "\n" && from < close) from++;
  let last = close;
  while (last > from && isSpace(text.charCodeAt(last - 1))) last--;
  return text.slice(from, last);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 11;
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
 * How JSON-like text ends: the brackets (`{`, `[`) still open outside strings, and whether it ends
 * inside a string. One pass; a backslash in a string skips the character after it.
 */
function bracketDepth(text: string): { readonly depth: number; readonly inString: boolean } {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
  }
  return { depth, inString };
}
