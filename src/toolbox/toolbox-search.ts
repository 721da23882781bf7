import type { ToolActivity } from "../activity/tool-activity.js";
import type { CompileEntry } from "../dialects/compile-tools.js";
import {
  ActivitySearch,
  type SearchEntry,
  type SearchFieldWeights,
} from "../search/activity-search.js";
import type { EmbedTexts } from "../search/embedding-store.js";
import { type FoundTool, ToolSearchTool } from "../search/tool-search-tool.js";
import type { Tool } from "../tool/tool.js";
import type { Catalog, CatalogEntry } from "./catalog.js";

/** An activity a `deferLoading` predicate decides on. */
export interface DeferCandidate {
  /** The native name. */
  readonly name: string;
  readonly tool: Tool;
  readonly activityName: string;
}

/**
 * Which activities a toolbox leaves out of requests until a search finds them: `true` for all, a
 * predicate (`true` = deferred), or the native names or tool names of those always loaded.
 */
export type DeferLoading =
  | boolean
  | ((activity: DeferCandidate) => boolean)
  | { readonly alwaysLoaded: readonly string[] };

/** How `toolbox.search` ranks: BM25F field weights, and an embeddings function for hybrid ranking. */
export interface ToolSearchOptions {
  readonly weights?: Partial<SearchFieldWeights> | undefined;
  /** Embeds activities once (and each query); its ranking is fused with BM25F's by reciprocal rank. */
  readonly embed?: EmbedTexts | undefined;
}

/** One result of `toolbox.search`: the native name, the tool and activity it names, and its score. */
export interface SearchHit {
  readonly name: string;
  readonly tool: Tool;
  readonly activity: ToolActivity;
  readonly score: number;
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
  readonly #loaded: string[] = [];
  readonly #loadedSet = new Set<string>();
  #searchTool: ToolSearchTool | undefined;

  constructor(
    tools: readonly Tool[],
    catalog: () => Catalog,
    settings: { readonly deferLoading: DeferLoading; readonly search: ToolSearchOptions },
  ) {
    this.#tools = tools;
    this.#catalog = catalog;
    this.#defer = settings.deferLoading;
    this.#options = settings.search;
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

  /**
   * The best `limit` enabled activities for `query` (never the search tool's own), best first;
   * `deferredOnly` keeps to deferred ones.
   */
  async search(query: string, limit: number, deferredOnly = false): Promise<SearchHit[]> {
    const index = this.#current();
    const catalog = this.#catalog();
    const skipped = deferredOnly ? index.size : 0;
    const found = await index.search(query, Math.min(index.size, limit + skipped));
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
   * The entries of one request under deferral, for the dialects that get the search activity: the
   * loaded-at-start ones in toolbox order, then the loaded ones in the order they were found, so a
   * search only ever appends to the list.
   */
  arrange(entries: readonly CompileEntry[]): CompileEntry[] {
    const catalog = this.#catalog();
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    const upfront = entries.filter((entry) => {
      const found = catalog.index.exact.get(entry.name)?.target;
      return found === undefined || !this.isDeferred(found);
    });
    const later = this.#loaded.flatMap((name) => {
      const entry = byName.get(name);
      return entry === undefined ? [] : [entry];
    });
    return [...upfront, ...later];
  }

  async #findAndLoad(query: string, limit: number): Promise<FoundTool[]> {
    const hits = await this.search(query, limit, true);
    this.load(hits.map((hit) => hit.name));
    return hits.map((hit) => ({
      name: hit.name,
      description: hit.tool.activityDescription(hit.activity.name),
    }));
  }

  // Synced when a tool joined or an enabled-activity list changed (each is a new array then).
  #current(): ActivitySearch {
    const stamp = this.#tools.map((tool) => tool.activities());
    const fresh =
      this.#index !== undefined &&
      stamp.length === this.#stamp.length &&
      stamp.every((activities, index) => activities === this.#stamp[index]);
    if (fresh) return this.#index as ActivitySearch;
    this.#index ??= new ActivitySearch(this.#options);
    this.#index.sync(this.#entries(stamp));
    this.#stamp = stamp;
    return this.#index;
  }

  #entries(stamp: readonly (readonly ToolActivity[])[]): SearchEntry[] {
    const catalog = this.#catalog();
    return this.#tools.flatMap((tool, index) => {
      if (tool === this.#searchTool) return [];
      return (stamp[index] ?? []).map((activity) => ({
        name: catalog.byTool.get(tool)?.get(activity.name)?.nativeName ?? "",
        toolName: tool.name,
        activityName: activity.name,
        description: tool.activityDescription(activity.name),
        schema: tool.activitySchema(activity.name),
      }));
    });
  }
}
