import type { ParsedToolCall } from "../tool-call-format.js";

/**
 * The keys of one format's call object: where the name, the arguments and the id (if any) are.
 *
 * @example
 * ```ts
 * const cohere: CallShape = { nameKey: "tool_name", argumentKeys: ["parameters"], idKey: "tool_call_id" };
 * ```
 */
export interface CallShape {
  readonly nameKey: string;
  /** Tried in order; a call without any of them has no arguments (`{}`) unless `requireArguments`. */
  readonly argumentKeys: readonly string[];
  /** Bare-JSON formats need the key to tell a call from data that happens to have a `name`. */
  readonly requireArguments?: boolean;
  readonly idKey?: string;
}

/**
 * The `{"name": …, "arguments": {…}}` shape most formats share (`parameters` accepted too).
 *
 * @example
 * ```ts
 * toCall({ name: "f", parameters: { a: 1 } }, nameAndArguments); // { call: { name: "f", arguments: { a: 1 } } }
 * ```
 */
export const nameAndArguments: CallShape = {
  nameKey: "name",
  argumentKeys: ["arguments", "parameters"],
};

/**
 * One call read from a parsed JSON value, or why it is not one.
 *
 * @example
 * ```ts
 * const reading: CallReading = { reason: "the call has no name" };
 * ```
 */
export type CallReading = { readonly call: ParsedToolCall } | { readonly reason: string };

/**
 * Reads a parsed JSON value as one call of `shape`. Arguments given as an object stay an object;
 * arguments given as a string stay the string (the toolbox's decoder reads it later).
 *
 * @example
 * ```ts
 * toCall({ name: "f", arguments: "{\"a\": 1}" }, nameAndArguments); // { call: { name: "f", arguments: "{\"a\": 1}" } }
 * ```
 */
export function toCall(value: unknown, shape: CallShape): CallReading {
  const expected = `{"${shape.nameKey}": "<tool>", "${shape.argumentKeys[0] ?? "arguments"}": {…}}`;
  if (!isPlainObject(value)) return { reason: `the call is not a JSON object; send ${expected}` };
  const name = value[shape.nameKey];
  if (typeof name !== "string" || name.trim() === "")
    return { reason: `the call has no "${shape.nameKey}" string; send ${expected}` };
  // `{"name": "Lebron James", "sport": "Basketball"}` is arguments with a `name` parameter, not a call:
  // a call object holds its name, its arguments, an id and a type, nothing else.
  const other = Object.keys(value).find((key) => !callKeys(shape).has(key));
  if (other !== undefined)
    return {
      reason: `the object has "${other}" beside the call's keys, so it is not a call; send ${expected}`,
    };
  const key = shape.argumentKeys.find((candidate) => candidate in value);
  if (key === undefined && shape.requireArguments === true)
    return {
      reason: `the call "${name}" has no "${shape.argumentKeys.join('" or "')}"; send ${expected}`,
    };
  const args = key === undefined ? {} : value[key];
  return withArguments(name, args, readId(value, shape));
}

/**
 * Checks a call's arguments (an object, or the text of one) and builds the call.
 *
 * @example
 * ```ts
 * withArguments("f", { a: 1 }, undefined); // { call: { name: "f", arguments: { a: 1 } } }
 * ```
 */
export function withArguments(name: string, args: unknown, id: string | undefined): CallReading {
  if (typeof args !== "string" && !isPlainObject(args))
    return {
      reason: `the arguments of "${name}" are not a JSON object; send them as {"parameter": value, …}`,
    };
  return { call: id === undefined ? { name, arguments: args } : { name, arguments: args, id } };
}

/**
 * The call with the brackets that closed its cut-off arguments recorded on it.
 *
 * @example
 * ```ts
 * withClosedBrackets({ name: "f", arguments: { a: "x" } }, "}}").closedBrackets; // "}}"
 * ```
 */
export function withClosedBrackets(call: ParsedToolCall, closing: string): ParsedToolCall {
  return { ...call, closedBrackets: closing };
}

/**
 * True for a JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * isPlainObject({}); // true
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readId(value: Record<string, unknown>, shape: CallShape): string | undefined {
  if (shape.idKey === undefined) return undefined;
  const id = value[shape.idKey];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}

const shapeKeys = new WeakMap<CallShape, ReadonlySet<string>>();

/** The keys a call object of `shape` may hold. */
function callKeys(shape: CallShape): ReadonlySet<string> {
  let keys = shapeKeys.get(shape);
  if (keys === undefined) {
    keys = new Set([shape.nameKey, ...shape.argumentKeys, shape.idKey ?? "id", "id", "type"]);
    shapeKeys.set(shape, keys);
  }
  return keys;
}
