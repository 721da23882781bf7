import type { Dialect, DialectOptions } from "./dialect.js";
import { numberBounds } from "./schema-notes.js";

/**
 * @internal What one provider dialect can carry in a tool's input schema. The lowering reads these flags
 * and never the dialect's name, so every provider difference lives in this one table.
 */
export interface SchemaProfile {
  /** Shown in errors: `openai-chat (strict)`. */
  readonly label: string;
  /** `none`: the schema passes through; `root`: only root combinators are flattened; `full`: every rule below applies. */
  readonly lowering: "none" | "root" | "full";
  /** JSON Schema keywords kept as they are (beyond the structural ones every dialect has); others move to the description. */
  readonly keywords: ReadonlySet<string>;
  /** String formats kept; others move to the description. */
  readonly formats: ReadonlySet<string> | "all";
  /** `$ref` kept for recursion (hoisted to root `$defs`); otherwise every `$ref` is inlined and recursion is an error. */
  readonly recursiveRefs: boolean;
  /** `type: ["string", "null"]` allowed; otherwise type arrays become `anyOf` (or `nullable`). */
  readonly typeArrays: boolean;
  /** How "or null" is written when type arrays are not allowed. */
  readonly nullStyle: "type-array" | "nullable";
  /** A node may not hold both `type` and `anyOf` (Gemini). */
  readonly anyOfExcludesType: boolean;
  /** Every property is required; optional ones become nullable and the decoder strips the synthetic nulls. */
  readonly allRequired: boolean;
  /** Every object gets `additionalProperties: false`. */
  readonly closeObjects: boolean;
  /** `additionalProperties` may be written at all. */
  readonly additionalProperties: boolean;
  /** Untyped values and open objects: kept, or sent as a JSON-encoded string the decoder parses back. */
  readonly openValues: "keep" | "json-string";
  /** Arrays must say what their items are. */
  readonly arraysNeedItems: boolean;
  /** Enum values: any JSON, or strings only (others are stringified and mapped back by the decoder). */
  readonly enumValues: "any" | "string";
  /** `const` kept; otherwise it becomes a one-value enum. */
  readonly constKeyword: boolean;
  /** `oneOf` kept; otherwise it becomes `anyOf` (exactly-one is still enforced by the validator). */
  readonly oneOf: boolean;
  /** `allOf` kept; otherwise its branches are merged into one schema. */
  readonly allOf: boolean;
  /** Largest `minItems` kept (Anthropic strict: 1). */
  readonly maxMinItems: number;
  /** Property names the dialect accepts; others are renamed reversibly. */
  readonly propertyNames: RegExp | undefined;
  /** Preflight limits; exceeding one is a `DialectError`. */
  readonly limits: {
    readonly depth: number;
    readonly properties: number;
    readonly enumValues: number;
    readonly enumChars: number;
  };
}

const noLimits = {
  depth: 256,
  properties: Number.POSITIVE_INFINITY,
  enumValues: Number.POSITIVE_INFINITY,
  enumChars: Number.POSITIVE_INFINITY,
};

const passThrough: Omit<SchemaProfile, "label" | "lowering"> = {
  keywords: new Set(),
  formats: "all",
  recursiveRefs: true,
  typeArrays: true,
  nullStyle: "type-array",
  anyOfExcludesType: false,
  allRequired: false,
  closeObjects: false,
  additionalProperties: true,
  openValues: "keep",
  arraysNeedItems: false,
  enumValues: "any",
  constKeyword: true,
  oneOf: true,
  allOf: true,
  maxMinItems: Number.POSITIVE_INFINITY,
  propertyNames: undefined,
  limits: noLimits,
};

// The string formats both OpenAI's and Anthropic's strict modes accept (Anthropic's also `uri`).
const strictFormats = [
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
];

// OpenAI "Supported schemas" for Structured Outputs (research/corpora-and-provider-rules.md §5).
const openAIStrict: SchemaProfile = {
  ...passThrough,
  label: "strict",
  lowering: "full",
  keywords: new Set(["pattern", "format", ...numberBounds, "minItems", "maxItems"]),
  formats: new Set(strictFormats),
  oneOf: false,
  allOf: false,
  allRequired: true,
  closeObjects: true,
  openValues: "json-string",
  arraysNeedItems: true,
  limits: { depth: 10, properties: 5000, enumValues: 1000, enumChars: 15000 },
};

// Anthropic strict tool use, as the official SDK's transform-json-schema.ts lowers it.
const anthropicStrict: SchemaProfile = {
  ...passThrough,
  label: "strict",
  lowering: "full",
  keywords: new Set(["title", "format", "minItems"]),
  formats: new Set([...strictFormats, "uri"]),
  recursiveRefs: false,
  oneOf: false,
  allOf: false,
  closeObjects: true,
  openValues: "json-string",
  arraysNeedItems: true,
  maxMinItems: 1,
};

