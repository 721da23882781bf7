import type { ToolActivity } from "../activity/tool-activity.js";
import { markDeferred } from "../dialects/anthropic.js";
import { anyDialectProfile, defersInRequest } from "../dialects/capabilities.js";
import {
  type CompiledTools,
  type CompileEntry,
  compileTools,
  isDialect,
} from "../dialects/compile-tools.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import {
  type Dialect,
  type DialectOptions,
  type DialectTarget,
  dialects,
} from "../dialects/dialect.js";
import { lowerSchema } from "../dialects/lower-schema.js";
import { withNativeToolSearch } from "../dialects/openai-responses.js";
import type { AnthropicTool, OpenAIResponsesTool } from "../dialects/provider-tools.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { deepFreeze } from "../internal/deep-freeze.js";
import type { Tool } from "../tool/tool.js";
import { type Catalog, type CatalogEntry, nativeNameOf } from "./catalog.js";
import type { ToolboxSearch } from "./toolbox-search.js";

interface CacheEntry {
  /** Each tool's enabled activities when compiled: the list is a new array after any change. */
  readonly stamp: readonly (readonly ToolActivity[])[];
  /** Which deferred activities were loaded (`loaded:<count>`), for a deferring toolbox. */
  readonly arrangement: string;
  readonly compiled: CompiledTools<Dialect>;
}

/**
 * @internal A toolbox's tools compiled per dialect and options (the provider's `tools` value and one
 * decode plan per activity), kept until a tool joins or an enabled-activity list changes.
 */
export class DialectCache {
  readonly #compiled = new Map<string, CacheEntry>();
  readonly #tools: readonly Tool[];
  /** The catalog, after the toolbox settled what tools it has. */
  readonly #catalog: () => Catalog;
  readonly #search: ToolboxSearch;

  constructor(tools: readonly Tool[], catalog: () => Catalog, search: ToolboxSearch) {
    this.#tools = tools;
    this.#catalog = catalog;
    this.#search = search;
  }

  /** Drops every compilation: a tool joined. */
  clear(): void {
    this.#compiled.clear();
  }

  /** The tools compiled for `dialect`; throws `ToolboxError` for an unknown dialect, `DialectError` for a schema it cannot express. */
  compile<D extends Dialect>(dialect: D, options: DialectOptions): CompiledTools<D> {
    if (!isDialect(dialect)) {
      throw new ToolboxError({
        message: `unknown dialect ${JSON.stringify(dialect)}; one of ${dialects.join(", ")}`,
      });
    }
    const catalog = this.#catalog();
    const key = `${dialect}|${options.strict === true}|${options.geminiSchemaField ?? ""}|${options.jsonSchemaDraft ?? ""}|${options.toolSearch ?? ""}`;
    const stamp = this.#tools.map((tool) => tool.activities());
    const search = this.#search;
    // Anthropic (and Responses' native tool search) is sent every tool, the deferred ones marked;
    // other dialects only what is loaded.
    const inRequest = search.defers && defersInRequest(dialect, options);
    const arranged = search.defers && !inRequest;
    const arrangement = arranged ? `loaded:${search.loaded.length}` : "";
    const cached = this.#compiled.get(key);
    if (
      cached?.arrangement === arrangement &&
      cached.stamp.every((activities, index) => activities === stamp[index])
    ) {
      return cached.compiled as CompiledTools<D>;
    }
    const entries: CompileEntry[] = this.#tools.flatMap((tool, index) =>
      (stamp[index] ?? []).map((activity) => ({
        name: nativeNameOf(catalog, tool, activity.name),
        toolName: tool.name,
        activityName: activity.name,
        description: tool.activityDescription(activity.name),
        schema: tool.activitySchema(activity.name),
        annotations: activity.annotations,
        outputSchema: activity.outputSchema,
      })),
    );
    let compiled =
      inRequest && dialect === "openai-responses"
        ? compileNativeToolSearch(entries, options, search)
        : compileTools(arranged ? search.arrange(entries).entries : entries, dialect, options);
    if (inRequest && dialect === "anthropic") {
      const tools = markDeferred(compiled.tools as AnthropicTool[], (name) =>
        search.isDeferredName(name),
      );
      compiled = { ...compiled, tools: tools as CompiledTools<D>["tools"] };
    }
    deepFreeze(compiled.tools);
    this.#compiled.set(key, { stamp, arrangement, compiled });
    return compiled as CompiledTools<D>;
  }

  /**
   * How to undo the lowering a call's arguments went through: the plan of `target`'s compilation,
   * or without a target the any-dialect plan (made once per activity).
   */
  plan(entry: CatalogEntry, target: DialectTarget | undefined): DecodePlan | undefined {
    if (target !== undefined) {
      const { dialect, ...options } = typeof target === "string" ? { dialect: target } : target;
      return this.compile(dialect, options).plans.get(entry.nativeName);
    }
    if (entry.genericPlan === undefined) {
      let plan: DecodePlan | undefined;
      try {
        plan = lowerSchema(entry.tool.activitySchema(entry.activity.name), anyDialectProfile).plan;
      } catch {
        // a schema no dialect can lower still decodes, just without reversals
      }
      entry.genericPlan = { plan };
    }
    return entry.genericPlan.plan;
  }
}

// Responses' 128-tool cap counts the request's top-level tools; the deferred functions sit inside
// namespaces, so the activities are lowered in batches under the cap and arranged afterwards.
function compileNativeToolSearch(
  entries: readonly CompileEntry[],
  options: DialectOptions,
  search: ToolboxSearch,
): CompiledTools<Dialect> {
  const batch = 128;
  const tools: OpenAIResponsesTool[] = [];
  const plans = new Map<string, DecodePlan | undefined>();
  for (let start = 0; start < entries.length; start += batch) {
    const part = compileTools(entries.slice(start, start + batch), "openai-responses", options);
    tools.push(...(part.tools as OpenAIResponsesTool[]));
    for (const [name, plan] of part.plans) plans.set(name, plan);
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const arranged = withNativeToolSearch(tools, (name) => {
    const entry = byName.get(name);
    return entry === undefined
      ? undefined
      : {
          toolName: entry.toolName,
          activityName: entry.activityName,
          description: entry.description,
          deferred: search.isDeferredName(name),
          search: search.isSearchName(name),
        };
  });
  return { tools: arranged, plans } as unknown as CompiledTools<Dialect>;
}
