/**
 * Duplicate keys: `JSON.parse` keeps the last of `{"loc":"A","loc":"B"}`, so a model that wrote a key
 * twice would have its method run on one of two values it sent, chosen by position. A key repeated with
 * the same value is harmless; with different values, the call is refused.
 *
 * The common call has no duplicate, and must not pay for a second parse to prove it. Two cheap proofs
 * come first, each enough on its own:
 *
 * 1. Length. Every part of the parsed value has a shortest spelling in JSON text (see {@link
 *    TextFloor}), and the text can only be longer than the sum of them: by spacing, escapes, longer
 *    number spellings, and by every entry `JSON.parse` dropped (at least `,"":0`, five characters).
 *    Text exactly as long as that floor dropped nothing. Compact text, what most providers send, has
 *    that length; it costs no look at the text at all.
 * 2. Key marks. Every key in JSON text is a string followed by a colon (spacing allowed between them),
 *    and a colon outside a string is always such a separator. So the colons whose previous non-space
 *    character is a quote number at least the keys the text holds, and the text holds at least the
 *    keys of the parsed value. When the two counts are equal, no key was dropped: one native search
 *    per colon. Spaced text (`{"a": 1}`) passes here.
 *
 * Only when both fail (a duplicate, or spaced text with `":` inside a string) does the exact scan run.
 */

/**
 * @internal What a parsed value says about the text it came from: its keys (nested ones included) and
 * the length of its shortest spelling, the text's floor.
 */
export interface TextFloor {
  keys: number;
  length: number;
}

/** @internal Why the text's keys conflict, or `undefined` when no key is repeated with another value. */
export function duplicateKeyProblem(text: string, value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const floor: TextFloor = { keys: 0, length: 0 };
  if (!addToFloor(floor, value, 0)) return findConflict(text);
  return duplicateKeysAmong(text, floor);
}

/**
 * @internal {@link duplicateKeyProblem} for a caller that already measured the parsed value (the
 * Toolbox's quick check walks its keys anyway).
 */
export function duplicateKeysAmong(text: string, floor: TextFloor): string | undefined {
  if (text.length === floor.length || keyMarks(text) === floor.keys) return undefined;
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

/**
 * @internal Adds one parsed JSON value to `floor`; false past 512 levels (deeper values were refused by
 * the input limits before parsing: this bound only keeps the walk safe). The shortest spellings: a
 * string, its characters and two quotes (an escape is longer than the character it stands for); a key,
 * that and a colon; `true`, `false`, `null` as they are; brackets and the commas between items; a
 * number, see {@link numberFloor}.
 */
export function addToFloor(floor: TextFloor, value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
      floor.length += value.length + 2;
      return true;
    case "number":
      floor.length += numberFloor(value);
      return true;
    case "boolean":
      floor.length += value ? 4 : 5;
      return true;
  }
  if (value === null) {
    floor.length += 4;
    return true;
  }
  if (depth > 512) return false;
  if (Array.isArray(value)) {
    // Brackets, and a comma between items.
    floor.length += value.length === 0 ? 2 : value.length + 1;
    for (let index = 0; index < value.length; index++) {
      if (!addToFloor(floor, value[index], depth + 1)) return false;
    }
    return true;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  floor.keys += keys.length;
  // Braces, a comma between entries; each key's quotes and colon.
  floor.length += keys.length === 0 ? 2 : keys.length * 4 + 1;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    floor.length += key.length;
    if (!addToFloor(floor, object[key], depth + 1)) return false;
  }
  return true;
}

/**
 * @internal The length of the shortest JSON spelling of a number, or less. An integer below 10^15 has
 * a digit at each place down to its last non-zero one in every spelling that parses back to it (any
 * other is at least 1 away), so its digits, or its significant digits with `e` and the zero count
 * (`1e3`), whichever is shorter. A fraction from 0.1 up is spelled shortest as `String` writes it: the
 * fewest digits that parse back, and a point (an exponent costs more). Other numbers count 1: the key
 * marks or the exact scan decide for them.
 */
export function numberFloor(value: number): number {
  const sign = value < 0 ? 1 : 0;
  const size = sign === 1 ? -value : value;
  if (Number.isInteger(size)) {
    if (size >= 1e15) return sign + 1;
    if (size % 10 !== 0) return sign + digitCount(size);
    if (size === 0) return 1;
    const digits = digitCount(size);
    let zeros = 1;
    while (size % 10 ** (zeros + 1) === 0) zeros++;
    return sign + Math.min(digits, digits - zeros + 1 + (zeros >= 10 ? 2 : 1));
  }
  if (size >= 0.1 && size < 1e21) return String(value).length;
  return sign + 1;
}

/** The decimal digits of a whole number below 10^15. */
function digitCount(whole: number): number {
  if (whole < 10) return 1;
  if (whole < 100) return 2;
  if (whole < 1000) return 3;
  if (whole < 10000) return 4;
  let digits = 5;
  while (whole >= 10 ** digits) digits++;
  return digits;
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