// Gemini `parameters`: the OpenAPI 3.0 Schema subset of js-genai's `Schema` type.
const geminiParameters: SchemaProfile = {
  ...passThrough,
  label: "parameters",
  lowering: "full",
  keywords: new Set([
    "title",
    "format",
    "default",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "minProperties",
    "maxProperties",
  ]),
  formats: new Set(["date-time", "enum", "int32", "int64", "float", "double"]),
  recursiveRefs: false,
  typeArrays: false,
  nullStyle: "nullable",
  anyOfExcludesType: true,
  additionalProperties: false,
  openValues: "json-string",
  arraysNeedItems: true,
  enumValues: "string",
  constKeyword: false,
  oneOf: false,
  allOf: false,
  propertyNames: /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
};

// Gemini `parametersJsonSchema`: the JSON Schema subset Google documents for 2.5+ models.
const geminiJsonSchema: SchemaProfile = {
  ...passThrough,
  label: "parametersJsonSchema",
  lowering: "full",
  keywords: new Set([
    "title",
    "format",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "prefixItems",
  ]),
  constKeyword: false,
  oneOf: false,
  allOf: false,
};

// Ollama's Go structs (api/types.go) keep only these fields; the rest is dropped silently by the server.
const ollama: SchemaProfile = {
  ...passThrough,
  label: "ollama",
  lowering: "full",
  keywords: new Set(),
  formats: new Set(),
  recursiveRefs: false,
  additionalProperties: false,
  constKeyword: false,
  oneOf: false,
  allOf: false,
};

const rootOnly: SchemaProfile = { ...passThrough, label: "", lowering: "root" };
const untouched: SchemaProfile = { ...passThrough, label: "", lowering: "none" };

/** @internal The schema profile of a dialect with its options; the one place provider rules are chosen. */
export function schemaProfile(dialect: Dialect, options: DialectOptions = {}): SchemaProfile {
  switch (dialect) {
    case "openai-chat":
    case "openai-responses":
      return options.strict === true ? openAIStrict : rootOnly;
    case "anthropic":
      return options.strict === true ? anthropicStrict : rootOnly;
    case "gemini":
      return options.geminiSchemaField === "parametersJsonSchema"
        ? geminiJsonSchema
        : geminiParameters;
    case "ollama":
      return ollama;
    case "mcp":
    case "json-schema":
      return untouched;
  }
}

/** @internal Shown in a `DialectError`: `openai-chat (strict)`, `gemini (parameters)`, `mcp`. */
export function dialectLabel(dialect: Dialect, options: DialectOptions = {}): string {
  const variant = schemaProfile(dialect, options).label;
  return variant === "" || variant === dialect ? dialect : `${dialect} (${variant})`;
}

/** @internal Provider limits on the tool list itself. */
export interface ToolListRules {
  /** Names the provider accepts. */
  readonly namePattern: RegExp;
  /** Most tools in one request. */
  readonly maxTools: number;
}

const portableName = /^[a-zA-Z0-9_-]{1,64}$/;

/** @internal Tool-list rules of a dialect. */
export function toolListRules(dialect: Dialect): ToolListRules {
  switch (dialect) {
    case "openai-chat":
    case "openai-responses":
      return { namePattern: portableName, maxTools: 128 };
    case "gemini":
      return {
        namePattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
        maxTools: Number.POSITIVE_INFINITY,
      };
    case "mcp":
      return { namePattern: /^[a-zA-Z0-9_.-]{1,128}$/, maxTools: Number.POSITIVE_INFINITY };
    default:
      return { namePattern: portableName, maxTools: Number.POSITIVE_INFINITY };
  }
}

/**
 * @internal The profile of "any dialect": lowering the original with it yields every reversal the
 * original schema alone makes unambiguous (renamed properties, synthetic nulls, stringified enums), the
 * decoder's plan when a call does not say which dialect it came from.
 */
export const anyDialectProfile: SchemaProfile = {
  ...passThrough,
  label: "any",
  lowering: "full",
  allRequired: true,
  enumValues: "string",
  propertyNames: geminiParameters.propertyNames,
};

/**
 * @internal Does the dialect's API hold deferred tools itself? Anthropic's does: a deferring toolbox
 * sends every tool, the deferred ones marked `defer_loading: true`, and a search result's
 * `tool_reference` blocks make them callable, so the tool list never changes. So does OpenAI Responses
 * with `toolSearch: "native"` (namespaces, `tool_search_output` items). Every other dialect is sent
 * the tools loaded so far.
 */
export function defersInRequest(dialect: Dialect, options: DialectOptions = {}): boolean {
  return (
    dialect === "anthropic" || (dialect === "openai-responses" && options.toolSearch === "native")
  );
}

/**
 * @internal The key of a tool search result's `meta` listing the native names found, best first; the
 * Anthropic driver turns such a result into `tool_reference` blocks.
 */
export const toolReferencesKey = "toolReferences";
