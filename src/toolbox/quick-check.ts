import { addToFloor, type TextFloor } from "../calls/duplicate-keys.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import { isPlainObject } from "../internal/clone-json.js";
import { settledProperties } from "../schema/drop-unknown-keys.js";
import type { JsonSchemaObject } from "../schema/json.js";

/**
 * @internal What one pass over a parsed call's keys needs to know that every later decode step would
 * leave the value as it is: per declared key, whether a `null` there is a synthetic one to undo.
 */
export type QuickCheck = Readonly<Record<string, boolean>>;

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
  // A prototype-less record rather than a Map: a keyed load here is cheaper than `Map.get`.
  const check: Record<string, boolean> = Object.create(null);
  for (const key of settled) check[key] = false;
  for (const [name, entry] of plan?.entries ?? []) {
    if (entry.key !== name || entry.plan !== undefined || !settled.has(name)) delete check[name];
    else check[name] = entry.syntheticNull;
  }
  return check;
}

/**
 * @internal True when `value` is a plain object whose keys all pass `check`: unwrapping, undoing the
 * lowering and dropping unknown keys would all give it back unchanged. One `Object.keys` and a lookup
 * per key, instead of three walks.
 */
export function passesQuickCheck(check: QuickCheck, value: unknown): boolean {
  return quickFloor(check, value) !== undefined;
}

/**
 * @internal {@link passesQuickCheck} that also measures the value for the duplicate-key check (its
 * keys and its shortest spelling), or `undefined` when the check fails. One pass for both.
 */
export function quickFloor(check: QuickCheck, value: unknown): TextFloor | undefined {
  if (!isPlainObject(value)) return undefined;
  const floor: TextFloor = { keys: 0, length: 1 };
  // `for…in` reads a parsed object's keys from its shape's cache, where `Object.keys` builds an array
  // (a quarter of this pass). It also lists inherited enumerable keys, which no check holds: those
  // fail the check and take the full decode.
  for (const key in value) {
    const nullable = check[key];
    const item = value[key];
    if (nullable === undefined || (nullable && item === null)) return undefined;
    // Each key's quotes, colon and the comma or brace after its value (as `addToFloor` counts them).
    floor.keys++;
    floor.length += key.length + 4;
    if (!addToFloor(floor, item, 1)) return undefined;
  }
  if (floor.keys === 0) floor.length = 2;
  return floor;
}
