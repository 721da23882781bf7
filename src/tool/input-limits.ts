import { formatBytes, formatCount } from "../internal/bytes.js";

/**
 * How much input one call may bring, checked before any parsing or repair work, so that no model reply
 * can hold the event loop or exhaust the stack: each bound is refused with an `ErrorArtifact` the model
 * can act on. The defaults leave room for any real tool call (a few KB) by orders of magnitude.
 *
 * @example
 * ```ts
 * new Toolbox(tools, { inputLimits: { maxArgumentBytes: 256 * 1024, maxKeys: 5_000 } });
 * ```
 */
export interface InputLimits {
  /** Largest argument text, in UTF-8 bytes (for an object, the size of its keys and strings); 1 MiB by default. */
  maxArgumentBytes?: number | undefined;
  /** Deepest nesting of objects and arrays; 256 by default. */
  maxDepth?: number | undefined;
  /** Most object keys and array items, counted over the whole input; 10,000 by default. */
  maxKeys?: number | undefined;
  /**
   * Longest argument text the JSON repair step works on, in characters; 65,536 by default. Longer text
   * must be valid JSON: repairing it could block the event loop for longer than a model's call is worth.
   */
  maxRepairLength?: number | undefined;
}

/** @internal Input limits with every default applied. */
export type SettledInputLimits = { readonly [Key in keyof InputLimits]-?: number };

/** @internal The limits a Toolbox uses when it is given none. */
export const defaultInputLimits: SettledInputLimits = Object.freeze({
  maxArgumentBytes: 1024 * 1024,
  maxDepth: 256,
  maxKeys: 10_000,
  maxRepairLength: 64 * 1024,
});

/** @internal The given limits over the defaults. */
export function settleInputLimits(limits: InputLimits | undefined): SettledInputLimits {
  if (limits === undefined) return defaultInputLimits;
  return Object.freeze({
    maxArgumentBytes: limits.maxArgumentBytes ?? defaultInputLimits.maxArgumentBytes,
    maxDepth: limits.maxDepth ?? defaultInputLimits.maxDepth,
    maxKeys: limits.maxKeys ?? defaultInputLimits.maxKeys,
    maxRepairLength: limits.maxRepairLength ?? defaultInputLimits.maxRepairLength,
  });
}

/**
 * @internal Why argument text is over a limit, or `undefined` when it is within all of them. Text shorter
 * than both the depth and the key limit cannot exceed either (each level and each entry takes a
 * character), so the common short call costs one comparison; longer text gets one linear scan, far
 * cheaper than the `JSON.parse` it protects.
 */
export function textOverLimit(text: string, limits: SettledInputLimits): string | undefined {
  const length = text.length;
  // A UTF-16 unit is at most 3 UTF-8 bytes: only text that might be over pays for the exact count.
  if (length * 3 > limits.maxArgumentBytes) {
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > limits.maxArgumentBytes) return tooLarge(bytes, limits.maxArgumentBytes);
  }
  if (length <= limits.maxDepth && length <= limits.maxKeys) return undefined;
  return shapeOverLimit(scanText(text), limits);
}

/**
 * @internal Why a value (arguments a provider SDK already parsed) is over a limit, or `undefined`. Walks
 * with its own stack, never recursion, so no depth can overflow it; stops at the first bound crossed.
 */
export function valueOverLimit(value: unknown, limits: SettledInputLimits): string | undefined {
  if (typeof value !== "object" || value === null) {
    return typeof value === "string" ? textSizeOverLimit(value.length, limits) : undefined;
  }
  // Parallel stacks of nodes and their depths: no object per entry, no recursion.
  const pending: object[] = [value];
  const depths: number[] = [1];
  let keys = 0;
  let size = 0;
  while (pending.length > 0) {
    const node = pending.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limits.maxDepth) return tooDeep(limits.maxDepth);
    let names: readonly string[] | undefined;
    let count: number;
    if (Array.isArray(node)) count = node.length;
    else {
      names = Object.keys(node);
      count = names.length;
    }
    keys += count;
    if (keys > limits.maxKeys) return tooManyKeys(limits.maxKeys);
    for (let index = 0; index < count; index++) {
      let child: unknown;
      if (names === undefined) child = (node as unknown[])[index];
      else {
        const name = names[index] as string;
        // `"name":` in JSON text.
        size += name.length + 3;
        child = (node as Record<string, unknown>)[name];
      }
      // `"value",`; other values count a nominal 5 characters (`1234,`, `true,`, `null,`).
      if (typeof child === "string") size += child.length + 3;
      else if (typeof child === "object" && child !== null) {
        pending.push(child);
        depths.push(depth + 1);
      } else size += 5;
    }
    // Characters, not bytes: an exact figure would need a byte count of every string.
    if (size > limits.maxArgumentBytes) return tooLarge(size, limits.maxArgumentBytes);
  }
  return undefined;
}

function textSizeOverLimit(length: number, limits: SettledInputLimits): string | undefined {
  return length > limits.maxArgumentBytes ? tooLarge(length, limits.maxArgumentBytes) : undefined;
}

interface TextShape {
  readonly depth: number;
  readonly keys: number;
}

/**
 * Deepest bracket nesting and entry count (commas plus non-empty containers) outside strings. Brackets
 * never closed still count: the repair step would close them.
 */
function scanText(text: string): TextShape {
  let depth = 0;
  let deepest = 0;
  let keys = 0;
  let inString = false;
  let opened = false;
  for (let index = 0; index < text.length; index++) {
    if (inString) {
      // Jump to the string's closing quote with the native search: most of the text is in strings.
      const quote = text.indexOf('"', index);
      if (quote === -1) break;
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 92 /* \ */) backslashes++;
      index = quote;
      if (backslashes % 2 === 0) inString = false;
      continue;
    }
    const code = text.charCodeAt(index);
    if (code === 32 || code === 10 || code === 13 || code === 9) continue;
    if (opened && code !== 125 /* } */ && code !== 93 /* ] */) keys++;
    opened = false;
    if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      opened = true;
    } else if (code === 125 || code === 93) depth--;
    else if (code === 44 /* , */) keys++;
  }
  return { depth: deepest, keys };
}

function shapeOverLimit(shape: TextShape, limits: SettledInputLimits): string | undefined {
  if (shape.depth > limits.maxDepth) return tooDeep(limits.maxDepth);
  if (shape.keys > limits.maxKeys) return tooManyKeys(limits.maxKeys);
  return undefined;
}

function tooLarge(size: number, limit: number): string {
  return `the arguments are ${formatBytes(size)}, over the ${formatBytes(limit)} limit; send less data per call (split it, or pass a memory reference)`;
}

function tooDeep(limit: number): string {
  return `the arguments nest deeper than ${limit} levels; send a flatter value`;
}

function tooManyKeys(limit: number): string {
  return `the arguments hold more than ${formatCount(limit)} keys and items; send less data per call`;
}
