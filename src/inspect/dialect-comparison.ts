import { type CompileEntry, compileTools } from "../dialects/compile-tools.js";
import type { DialectTarget } from "../dialects/dialect.js";
import { type DialectVariant, dialectVariants } from "../dialects/dialect-variants.js";
import { DialectError } from "../errors/dialect-error.js";
import { formatPath } from "../internal/json-path.js";
import type { Tool } from "../tool/tool.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type SchemaChange, schemaChanges } from "./schema-changes.js";
import { countTokens, type TokenCount } from "./token-count.js";

/** @internal One dialect variant's rendering of one activity, or why it refuses it. */
export type DialectView =
  | {
      readonly id: string;
      readonly label: string;
      readonly ok: true;
      /** The whole tool entry as the provider receives it in `tools`. */
      readonly tool: unknown;
      /** The description sent; `descriptionAdded` is what lowering appended to the declared one. */
      readonly description: string;
      readonly descriptionAdded: string;
      /** The input schema sent (inside `tool`), and how it differs from the declared one. */
      readonly schema: unknown;
      readonly changes: readonly SchemaChange[];
      /**
       * What lowering moved into descriptions, the tool's (`at: "description"`) or a property's, as
       * `{keyword: value}` notes: keywords the dialect cannot carry, still enforced by the validator.
       */
      readonly moved: readonly { readonly at: string; readonly text: string }[];
      readonly tokens: TokenCount;
    }
  | {
      readonly id: string;
      readonly label: string;
      readonly ok: false;
      readonly error: { readonly code: string; readonly path: string; readonly message: string };
    };

/** @internal Every variant of an activity, beside its declared description and schema. */
export interface DialectComparison {
  readonly nativeName: string;
  readonly declared: { readonly description: string; readonly schema: unknown };
  readonly variants: readonly DialectView[];
}

/** `openai-chat+strict`, `gemini+parameters`, `json-schema+draft-07`: a variant's name in URLs. */
function variantId(variant: DialectVariant): string {
  const { strict, geminiSchemaField, jsonSchemaDraft } = variant.options;
  return [
    variant.dialect,
    strict === true ? "strict" : undefined,
    geminiSchemaField,
    jsonSchemaDraft,
  ]
    .filter((part) => part !== undefined)
    .join("+");
}

/** @internal The ids and labels of every variant, in `toolwright check`'s order. */
export const variantChoices: readonly { readonly id: string; readonly label: string }[] =
  dialectVariants.map((variant) => ({ id: variantId(variant), label: variant.label }));

/**
 * @internal The `dialect` option `toolbox.execute` takes for a variant id (to undo that lowering), or
 * `undefined` for an id that names none.
 *
 * @example
 * ```ts
 * dialectTarget("openai-chat+strict"); // { dialect: "openai-chat", strict: true }
 * ```
 */
export function dialectTarget(id: string): DialectTarget | undefined {
  const variant = dialectVariants.find((candidate) => variantId(candidate) === id);
  return variant === undefined ? undefined : { dialect: variant.dialect, ...variant.options };
}

/**
 * @internal Compiles one activity for every dialect variant, alone (so another activity's rejection
 * hides nothing): what each sends, what its lowering changed or moved into the description, its
 * tokens; or the `DialectError` path and message of a variant that refuses it.
 *
 * @example
 * ```ts
 * const comparison = compareDialects(toolbox, tool, "search");
 * ```
 */
export function compareDialects(
  toolbox: Toolbox,
  tool: Tool,
  activityName: string,
): DialectComparison {
  const activity = tool.findActivity(activityName);
  if (activity === undefined) throw new RangeError(`no activity ${activityName} on ${tool.name}`);
  const entry: CompileEntry = {
    name: toolbox.nativeName(tool, activityName),
    toolName: tool.name,
    activityName,
    description: tool.activityDescription(activityName),
    schema: tool.activitySchema(activityName),
    annotations: activity.annotations,
  };
  const variants = dialectVariants.map((variant): DialectView => {
    const id = variantId(variant);
    try {
      const compiled = compileTools([entry], variant.dialect, variant.options).tools;
      const sent = onlyTool(compiled);
      const { description, schema } = partsOf(sent);
      const descriptionAdded = description.startsWith(entry.description)
        ? description.slice(entry.description.length)
        : "";
      const changes = schemaChanges(entry.schema, schema);
      return {
        id,
        label: variant.label,
        ok: true,
        tool: sent,
        description,
        descriptionAdded,
        schema,
        changes,
        moved: [
          ...(descriptionAdded.trim() === ""
            ? []
            : [{ at: "description", text: descriptionAdded.trim() }]),
          ...movedIntoProperties(changes),
        ],
        tokens: countTokens(JSON.stringify(compiled)),
      };
    } catch (error) {
      if (!(error instanceof DialectError)) throw error;
      return {
        id,
        label: variant.label,
        ok: false,
        error: { code: error.code, path: error.path, message: error.message },
      };
    }
  });
  return {
    nativeName: entry.name,
    declared: { description: entry.description, schema: entry.schema },
    variants,
  };
}

/** Text lowering appended to (or put in) a property's `description`, from the schema changes. */
function movedIntoProperties(changes: readonly SchemaChange[]): { at: string; text: string }[] {
  return changes.flatMap((change) => {
    const { path, after, before } = change;
    // A `description` keyword, not a property that happens to be called "description".
    if (path.at(-1) !== "description" || path.at(-2) === "properties") return [];
    if (typeof after !== "string" || change.kind === "removed") return [];
    const text =
      typeof before === "string" && after.startsWith(before) ? after.slice(before.length) : after;
    return text.trim() === "" ? [] : [{ at: formatPath(path.slice(0, -1)), text: text.trim() }];
  });
}

/** The one tool of a one-entry list: Gemini nests it in `[{ functionDeclarations: [tool] }]`. */
function onlyTool(compiled: unknown): Record<string, unknown> {
  const [first] = compiled as readonly Record<string, unknown>[];
  const declarations = first?.functionDeclarations;
  const tool = Array.isArray(declarations) ? declarations[0] : first;
  return (tool ?? {}) as Record<string, unknown>;
}

// Where each dialect's entry keeps the description and the schema (OpenAI Chat and Ollama nest them
// under `function`).
const schemaKeys = ["parameters", "parametersJsonSchema", "input_schema", "inputSchema"];

function partsOf(sent: Record<string, unknown>): { description: string; schema: unknown } {
  const inner = (
    typeof sent.function === "object" && sent.function !== null ? sent.function : sent
  ) as Record<string, unknown>;
  const key = schemaKeys.find((candidate) => inner[candidate] !== undefined);
  return {
    description: typeof inner.description === "string" ? inner.description : "",
    schema: key === undefined ? null : inner[key],
  };
}
