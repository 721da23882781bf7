import { dialectLabel } from "./capabilities.js";
import type { Dialect, DialectOptions } from "./dialect.js";

/** @internal One way of compiling tools: a dialect and the options that change its output. */
export interface DialectVariant {
  readonly dialect: Dialect;
  readonly options: DialectOptions;
  readonly label: string;
}

const variantOptions: readonly [Dialect, DialectOptions][] = [
  ["openai-chat", {}],
  ["openai-chat", { strict: true }],
  ["openai-responses", {}],
  ["openai-responses", { strict: true }],
  ["anthropic", {}],
  ["anthropic", { strict: true }],
  ["gemini", { geminiSchemaField: "parameters" }],
  ["gemini", { geminiSchemaField: "parametersJsonSchema" }],
  ["ollama", {}],
  ["mcp", {}],
  ["json-schema", { jsonSchemaDraft: "2020-12" }],
  ["json-schema", { jsonSchemaDraft: "draft-07" }],
];

/** @internal Every dialect with each of its variants (12). */
export const dialectVariants: readonly DialectVariant[] = variantOptions.map(
  ([dialect, options]) => ({
    dialect,
    options,
    label:
      options.jsonSchemaDraft === undefined
        ? dialectLabel(dialect, options)
        : `${dialect} (${options.jsonSchemaDraft})`,
  }),
);
