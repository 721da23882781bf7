import { activity } from "../activity/activity.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import { JsonArtifact } from "../artifacts/json-artifact.js";
import { toolReferencesKey } from "../dialects/capabilities.js";
import type { CompileEntry } from "../dialects/compile-tools.js";
import type { JsonSchemaObject } from "../schema/json.js";
import type {
  ActivitySearch,
  SearchEntry,
  SearchFieldWeights,
  SearchFusion,
} from "../search/activity-search.js";
import type { EmbedTexts } from "../search/embedding-store.js";
import { Tool } from "../tool/tool.js";
import type { ToolOptions } from "../tool/tool-options.js";
import { enabledListVersion } from "../tool/tool-state.js";
import type { Catalog, CatalogEntry } from "./catalog.js";

// The index (and the tokenizer, BM25F and fusion behind it) loads with the first search, so the root
// entry stays as light for everyone who never searches.
let searchModule: Promise<typeof import("../search/activity-search.js")> | undefined;

/**
 * An activity a `deferLoading` predicate decides on.
 *
 * @example
 * ```ts
 * const deferLoading = (activity: DeferCandidate) => activity.tool.name !== "CalculatorTool";
 * ```
 */
export interface DeferCandidate {
  /** The native name. */
  readonly name: string;
  readonly tool: Tool;
  readonly activityName: string;
}

/**
 * Which activities a toolbox leaves out of requests until a search finds them: `true` for all, a
 * predicate (`true` = deferred), or the native names or tool names of those always loaded.
 *
 * @example
 * ```ts
 * const deferLoading: DeferLoading = { alwaysLoaded: ["CalculatorTool", "WeatherTool_forecast"] };
 * ```
 */
export type DeferLoading =
  | boolean
  | ((activity: DeferCandidate) => boolean)
  | { readonly alwaysLoaded: readonly string[] };

/**
 * How `toolbox.search` ranks: BM25F field weights, and an embeddings function for hybrid ranking.
 *
 * @example
 * ```ts
 * const search: ToolSearchOptions = { weights: { parameterText: 0.5 }, embed: async (texts) => myModel.embed(texts), lexicalWeight: 0.5 };
 * ```
 */
export interface ToolSearchOptions {
  /** BM25F field weights; unset ones keep the defaults (`defaultSearchWeights`). */
  readonly weights?: Partial<SearchFieldWeights> | undefined;
  /** Embeds each activity once (and each query); its similarities are fused with BM25F's scores. */
  readonly embed?: EmbedTexts | undefined;
  /** With `embed`: `"scores"` (default) weighs the two scores, `"ranks"` is reciprocal rank fusion. */
  readonly fusion?: SearchFusion | undefined;
  /** With `"scores"` fusion: BM25F's share, 0 to 1 (default 0.4); the rest is the cosine similarity's. */
  readonly lexicalWeight?: number | undefined;
}

/**
 * One result of `toolbox.search`: the native name, the tool and activity it names, and its score.
 *
 * @example
 * ```ts
 * const [best] = await toolbox.search("convert currency");
 * best?.name; // "Money_convert"
 * ```
 */
export interface SearchHit {
  readonly name: string;
  readonly tool: Tool;
  readonly activity: ToolActivity;
  /** BM25F's score, or with embeddings the fused score (weighted, or reciprocal-rank); higher is better. */
  readonly score: number;
}

/** One tool found by a search, as the model is told of it. */
export interface FoundTool {
  /** The native name the model calls it by. */
  readonly name: string;
  readonly description: string;
}

/** Searches the toolbox and makes what it found callable from the next request on. */
export type FindTools = (query: string, limit: number) => Promise<readonly FoundTool[]>;

const maxLimit = 20;
const inputSchema: JsonSchemaObject = {
  type: "object",
  properties: {
    query: {
      type: "string",
      minLength: 1,
      description:
        "What you want to do, in a few words (e.g. 'weather forecast', 'create calendar event')",
    },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: maxLimit,
      description: "How many tools to return (default 5)",
    },
  },
  required: ["query"],
  additionalProperties: false,
};

