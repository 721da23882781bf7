import type { JsonSchema, JsonSchemaObject } from "../schema/json.js";
import type { SchemaProfile } from "./capabilities.js";
import type { DecodePlan } from "./decode-plan.js";
import { acceptsNull, makeNullable, withNotes } from "./schema-notes.js";

/** @internal A path into the input value (`"*"` for any array item or map value). */
export type Path = readonly (string | number)[];

/** @internal One lowered node and how to undo it. */
export interface Lowered {
  schema: JsonSchemaObject;
  plan: DecodePlan | undefined;
}

/** @internal A recursive definition hoisted to the root's `$defs`. */
export interface RecursiveDef {
  readonly name: string;
  readonly holder: { plan: DecodePlan | undefined };
  schema: JsonSchemaObject | undefined;
}

/** @internal What one lowering run carries from node to node. */
export interface State {
  readonly profile: SchemaProfile;
  readonly root: JsonSchemaObject;
  readonly stack: string[];
  readonly defs: Map<string, RecursiveDef>;
  properties: number;
  /** Lowers a child node (the recursion, passed in so the node kinds can live in their own files). */
  readonly lower: (schema: JsonSchema, path: Path, depth: number) => Lowered;
}

/** @internal Where one node is lowered: the notes its description collects, its path and depth, the run. */
export interface Site {
  readonly notes: string[];
  readonly path: Path;
  readonly state: State;
  readonly depth: number;
}

/** @internal Applies nullability and the description with its notes. */
export function finish(
  out: JsonSchemaObject,
  node: JsonSchemaObject,
  notes: readonly string[],
  plan: DecodePlan | undefined,
  nullable: boolean,
  state: State,
): Lowered {
  const description = withNotes(node.description, notes);
  const schema: JsonSchemaObject = { ...out };
  if (nullable && !acceptsNull(schema)) {
    if (state.profile.nullStyle === "nullable") {
      schema.nullable = true;
      if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((value) => value !== null);
    } else {
      return finishDescription(makeNullable(schema), description, plan);
    }
  }
  return finishDescription(schema, description, plan);
}

/** @internal Sets (or clears) the description. */
export function finishDescription(
  schema: JsonSchemaObject,
  description: string | undefined,
  plan: DecodePlan | undefined,
): Lowered {
  if (description !== undefined) schema.description = description;
  else delete schema.description;
  return { schema, plan };
}
