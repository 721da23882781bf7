import type { Dialect, DialectOptions } from "../../src/index.js";

/** One provider target: a dialect and its options, with the label the results use. */
export interface DialectVariant {
  readonly label: string;
  readonly dialect: Dialect;
  readonly options: DialectOptions;
}

/** Every dialect toolwright compiles for, each option that changes the output as its own variant. */
export const dialectVariants: readonly DialectVariant[] = [
  { label: "openai-chat", dialect: "openai-chat", options: {} },
  { label: "openai-chat strict", dialect: "openai-chat", options: { strict: true } },
  { label: "openai-responses", dialect: "openai-responses", options: {} },
  { label: "openai-responses strict", dialect: "openai-responses", options: { strict: true } },
  { label: "anthropic", dialect: "anthropic", options: {} },
  { label: "anthropic strict", dialect: "anthropic", options: { strict: true } },
  { label: "gemini parameters", dialect: "gemini", options: {} },
  {
    label: "gemini parametersJsonSchema",
    dialect: "gemini",
    options: { geminiSchemaField: "parametersJsonSchema" },
  },
  { label: "ollama", dialect: "ollama", options: {} },
  { label: "mcp", dialect: "mcp", options: {} },
  { label: "json-schema 2020-12", dialect: "json-schema", options: {} },
  {
    label: "json-schema draft-07",
    dialect: "json-schema",
    options: { jsonSchemaDraft: "draft-07" },
  },
];
