import { activity } from "../../activity/activity.js";
import { JsonArtifact } from "../../artifacts/json-artifact.js";
import { ToolConfigError } from "../../errors/tool-config-error.js";
import { anyValue } from "../../internal/option-rules.js";
import {
  normalizeSchema,
  type SchemaSource,
  SchemaSourceError,
} from "../../schema/normalize-schema.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { checkBuiltInToolOptions } from "../tool-option.js";

/**
 * Options of a {@link StructuredOutputTool}.
 *
 * @example
 * ```ts
 * new StructuredOutputTool({ schema: z.object({ answer: z.string(), confidence: z.number() }) });
 * ```
 */
export interface StructuredOutputToolOptions extends ToolOptions {
  /** The shape of the final answer: a zod object, a Standard Schema or a JSON Schema with root `type: "object"`. */
  schema: SchemaSource;
}

/**
 * Griptape's StructuredOutputTool: `provide_output` takes the final answer in the given shape, validated
 * like any activity input, and returns it as a `JsonArtifact`; an agent treats that call as the end.
 *
 * @example
 * ```ts
 * const output = new StructuredOutputTool({ schema: z.object({ foo: z.string() }) });
 * (await output.run("provide_output", { foo: "bar" })).value; // { foo: "bar" }
 * ```
 */
export class StructuredOutputTool extends Tool {
  /** The schema of the answer, as given. */
  readonly outputSchema: SchemaSource;

  constructor(options: StructuredOutputToolOptions) {
    // What the schema may be is for normalizeSchema to say, below.
    checkBuiltInToolOptions(new.target, options, { schema: anyValue }, ["schema"]);
    const { schema, ...base } = options;
    super(base);
    try {
      normalizeSchema(schema, { requireObject: true });
    } catch (error) {
      if (!(error instanceof SchemaSourceError)) throw error;
      throw new ToolConfigError({
        toolName: this.name,
        option: "schema",
        message: error.message,
        cause: error,
      });
    }
    this.outputSchema = schema;
  }

  @activity({
    description: "Used to provide the final response which ends this conversation.",
    schema: (tool: StructuredOutputTool) => tool.outputSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: false },
    finalAnswer: true,
  })
  provide_output(input: unknown): JsonArtifact {
    return new JsonArtifact(input);
  }
}
