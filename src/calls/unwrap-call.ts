import { isPlainObject } from "../internal/clone-json.js";
import type { Repair } from "../tool/repair.js";
import { decodeJsonText } from "./unwrap-string.js";

/**
 * @internal Whom a name inside the arguments names: the activity that was called, another one of the
 * toolbox, or nothing the toolbox knows.
 */
export type CallNameMatch = "this" | "other" | "none";

/** @internal A whole call found in the arguments that names another activity: refused, never run. */
export class ForeignCall {
  constructor(readonly message: string) {}
}

// Keys a provider or model puts beside a call's name and arguments; they carry nothing of the input.
const callExtras = new Set(["id", "type", "call_id", "index"]);
const nameKeys = ["name", "tool", "tool_name", "toolName", "function_name", "action"];
const argumentKeys = [
  "arguments",
  "parameters",
  "args",
  "input",
  "params",
  "kwargs",
  "tool_input",
  "action_input",
];

/**
 * @internal Whole calls sent as the arguments of a call: `{name, arguments}`, `{name, parameters}`
 * (Llama), `{function: {name, arguments}}` (OpenAI's own shape), `{tool, tool_input}` (LangChain),
 * `{action, action_input}` (ReAct) and `{"<tool name>": {…}}`. The inner input is used when the inner
 * name resolves to the activity that was called (logged); a name of another activity is a
 * {@link ForeignCall}; a shape whose keys the activity declares as parameters is input, not a call.
 */
export function unwrapCall(
  value: unknown,
  declared: ReadonlySet<string>,
  match: (name: string) => CallNameMatch,
  repairs: Repair[],
): unknown {
  if (!isPlainObject(value)) return value;
  const call = readCall(value, declared);
  if (call === undefined) return value;
  const whom = match(call.name);
  if (whom === "none") return value;
  if (whom === "other") {
    return new ForeignCall(
      `the arguments hold a call of "${call.name}", another tool; call it directly, with its own arguments`,
    );
  }
  let inner = call.input;
  if (typeof inner === "string") inner = inner.trim() === "" ? {} : decodeJsonText(inner, true);
  if (inner === undefined || inner === null) inner = {};
  if (!isPlainObject(inner)) return value;
  repairs.push({ step: "unwrap-call", detail: `unwrapped a whole call (${call.shape})` });
  return inner;
}

interface FoundCall {
  readonly name: string;
  readonly input: unknown;
  readonly shape: string;
}

function readCall(
  value: Record<string, unknown>,
  declared: ReadonlySet<string>,
): FoundCall | undefined {
  const keys = Object.keys(value).filter((key) => !callExtras.has(key) || declared.has(key));
  // A key the activity declares makes the object its input, whatever it looks like.
  if (keys.some((key) => declared.has(key))) return undefined;
  if (keys.length === 1) {
    const only = keys[0] as string;
    const inner = value[only];
    if (only === "function" && isPlainObject(inner)) return readFunction(inner);
    if (isPlainObject(inner)) return { name: only, input: inner, shape: `{"${only}": {…}}` };
    return undefined;
  }
  if (keys.length !== 2) return undefined;
  const nameKey = keys.find((key) => nameKeys.includes(key));
  const argumentKey = keys.find((key) => argumentKeys.includes(key));
  if (nameKey === undefined || argumentKey === undefined) return undefined;
  const name = value[nameKey];
  if (typeof name !== "string" || name === "") return undefined;
  return { name, input: value[argumentKey], shape: `{${nameKey}, ${argumentKey}}` };
}

function readFunction(inner: Record<string, unknown>): FoundCall | undefined {
  const name = inner.name;
  if (typeof name !== "string") return undefined;
  const argumentKey = argumentKeys.find((key) => Object.hasOwn(inner, key));
  const extra = Object.keys(inner).filter(
    (key) => key !== "name" && key !== argumentKey && !callExtras.has(key),
  );
  if (extra.length > 0) return undefined;
  return {
    name,
    input: argumentKey === undefined ? {} : inner[argumentKey],
    shape: "{function: {name, arguments}}",
  };
}
