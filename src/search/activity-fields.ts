import type { JsonSchemaObject } from "../schema/json.js";
import { transformSchema } from "../schema/walk-schema.js";

/** @internal What the search index reads of one activity. */
export interface SearchableActivity {
  readonly toolName: string;
  readonly activityName: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
}

/** @internal The indexed fields, in the order of the index's weights. */
export const fieldNames = ["name", "description", "parameterNames", "parameterText"] as const;

/** @internal One text per field. */
export type ActivityFields = Record<(typeof fieldNames)[number], string>;

/**
 * @internal The text of each field of an activity: its tool and activity names, its description, the
 * names of its parameters at every depth, and what describes them (descriptions, titles, the strings
 * of `enum` and `const`). One walk over the schema.
 */
export function activityFields(activity: SearchableActivity): ActivityFields {
  const names: string[] = [];
  const text: string[] = [];
  transformSchema(activity.schema, (node, path) => {
    const parent = path.at(-2);
    const key = path.at(-1);
    if ((parent === "properties" || parent === "patternProperties") && typeof key === "string") {
      names.push(key);
    }
    // The root's own description repeats the activity's more often than not.
    if (path.length > 0) {
      if (typeof node.description === "string") text.push(node.description);
      if (typeof node.title === "string") text.push(node.title);
    }
    if (Array.isArray(node.enum)) {
      for (const value of node.enum) if (typeof value === "string") text.push(value);
    }
    if (typeof node.const === "string") text.push(node.const);
    return node;
  });
  return {
    name: `${activity.toolName} ${activity.activityName}`,
    description: activity.description,
    parameterNames: names.join(" "),
    parameterText: text.join(" "),
  };
}
