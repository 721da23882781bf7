// Vendored from @standard-schema/spec 1.1.0 (MIT, https://standardschema.dev): the spec is meant to be
// copied, so any schema library works here without a runtime dependency.

/**
 * A Standard Schema: any validation library that implements `~standard.validate` (zod, valibot, arktype …).
 *
 * @example
 * ```ts
 * const schema: StandardSchemaV1<{ q: string }> = z.object({ q: z.string() });
 * ```
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaProps<Input, Output>;
}

/**
 * A schema that can also describe itself as JSON Schema (Standard JSON Schema).
 *
 * @example
 * ```ts
 * const schema: StandardJSONSchemaV1 = z.object({ q: z.string() });
 * ```
 */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardTypedProps<Input, Output> & {
    readonly jsonSchema: {
      readonly input: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
    };
  };
}

/**
 * Options of a Standard JSON Schema converter.
 *
 * @example
 * ```ts
 * schema["~standard"].jsonSchema.input({ target: "draft-2020-12" });
 * ```
 */
export interface StandardJSONSchemaOptions {
  readonly target: "draft-2020-12" | "draft-07" | "openapi-3.0" | (string & {});
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * Properties shared by Standard Schema and Standard JSON Schema.
 *
 * @example
 * ```ts
 * const vendor: StandardTypedProps["vendor"] = "zod";
 * ```
 */
export interface StandardTypedProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/**
 * The `~standard` properties of a Standard Schema.
 *
 * @example
 * ```ts
 * const result = await schema["~standard"].validate(value);
 * ```
 */
export interface StandardSchemaProps<Input = unknown, Output = Input>
  extends StandardTypedProps<Input, Output> {
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
  ) => StandardResult<Output> | Promise<StandardResult<Output>>;
}

/**
 * The result of a Standard Schema validation.
 *
 * @example
 * ```ts
 * const result: StandardResult<string> = { value: "ok" };
 * ```
 */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
      }>;
    };

/**
 * The output type of a Standard Schema.
 *
 * @example
 * ```ts
 * type Input = InferOutput<typeof schema>;
 * ```
 */
export type InferOutput<Schema extends { readonly "~standard": StandardTypedProps }> = NonNullable<
  Schema["~standard"]["types"]
>["output"];
