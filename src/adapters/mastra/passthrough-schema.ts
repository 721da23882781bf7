import type { JsonSchemaObject } from "../../schema/json.js";

/** The JSON Schema drafts Mastra asks a Standard Schema for (`target`), as toolwright names them. */
type Draft = "2020-12" | "draft-07";

/** Options Mastra passes to `~standard.jsonSchema.input/output`. */
interface JsonSchemaRequest {
  readonly target?: string;
}

/**
 * A Standard Schema (with its JSON Schema) that shows the model toolwright's lowered schema but accepts
 * every value: Mastra's `validateToolInput` then never refuses or reshapes a call toolwright would
 * repair, and `Toolbox.execute` stays the one place input is decoded and validated.
 */
export interface PassthroughSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "toolwright";
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly jsonSchema: {
      readonly input: (options?: JsonSchemaRequest) => JsonSchemaObject;
      readonly output: (options?: JsonSchemaRequest) => JsonSchemaObject;
    };
  };
}

/**
 * A schema whose JSON Schema is `schemaFor(draft)` and whose validation lets every value through.
 *
 * @example
 * ```ts
 * const schema = passthroughSchema((draft) => ({ type: "object", properties: {} }));
 * ```
 */
export function passthroughSchema(
  schemaFor: (draft: Draft) => JsonSchemaObject,
): PassthroughSchema {
  const convert = (options?: JsonSchemaRequest): JsonSchemaObject =>
    schemaFor(options?.target === "draft-07" ? "draft-07" : "2020-12");
  return {
    "~standard": {
      version: 1,
      vendor: "toolwright",
      validate: (value) => ({ value }),
      jsonSchema: { input: convert, output: convert },
    },
  };
}
