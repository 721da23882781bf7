import { countKeys } from "../calls/duplicate-keys.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import { isPlainObject } from "../internal/clone-json.js";
import { settledProperties } from "../schema/drop-unknown-keys.js";
import type { JsonSchemaObject } from "../schema/json.js";

/**
 * @internal What one pass over a parsed call's keys needs to know that every later decode step would
 * leave the value as it is: per declared key, whether a `null` there is a synthetic one to undo.
 */
export type QuickCheck = ReadonlyMap<string, boolean>;

/**
 * @internal The quick check for an activity's input schema and the decode plan of the dialect in use;
 * `undefined` when the plan or the schema's root is not a plain object node (the full decode runs).
 * A key gets in only when no step can touch it: declared, nothing to prune below it, not renamed, no
 * nested reversal. So an envelope (`{"values": …}`, never a declared key here), a renamed key or an
 * unknown key sends the call down the full path.
 */
export function buildQuickCheck(
  schema: JsonSchemaObject,
  plan: DecodePlan | undefined,
): QuickCheck | undefined {
  if (plan !== undefined && plan.kind !== "object") return undefined;
  const settled = settledProperties(schema);
  if (settled === undefined) return undefined;
  const check = new Map<string, boolean>();
  for (const key of settled) check.set(key, false);
  for (const [name, entry] of plan?.entries ?? []) {
    if (entry.key !== name || entry.plan !== undefined || !settled.has(name)) check.delete(name);
    else check.set(name, entry.syntheticNull);
  }
  return check;
}

/**
 * @internal True when `value` is a plain object whose keys all pass `check`: unwrapping, undoing the
 * lowering and dropping unknown keys would all give it back unchanged. One `Object.keys` and a lookup
 * per key, instead of three walks.
 */
export function passesQuickCheck(check: QuickCheck, value: unknown): boolean {
  return quickKeyCount(check, value) >= 0;
}

/**
 * @internal {@link passesQuickCheck} that also counts every key of the value, nested ones included
 * (what the duplicate-key check compares with the text), or -1 when the check fails. One pass for both.
 */
export function quickKeyCount(check: QuickCheck, value: unknown): number {
  if (!isPlainObject(value)) return -1;
  const keys = Object.keys(value);
  let count = keys.length;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const nullable = check.get(key);
    const item = value[key];
    if (nullable === undefined || (nullable && item === null)) return -1;
    if (typeof item === "object" && item !== null) count += countKeys(item, 1);
  }
  return count;
}
