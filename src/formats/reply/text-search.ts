import { countWork } from "./work-meter.js";

/**
 * @internal The index of the first `marker` at or after `from`, or -1, with the characters passed
 * over counted as work.
 *
 * @example
 * ```ts
 * find("a<x>", "<x>", 0); // 1
 * ```
 */
export function find(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  countWork((at < 0 ? text.length : at + marker.length) - from + 1);
  return at;
}

/**
 * @internal The index of the first character at or after `from` that is not white space.
 *
 * @example
 * ```ts
 * skipSpace("  {}", 0); // 2
 * ```
 */
export function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpace(text.charCodeAt(index))) index += 1;
  countWork(index - from + 1);
  return index;
}

/**
 * @internal True for the white space `\s` matches (ASCII blanks, the Unicode spaces, BOM).
 *
 * @example
 * ```ts
 * isSpace(" ".charCodeAt(0)); // true
 * ```
 */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * @internal Runs a sticky (`y`) regular expression at `at`: the match or `null`, its length counted
 * as work. The pattern must not backtrack over more than it matches.
 *
 * @example
 * ```ts
 * matchAt(/\w+/y, "a bc", 2)?.[0]; // "bc"
 * ```
 */
export function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  countWork((match?.[0].length ?? 0) + 1);
  return match;
}

/**
 * @internal The first match of a global (`g`) regular expression at or after `from`, or `null`; the
 * text it passed over is counted as work.
 *
 * @example
 * ```ts
 * search(/\d/g, "ab1", 0)?.index; // 2
 * ```
 */
export function search(pattern: RegExp, text: string, from: number): RegExpExecArray | null {
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  countWork((match === null ? text.length : match.index + match[0].length) - from + 1);
  return match;
}

/**
 * @internal `text[start, end)`, its length counted as work (the copy a parser then reads).
 *
 * @example
 * ```ts
 * take("abc", 1, 3); // "bc"
 * ```
 */
export function take(text: string, start: number, end: number = text.length): string {
  countWork(Math.max(0, end - start) + 1);
  return text.slice(start, end);
}
