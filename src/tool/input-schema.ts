import type { ActivityDefinition } from "../activity/activity-registry.js";
import { ActivityConfigError } from "../errors/activity-config-error.js";
import { ToolConfigError } from "../errors/tool-config-error.js";
import { withExtraProperties } from "../schema/extra-properties.js";
import {
  emptyInputSchema,
  type NormalizedSchema,
  normalizeSchema,
  SchemaSourceError,
} from "../schema/normalize-schema.js";
import type { Tool } from "./tool.js";
import { type ToolState, toolState } from "./tool-state.js";

/**
 * @internal The input schema of an activity on one tool instance: the class's schema (or what its
 * schema function returns for this tool) plus the tool's extra properties; resolved once per instance.
 */
export function resolveInputSchema(
  tool: Tool,
  definition: ActivityDefinition,
  state: ToolState = toolState(tool),
): NormalizedSchema {
  const { name, methodName } = definition.activity;
  const cached = state.schemas.get(name);
  if (cached !== undefined) return cached;
  let base: NormalizedSchema;
  const slot = definition.schema;
  if (slot.kind === "none") base = emptyInputSchema();
  else if (slot.kind === "static") base = slot.schema;
  else {
    try {
      base = normalizeSchema(slot.factory(tool as never), { requireObject: true });
    } catch (error) {
      const message =
        error instanceof SchemaSourceError ? error.message : `threw: ${(error as Error).message}`;
      throw new ActivityConfigError({
        methodName,
        key: "schema",
        message: `(function) ${message}`,
        cause: error,
      });
    }
  }
  const extras = state.extras.get(name);
  let resolved = base;
  if (extras !== undefined) {
    try {
      resolved = withExtraProperties(base, extras);
    } catch (error) {
      if (!(error instanceof SchemaSourceError)) throw error;
      throw new ToolConfigError({
        toolName: tool.name,
        option: `extraSchemaProperties.${name}`,
        message: error.message,
      });
    }
  }
  state.schemas.set(name, resolved);
  return resolved;
}
