/**
 * Duplicate keys: `JSON.parse` keeps the last of `{"loc":"A","loc":"B"}`, so a model that wrote a key
 * twice would have its method run on one of two values it sent, chosen by position. A key repeated with
 * the same value is harmless; with different values, the call is refused.
 *
 * The common call has no duplicate, and must not pay for a second parse to prove it. Every key in JSON
 * text is a string followed by a colon (spacing allowed between them), and a colon outside a string is
 * always such a separator. So the colons whose previous non-space character is a quote number at least
 * the keys the text holds (colons inside strings can only add to them), and the text holds at least
 * the keys of the parsed value (`JSON.parse` only drops). When the two counts are equal, no key was
 * dropped: that takes one native search per colon and one walk of the value's keys. Only when they
 * differ (a duplicate, or `":` inside a string) does the exact scan run.
 */

/** @internal Why the text's keys conflict, or `undefined` when no key is repeated with another value. */
export function duplicateKeyProblem(text: string, value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  return duplicateKeysAmong(text, countKeys(value, 0));
}

/**
 * @internal {@link duplicateKeyProblem} for a caller that already counted the parsed value's keys (the
 * Toolbox's quick check walks them anyway).
 */
export function duplicateKeysAmong(text: string, keys: number): string | undefined {
  if (keyMarks(text) === keys) return undefined;
  return findConflict(text);
}

function keyMarks(text: string): number {
  let marks = 0;
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) {
    let before = at - 1;
    let code = text.charCodeAt(before);
    // Spaces between a key and its colon are rare: only then does the walk back loop.
    while (code === 32 || code === 10 || code === 13 || code === 9)
      code = text.charCodeAt(--before);
    if (code === 34 /* " */) marks++;
  }
  return marks;
}

/** @internal Every key of every object in `value`; NaN past 512 levels. */
export function countKeys(value: object, depth: number): number {
  // Deeper values were refused by the input limits before parsing; this bound only keeps the walk safe.
  if (depth > 512) return Number.NaN;
  let count = 0;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item === "object" && item !== null) count += countKeys(item, depth + 1);
    }
    return count;
  }
  const keys = Object.keys(value);
  count = keys.length;
  for (let index = 0; index < keys.length; index++) {
    const item = (value as Record<string, unknown>)[keys[index] as string];
    if (typeof item === "object" && item !== null) count += countKeys(item, depth + 1);
  }
  return count;
}

interface Frame {
  readonly isObject: boolean;
  readonly keys: Map<string, string> | undefined;
  /** The key whose value is being read, and where that value starts. */
  key: string | undefined;
  valueStart: number;
}

/**
 * The exact scan: walks the text's tokens once, keeping each object's keys with the text of their
 * values, and reports the first key whose repeat carries a different value (compared as parsed JSON,
 * so `1` and `1.0` or reordered spacing are the same value).
 */
function findConflict(text: string): string | undefined {
  const stack: Frame[] = [];
  let expectKey = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = stringEnd(text, index);
      if (end === -1) return undefined;
      const top = stack.at(-1);
      if (top?.isObject === true && expectKey) {
        top.key = JSON.parse(text.slice(index, end + 1)) as string;
        expectKey = false;
      }
      index = end;
    } else if (char === ":") {
      const top = stack.at(-1);
      if (top !== undefined) top.valueStart = index + 1;
    } else if (char === "{" || char === "[") {
      stack.push({
        isObject: char === "{",
        keys: char === "{" ? new Map() : undefined,
        key: undefined,
        valueStart: -1,
      });
      expectKey = char === "{";
    } else if (char === "," || char === "}" || char === "]") {
      const top = stack.at(-1);
      const problem = top === undefined ? undefined : closeValue(top, text, index);
      if (problem !== undefined) return problem;
      if (char === ",") expectKey = top?.isObject === true;
      else {
        stack.pop();
        // The closed container was the value of its parent's current key: it ends after this bracket.
      }
    }
  }
  return undefined;
}

/** Records the value that ends at `end` under its key; a different earlier value is the problem. */
function closeValue(frame: Frame, text: string, end: number): string | undefined {
  if (!frame.isObject || frame.key === undefined || frame.valueStart < 0) return undefined;
  const raw = normalise(text.slice(frame.valueStart, end));
  const key = frame.key;
  frame.key = undefined;
  frame.valueStart = -1;
  const earlier = frame.keys?.get(key);
  if (earlier === undefined) {
    frame.keys?.set(key, raw);
    return undefined;
  }
  if (earlier === raw) return undefined;
  return `"${key}" appears twice with different values (${preview(earlier)} and ${preview(raw)}); send it once, with the value you mean`;
}

function normalise(valueText: string): string {
  try {
    return JSON.stringify(JSON.parse(valueText));
  } catch {
    return valueText.trim();
  }
}

function preview(value: string): string {
  return value.length > 40 ? `${value.slice(0, 39)}…` : value;
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index];
    if (char === "\\") index++;
    else if (char === '"') return index;
  }
  return -1;
}
