import type { JsonValue } from "../schema/json.js";

/**
 * @internal How to undo a lowering on a model's value, node by node; `undefined` wherever the value
 * needs no change, so an identity lowering costs nothing at decode time.
 */
export type DecodePlan =
  | {
      readonly kind: "object";
      /** Keyed by the name the provider saw. */
      readonly keys: ReadonlyMap<string, KeyPlan>;
      /** The same entries as a list: checking a value walks the few keys with a plan, not all of its own. */
      readonly entries: readonly (readonly [string, KeyPlan])[];
    }
  | {
      readonly kind: "array";
      readonly items: DecodePlan | undefined;
      readonly prefix: readonly (DecodePlan | undefined)[];
    }
  /** The dialect carried this value as a JSON-encoded string. */
  | { readonly kind: "json-string" }
  /** Non-string enum values were sent as strings. */
  | { readonly kind: "enum"; readonly values: ReadonlyMap<string, JsonValue> }
  /** Branches of an `anyOf`; the one that fits the value's JSON type applies. */
  | { readonly kind: "union"; readonly branches: readonly DecodePlan[] }
  /** A recursive definition, filled once it is lowered. */
  | { readonly kind: "ref"; readonly target: { plan: DecodePlan | undefined } };

/** @internal The plan of an object whose keys `keys` maps. */
export function objectPlan(keys: ReadonlyMap<string, KeyPlan>): DecodePlan {
  return { kind: "object", keys, entries: [...keys] };
}

/** @internal What to do with one property. */
export interface KeyPlan {
  /** The property's name in the original schema. */
  readonly key: string;
  /** The dialect made an optional property required-and-nullable: a null means "absent". */
  readonly syntheticNull: boolean;
  readonly plan: DecodePlan | undefined;
}