/**
 * The `search` activity a toolbox with deferred tools adds: the model describes what it needs, gets
 * the best matching tools, and can call them from its next request on (their definitions are appended
 * to the request's tools, or, on Anthropic, expanded from the `tool_reference` blocks of the result).
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox(manyTools, { deferLoading: true });
 * toolbox.tool("ToolSearchTool"); // added by the toolbox; its activity "search" is never deferred
 * ```
 */
export class ToolSearchTool extends Tool {
  readonly #find: FindTools;

  constructor(options: ToolOptions & { readonly find: FindTools }) {
    const { find, ...toolOptions } = options;
    super(toolOptions);
    this.#find = find;
  }

  @activity({
    name: "search",
    description:
      "Search for more tools by what they do. The tools found can be called from your next step on. If none fits, search again with other words.",
    // A function: a static JSON Schema would be checked (and ajv loaded) when this module loads,
    // which the root entry does; this way only a toolbox that defers pays for it.
    schema: () => inputSchema,
    annotations: { readOnly: true, idempotent: true },
  })
  async search(input: { query: string; limit?: number }) {
    const found = await this.#find(input.query, input.limit ?? 5);
    return new JsonArtifact(
      { tools: found.map((tool) => ({ name: tool.name, description: tool.description })) },
      { meta: { [toolReferencesKey]: found.map((tool) => tool.name) } },
    );
  }
}

/**
 * @internal A toolbox's search and deferred loading: the index over its enabled activities (brought up
 * to date when tools join or enabled lists change), which activities are deferred, and those loaded
 * since, in the order they were found.
 */
export class ToolboxSearch {
  readonly #tools: readonly Tool[];
  readonly #catalog: () => Catalog;
  readonly #defer: DeferLoading;
  readonly #options: ToolSearchOptions;
  #index: ActivitySearch | undefined;
  #stamp: readonly (readonly ToolActivity[])[] = [];
  #version = -1;
  readonly #loaded: string[] = [];
  readonly #loadedSet = new Set<string>();
  #searchTool: ToolSearchTool | undefined;

  constructor(
    tools: readonly Tool[],
    catalog: () => Catalog,
    settings: {
      readonly deferLoading?: DeferLoading | undefined;
      readonly search?: ToolSearchOptions | undefined;
    },
  ) {
    this.#tools = tools;
    this.#catalog = catalog;
    this.#defer = settings.deferLoading ?? false;
    this.#options = settings.search ?? {};
  }

  /** Does any activity wait for a search? */
  get defers(): boolean {
    return this.#defer !== false;
  }

