import type { NormalizedSchema } from "../schema/normalize-schema.js";
import type { DescriptionTemplate } from "./description-template.js";
import type { ToolActivity } from "./tool-activity.js";

/** @internal Where an activity's input schema comes from. */
export type SchemaSlot =
  | { readonly kind: "none" }
  | { readonly kind: "static"; readonly schema: NormalizedSchema }
  | { readonly kind: "callable"; readonly factory: (tool: never) => unknown };

/** @internal Everything toolwright keeps about one decorated method; users only see `activity`. */
export interface ActivityDefinition {
  readonly activity: ToolActivity;
  readonly method: (tool: object) => (...args: unknown[]) => unknown;
  readonly schema: SchemaSlot;
  readonly template: DescriptionTemplate | undefined;
  /** Checks the results, when the activity declares an `outputSchema`. */
  readonly outputSchema?: NormalizedSchema;
}

/** @internal The activities of one Tool class, in declaration order. */
export interface ClassActivities {
  readonly list: readonly ToolActivity[];
  readonly byName: ReadonlyMap<string, ActivityDefinition>;
}

// Decorators record plain data keyed by the class's metadata object (zod-style registry), never on the class.
const ownDefinitions = new WeakMap<object, ActivityDefinition[]>();
const definitionsByActivity = new WeakMap<ToolActivity, ActivityDefinition>();
const classCache = new WeakMap<object, ClassActivities>();

/** @internal Returns the definitions recorded so far on one class's own metadata object. */
export function ownActivities(metadata: object): readonly ActivityDefinition[] {
  return ownDefinitions.get(metadata) ?? [];
}

/** @internal Records a decorated method on its class's metadata object. */
export function recordActivity(metadata: object, definition: ActivityDefinition): void {
  let list = ownDefinitions.get(metadata);
  if (list === undefined) {
    list = [];
    ownDefinitions.set(metadata, list);
  }
  list.push(definition);
  definitionsByActivity.set(definition.activity, definition);
}

/** @internal The definition behind a `ToolActivity`. */
export function definitionOf(activity: ToolActivity): ActivityDefinition | undefined {
  return definitionsByActivity.get(activity);
}

/**
 * @internal The activities of a class, inherited ones first, computed once per class. A subclass that
 * decorates the same method or reuses an activity name replaces the inherited activity in its place.
 */
export function classActivities(toolClass: object): ClassActivities {
  const cached = classCache.get(toolClass);
  if (cached !== undefined) return cached;
  const chain: object[] = [];
  let metadata: unknown = (toolClass as { [Symbol.metadata]?: unknown })[Symbol.metadata];
  while (typeof metadata === "object" && metadata !== null) {
    chain.unshift(metadata);
    metadata = Object.getPrototypeOf(metadata);
  }
  const merged: ActivityDefinition[] = [];
  for (const level of chain) {
    for (const definition of ownDefinitions.get(level) ?? []) {
      const { name, methodName } = definition.activity;
      const index = merged.findIndex(
        (existing) =>
          existing.activity.name === name || existing.activity.methodName === methodName,
      );
      if (index === -1) {
        merged.push(definition);
        continue;
      }
      merged[index] = definition;
      for (let other = merged.length - 1; other > index; other--) {
        const existing = merged[other] as ActivityDefinition;
        if (existing.activity.name === name || existing.activity.methodName === methodName) {
          merged.splice(other, 1);
        }
      }
    }
  }
  const result: ClassActivities = {
    list: Object.freeze(merged.map((definition) => definition.activity)),
    byName: new Map(merged.map((definition) => [definition.activity.name, definition])),
  };
  classCache.set(toolClass, result);
  return result;
}
