import type { ActivityAnnotations } from "../activity/activity-annotations.js";
import { DialectError } from "../errors/dialect-error.js";
import { formatPath } from "../internal/json-path.js";
import type { JsonSchemaObject } from "../schema/json.js";
import { buildAnthropicTools } from "./anthropic.js";
import { dialectLabel, schemaProfile, toolListRules } from "./capabilities.js";
import type { DecodePlan } from "./decode-plan.js";
import type { Dialect, DialectOptions } from "./dialect.js";
import type { DialectBuilder, LoweredTool } from "./dialect-builder.js";
import { buildGeminiTools } from "./gemini.js";
import { buildJsonSchemaTools } from "./json-schema.js";
import { lowerSchema } from "./lower-schema.js";
import { buildMcpTools } from "./mcp.js";
import { buildOllamaTools } from "./ollama.js";
import { buildOpenAIChatTools } from "./openai-chat.js";
import { buildOpenAIResponsesTools } from "./openai-responses.js";
import type { ProviderTools } from "./provider-tools.js";
import { LoweringProblem } from "./schema-merge.js";

const builders: { readonly [D in Dialect]: DialectBuilder<D> } = {
  "openai-chat": buildOpenAIChatTools,
  "openai-responses": buildOpenAIResponsesTools,
  anthropic: buildAnthropicTools,
  gemini: buildGeminiTools,
  ollama: buildOllamaTools,
  mcp: buildMcpTools,
  "json-schema": buildJsonSchemaTools,
};

/** @internal One activity to compile: its native name, owner names, description and original schema. */
export interface CompileEntry {
  readonly name: string;
  readonly toolName: string;
  readonly activityName: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
  readonly annotations: Readonly<ActivityAnnotations>;
  /** The schema of the activity's results, for dialects that carry one (MCP). */
  readonly outputSchema?: JsonSchemaObject | undefined;
}

/** @internal A dialect's tools and, per native name, how to undo their lowering. */
export interface CompiledTools<D extends Dialect> {
  readonly tools: ProviderTools[D];
  readonly plans: ReadonlyMap<string, DecodePlan | undefined>;
}

/** @internal Is `dialect` one toolwright knows (for input from JavaScript callers). */
export function isDialect(value: unknown): value is Dialect {
  return typeof value === "string" && Object.hasOwn(builders, value);
}

/** @internal Lowers one schema for a dialect, turning a lowering problem into a `DialectError`. */
export function lowerEntry(
  entry: CompileEntry,
  dialect: Dialect,
  options: DialectOptions,
): { schema: JsonSchemaObject; plan: DecodePlan | undefined; notes: readonly string[] } {
  try {
    return lowerSchema(entry.schema, schemaProfile(dialect, options));
  } catch (error) {
    if (!(error instanceof LoweringProblem)) throw error;
    throw new DialectError({
      dialect: dialectLabel(dialect, options),
      toolName: entry.toolName,
      activityName: entry.activityName,
      path: formatPath(error.path).replaceAll('["*"]', "[*]"),
      message: error.message,
    });
  }
}

/** @internal Compiles every entry for a dialect, in order; preflight errors are thrown before any output. */
export function compileTools<D extends Dialect>(
  entries: readonly CompileEntry[],
  dialect: D,
  options: DialectOptions,
): CompiledTools<D> {
  const rules = toolListRules(dialect);
  if (entries.length > rules.maxTools) {
    const first = entries[rules.maxTools] as CompileEntry;
    throw new DialectError({
      dialect: dialectLabel(dialect, options),
      toolName: first.toolName,
      activityName: first.activityName,
      path: "$",
      message: `is tool number ${rules.maxTools + 1}; the provider accepts at most ${rules.maxTools} tools per request`,
    });
  }
  const plans = new Map<string, DecodePlan | undefined>();
  const lowered: LoweredTool[] = entries.map((entry) => {
    if (!rules.namePattern.test(entry.name)) {
      throw new DialectError({
        dialect: dialectLabel(dialect, options),
        toolName: entry.toolName,
        activityName: entry.activityName,
        path: "$",
        message: `native name "${entry.name}" does not match ${rules.namePattern}`,
      });
    }
    const lowered = lowerEntry(entry, dialect, options);
    const { plan, notes } = lowered;
    let schema = lowered.schema;
    let text = entry.description;
    // The schema's own root description reads better (and survives Ollama) in the tool's description.
    if (
      schemaProfile(dialect, options).lowering !== "none" &&
      typeof schema.description === "string"
    ) {
      const { description: root, ...rest } = schema;
      schema = rest;
      text = text === "" ? (root as string) : `${text}\n\n${root as string}`;
    }
    plans.set(entry.name, plan);
    const properties = schema.properties;
    const noInput =
      (properties === undefined || Object.keys(properties).length === 0) &&
      (schema.additionalProperties === undefined || schema.additionalProperties === false) &&
      schema.patternProperties === undefined &&
      schema.anyOf === undefined &&
      schema.$defs === undefined;
    const description =
      notes.length === 0 ? text : `${text}${text === "" ? "" : "\n\n"}Input: ${notes.join("; ")}.`;
    return {
      name: entry.name,
      description,
      schema,
      noInput,
      annotations: entry.annotations,
      outputSchema: entry.outputSchema,
    };
  });
  const build = builders[dialect] as DialectBuilder<D>;
  return { tools: build(lowered, options), plans };
}
