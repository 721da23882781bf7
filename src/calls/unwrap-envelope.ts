import { isPlainObject } from "../internal/clone-json.js";
import type { JsonSchemaObject } from "../schema/json.js";
import type { Repair } from "../tool/repair.js";
import { decodeJsonText } from "./unwrap-string.js";

// Keys models wrap a whole input in (Griptape's old `values` envelope, `input`, `arguments`, …).
const envelopeKeys = new Set([
  "values",
  "input",
  "arguments",
  "parameters",
  "args",
  "params",
  "kwargs",
]);

/**
 * @internal `{"values": {…}}` when the activity declares no `values` property: the inner object is the
 * input (also when it is a JSON string of an object). Nested envelopes are opened too.
 */
export function unwrapEnvelope(
  value: unknown,
  schema: () => JsonSchemaObject,
  repairs: Repair[],
  repairJson: boolean,
): unknown {
  let current = value;
  for (let round = 0; round < 3 && isPlainObject(current); round++) {
    const key = soleEnvelopeKey(current);
    if (key === undefined) break;
    const properties = schema().properties;
    if (properties !== undefined && Object.hasOwn(properties, key)) break;
    let inner: unknown = current[key];
    if (typeof inner === "string") inner = decodeJsonText(inner, repairJson);
    if (!isPlainObject(inner)) break;
    repairs.push({ step: "unwrap-envelope", detail: `unwrapped a {"${key}": …} envelope` });
    current = inner;
  }
  return current;
}

/** The object's only key when it is an envelope key; a call's first key usually settles it. */
function soleEnvelopeKey(value: Record<string, unknown>): string | undefined {
  let found: string | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (found !== undefined || !envelopeKeys.has(key)) return undefined;
    found = key;
  }
  return found;
}