  /** The search tool a deferring toolbox adds (made once). */
  searchTool(): ToolSearchTool {
    this.#searchTool ??= new ToolSearchTool({
      find: (query, limit) => this.#findAndLoad(query, limit),
    });
    return this.#searchTool;
  }

  /** Native names loaded by searches, in the order they were found. */
  get loaded(): readonly string[] {
    return this.#loaded;
  }

  /** Marks deferred activities as loaded (appended after those loaded before; repeats ignored). */
  load(names: readonly string[]): void {
    for (const name of names) {
      if (this.#loadedSet.has(name)) continue;
      const entry = this.#catalog().index.exact.get(name)?.target;
      if (entry === undefined || !this.isDeferred(entry)) continue;
      this.#loadedSet.add(name);
      this.#loaded.push(name);
    }
  }

  /** Is this activity left out of requests until found? The search tool never is. */
  isDeferred(entry: CatalogEntry): boolean {
    const defer = this.#defer;
    if (defer === false || entry.tool === this.#searchTool) return false;
    if (defer === true) return true;
    if (typeof defer === "function") {
      return defer({ name: entry.nativeName, tool: entry.tool, activityName: entry.activity.name });
    }
    return !(
      defer.alwaysLoaded.includes(entry.nativeName) || defer.alwaysLoaded.includes(entry.tool.name)
    );
  }

  /** Is this native name the search tool's activity? */
  isSearchName(name: string): boolean {
    const entry = this.#catalog().index.exact.get(name)?.target;
    return entry !== undefined && entry.tool === this.#searchTool;
  }

  /** Is the activity of this native name deferred? */
  isDeferredName(name: string): boolean {
    const entry = this.#catalog().index.exact.get(name)?.target;
    return entry !== undefined && this.isDeferred(entry);
  }

  /**
   * The best `limit` enabled activities for `query` (never the search tool's own), best first;
   * `deferredOnly` keeps to deferred ones.
   */
  async search(query: string, limit: number, deferredOnly = false): Promise<SearchHit[]> {
    const index = await this.#current();
    const skipped = deferredOnly ? index.size : 0;
    const found = await index.search(query, Math.min(index.size, limit + skipped));
    const catalog = this.#catalog();
    const hits: SearchHit[] = [];
    for (const { name, score } of found) {
      // Checked again here: an activity disabled while an embedding batch was out is not returned.
      const entry = catalog.index.exact.get(name)?.target;
      if (entry === undefined || entry.tool.findActivity(entry.activity.name) === undefined)
        continue;
      if (deferredOnly && !this.isDeferred(entry)) continue;
      hits.push({ name, tool: entry.tool, activity: entry.activity, score });
      if (hits.length === limit) break;
    }
    return hits;
  }

  /**
   * The entries of one request under deferral, for the dialects sent only what is loaded: those loaded
   * from the start in toolbox order, then the found ones in the order they were found, so a search
   * only ever appends to the list. A key that changes whenever the list does.
   */
  arrange(entries: readonly CompileEntry[]): { key: string; entries: CompileEntry[] } {
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    const upfront = entries.filter((entry) => !this.isDeferredName(entry.name));
    const later = this.#loaded.flatMap((name) => {
      const entry = byName.get(name);
      return entry === undefined ? [] : [entry];
    });
    return { key: `loaded:${this.#loaded.length}`, entries: [...upfront, ...later] };
  }

  async #findAndLoad(query: string, limit: number): Promise<FoundTool[]> {
    const hits = await this.search(query, limit, true);
    this.load(hits.map((hit) => hit.name));
    return hits.map((hit) => ({
      name: hit.name,
      description: hit.tool.activityDescription(hit.activity.name),
    }));
  }

  // Synced when a tool joined or an enabled-activity list changed (each is a new array then). The
  // walk over the tools runs only when some tool's list changed since the last look.
  async #current(): Promise<ActivitySearch> {
    if (this.#index === undefined) {
      searchModule ??= import("../search/activity-search.js");
      const { ActivitySearch } = await searchModule;
      this.#index ??= new ActivitySearch(this.#options);
    }
    const version = enabledListVersion();
    if (version === this.#version && this.#tools.length === this.#stamp.length) return this.#index;
    const stamp = this.#tools.map((tool) => tool.activities());
    this.#version = version;
    const fresh =
      stamp.length === this.#stamp.length &&
      stamp.every((activities, index) => activities === this.#stamp[index]);
    if (fresh) return this.#index;
    this.#index.sync(this.#entries(stamp));
    this.#stamp = stamp;
    return this.#index;
  }

  #entries(stamp: readonly (readonly ToolActivity[])[]): SearchEntry[] {
    const catalog = this.#catalog();
    return this.#tools.flatMap((tool, index) => {
      if (tool === this.#searchTool) return [];
      return (stamp[index] ?? []).flatMap((activity) => {
        const name = catalog.byTool.get(tool)?.get(activity.name)?.nativeName;
        if (name === undefined) return [];
        return [
          {
            name,
            toolName: tool.name,
            activityName: activity.name,
            description: tool.activityDescription(activity.name),
            schema: tool.activitySchema(activity.name),
          },
        ];
      });
    });
  }
}
