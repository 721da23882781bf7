import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { artifactFromJSON } from "../artifacts/artifact-from-json.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import { ListArtifact } from "../artifacts/list-artifact.js";
import type { EmbeddingDriver } from "../drivers/embedding-spec.js";
import { MemoryConfigError } from "../errors/memory-config-error.js";
import { describeReceived } from "../internal/describe-value.js";
import { aNumber, anObject, anyValue as anything, aString } from "../internal/option-rules.js";
import type { JsonObject } from "../schema/json.js";
import { provideDefaultTaskMemory } from "../tool/memory-options.js";
import type { ArtifactStore, NamespaceSummary, StoreEntry, TextPage } from "./artifact-store.js";
import { checkMemoryOptions } from "./check-memory-options.js";
import { InMemoryArtifactStore } from "./in-memory-artifact-store.js";
import type { MemoryReference } from "./memory-reference.js";
import {
  firstIn,
  type Principal,
  type ScopeOption,
  scopeOf,
  scopeSpaces,
  searchSpaces,
} from "./memory-scope.js";
import { fuseRankings } from "./rank-fusion.js";
import { splitPassagesPaced } from "./split-passages.js";
import { flattenItems, isEmptyOutput, memoryText, storedKind } from "./stored-artifact.js";
import { TaskMemoryTool, type TaskMemoryToolOptions } from "./task-memory-tool.js";
import { queryTerms } from "./tokenize.js";
import { unitVector } from "./vector-index.js";
import { WritePace } from "./write-pace.js";

/**
 * Options of a {@link TaskMemory}.
 *
 * @example
 * ```ts
 * const options: TaskMemoryOptions = { name: "Research", store: new SqliteArtifactStore({ path: "r.db" }) };
 * ```
 */
export interface TaskMemoryOptions {
  /** The name models use to refer to it; `"TaskMemory"` by default. */
  name?: string;
  /** Where artifacts go; a new `InMemoryArtifactStore` by default. */
  store?: ArtifactStore;
  /**
   * Embeds every stored passage and every search, for hybrid search: BM25 and vector rankings
   * fused (reciprocal rank fusion). The store must keep vectors (all three built-in stores do).
   * Without it, search is BM25 alone.
   */
  embeddingDriver?: EmbeddingDriver | undefined;
}

/**
 * What `processOutput` needs: who produced the artifact, the artifact, and optional metadata kept
 * with its namespace (Griptape keeps the calling actions there).
 *
 * @example
 * ```ts
 * await memory.processOutput({ tool, activity: "fetch", artifact, meta: { url } });
 * ```
 */
export interface ProcessOutputInput {
  /** The tool, or its name. */
  readonly tool: { readonly name: string } | string;
  /** The activity name, or the activity. */
  readonly activity: ToolActivity | string;
  readonly artifact: Artifact;
  readonly meta?: JsonObject | undefined;
  /** Who the output belongs to (see {@link MemoryScope}); the default space when absent. */
  readonly principal?: Principal;
}

/**
 * A passage found by `search`: verbatim text, where it is, and its score (higher is better): BM25,
 * or with an embedding driver the fused score of its BM25 and vector ranks.
 *
 * @example
 * ```ts
 * const [hit] = await memory.search("refund policy");
 * const page = await memory.read(hit.artifact_namespace, { offset: hit.offset });
 * ```
 */
export interface MemorySearchHit extends MemoryReference {
  /** Where `text` starts in the namespace's text (what `read` takes as `offset`). */
  readonly offset: number;
  readonly text: string;
  readonly score: number;
}

/**
 * Options of `TaskMemory.search`.
 *
 * @example
 * ```ts
 * await memory.search("invoice total", { namespace: "n1", limit: 3 });
 * ```
 */
export interface MemorySearchOptions {
  /** Only this namespace. */
  namespace?: string | undefined;
  /** How many passages at most; 5 by default. */
  limit?: number | undefined;
  /** Whose namespaces to search (see {@link MemoryScope}); the default space when absent. */
  principal?: Principal;
}

/** At most this many distinct words of a query are searched for. */
export const maxQueryTerms = 64;

/** Hybrid search fuses this many candidates of each ranking (at least; more for a larger limit). */
const fusionDepth = 50;

/**
 * Where tools put large outputs instead of the prompt: the model gets a short notice naming the
 * memory and namespace, and reads or searches the output later through the memory tool.
 *
 * @example
 * ```ts
 * const memory = new TaskMemory();
 * const notice = await memory.processOutput({ tool: "WebTool", activity: "fetch", artifact: new TextArtifact(page) });
 * notice.toText(); // 'Output of "WebTool.fetch" was stored in memory with memory_name "TaskMemory" and artifact_namespace "…"'
 * ```
 */
export class TaskMemory {
  readonly name: string;
  readonly store: ArtifactStore;
  /** Embeds passages and searches for hybrid search; `undefined`: BM25 alone. */
  readonly embeddingDriver: EmbeddingDriver | undefined;

  constructor(options: TaskMemoryOptions = {}) {
    checkMemoryOptions("TaskMemory", options, {
      name: aString,
      store: anObject,
      embeddingDriver: anObject,
    });
    const name = options.name ?? "TaskMemory";
    if (typeof name !== "string" || name.trim() === "") {
      throw new MemoryConfigError({
        subject: "TaskMemory",
        option: "name",
        message: `must be a non-empty string; got ${JSON.stringify(name)}`,
      });
    }
    const store = options.store ?? new InMemoryArtifactStore();
    if (!isArtifactStore(store)) {
      throw new MemoryConfigError({
        subject: `TaskMemory "${name}"`,
        option: "store",
        message:
          'must implement ArtifactStore (specificationVersion "v1", write, load, namespaces, read, search, close)',
      });
    }
    const driver = options.embeddingDriver;
    if (driver !== undefined) {
      const problem = !isEmbeddingDriver(driver)
        ? 'must implement EmbeddingDriver (specificationVersion "v1" and embed)'
        : typeof store.searchVectors !== "function"
          ? "needs a store that keeps vectors (searchVectors); this store does not"
          : undefined;
      if (problem !== undefined) {
        throw new MemoryConfigError({
          subject: `TaskMemory "${name}"`,
          option: "embeddingDriver",
          message: problem,
        });
      }
    }
    this.name = name;
    this.store = store;
    this.embeddingDriver = driver;
  }

  /**
   * Moves a tool's output into memory and returns what the model sees instead: the "stored in memory"
   * notice (carrying a `MemoryReference` in `meta.memoryReferences`), `"tool output is empty"`, or the
   * artifact itself for errors, notices and other kinds that stay on the prompt. A namespace holding
   * the other kind, or a failing store, gives an `ErrorArtifact`: nothing is overwritten.
   *
   * @example
   * ```ts
   * await memory.processOutput({ tool, activity: "test", artifact: new TextArtifact("foo") });
   * ```
   */
  async processOutput(input: ProcessOutputInput): Promise<Artifact> {
    const { artifact } = input;
    const toolName = typeof input.tool === "string" ? input.tool : input.tool.name;
    const activityName = typeof input.activity === "string" ? input.activity : input.activity.name;
    if (artifact.type === "ErrorArtifact") return artifact;
    if (isEmptyOutput(artifact)) return new InfoArtifact("tool output is empty");
    const namespace = artifact.name;
    let kept: Artifact | undefined;
    try {
      kept = await this.storeArtifact(namespace, artifact, {
        source: `${toolName}.${activityName}`,
        meta: input.meta,
        principal: input.principal,
      });
    } catch (error) {
      return new ErrorArtifact(`error storing tool output in memory: ${messageOf(error)}`, {
        code: "memory_store_failed",
        cause: error,
      });
    }
    if (kept !== undefined) return kept;
    const reference: MemoryReference = { memory_name: this.name, artifact_namespace: namespace };
    return new InfoArtifact(
      `Output of "${toolName}.${activityName}" was stored in memory with memory_name "${this.name}" and artifact_namespace "${namespace}"`,
      { name: namespace, meta: { memoryReferences: [{ ...reference }] } },
    );
  }

  /**
   * Griptape's `store_artifact`: stores an artifact (each item of a list) under `namespace` and
   * resolves to `undefined`, or resolves to what stays on the prompt instead: the artifact itself when
   * memory does not keep its kind, an `ErrorArtifact` when the namespace holds the other kind.
   *
   * @example
   * ```ts
   * await memory.storeArtifact("test", new TextArtifact("foo")); // undefined: stored
   * await memory.storeArtifact("test", new BlobArtifact("foo")); // ErrorArtifact
   * ```
   */
  async storeArtifact(
    namespace: string,
    artifact: Artifact,
    options: { source?: string; meta?: JsonObject | undefined; principal?: Principal } = {},
  ): Promise<Artifact | undefined> {
    const subject = "TaskMemory.storeArtifact";
    checkMemoryOptions(subject, options, { source: aString, meta: anObject, principal: anything });
    const { writes } = scopeSpaces(subject, this.store, options.principal);
    const kind = storedKind(artifact);
    if (kind === undefined) return artifact;
    // Cut in slices: a text of hundreds of megabytes must not hold the event loop while it is cut.
    const pace = new WritePace();
    let entries: StoreEntry[] = [];
    for (const item of flattenItems(artifact)) {
      const text = memoryText(item);
      entries.push({ json: item.toJSON(), text, passages: await splitPassagesPaced(text, pace) });
    }
    let embedding: string | undefined;
    if (this.embeddingDriver !== undefined) ({ entries, embedding } = await this.#embed(entries));
    const result = await this.store.write({
      namespace,
      kind,
      source: options.source ?? "unknown",
      meta: options.meta,
      entries,
      ...(writes === undefined ? {} : { principal: writes }),
      ...(embedding !== undefined && { embedding }),
    });
    if (result.ok) return undefined;
    return new ErrorArtifact(
      `error storing tool output in memory: artifact_namespace "${namespace}" already holds ${result.boundKind} artifacts, not ${kind}`,
      { code: "memory_namespace_conflict" },
    );
  }

  /**
   * The artifacts stored under a namespace, in order, as one `ListArtifact` (empty if unknown).
   *
   * @example
   * ```ts
   * (await memory.loadArtifacts("test")).value.length; // 2 for a two-item list stored as "test"
   * ```
   */
  async loadArtifacts(namespace: string, options: ScopeOption = {}): Promise<ListArtifact> {
    const subject = "TaskMemory.loadArtifacts";
    checkMemoryOptions(subject, options, { principal: anything });
    const stored = await firstIn(scopeSpaces(subject, this.store, options.principal), (scope) =>
      this.store.load(namespace, scope).then((found) => (found.length > 0 ? found : undefined)),
    );
    return new ListArtifact((stored ?? []).map((json) => artifactFromJSON(json)));
  }

  /**
   * Every namespace with its source, kind, artifact count, size and metadata: the principal's own,
   * then those of the principals it reads from (a name already listed is not listed again).
   *
   * @example
   * ```ts
   * for (const { namespace, source } of await memory.namespaces()) console.log(namespace, source);
   * ```
   */
  async namespaces(options: ScopeOption = {}): Promise<NamespaceSummary[]> {
    const subject = "TaskMemory.namespaces";
    checkMemoryOptions(subject, options, { principal: anything });
    const { reads } = scopeSpaces(subject, this.store, options.principal);
    if (reads.length === 1) return this.store.namespaces(scopeOf(reads[0]));
    const seen = new Set<string>();
    const listed: NamespaceSummary[] = [];
    for (const principal of reads) {
      for (const summary of await this.store.namespaces(scopeOf(principal))) {
        if (seen.has(summary.namespace)) continue;
        seen.add(summary.namespace);
        listed.push(summary);
      }
    }
    return listed;
  }

  /**
   * A page of a namespace's text (its artifacts' texts joined by a blank line); `undefined` for an
   * unknown namespace. A page never ends inside a surrogate pair.
   *
   * @example
   * ```ts
   * const page = await memory.read("n1", { offset: 4000, limit: 4000 });
   * const left = page.total - page.offset - page.text.length;
   * ```
   */
  async read(
    namespace: string,
    options: { offset?: number; limit?: number; principal?: Principal } = {},
  ): Promise<TextPage | undefined> {
    const rules = { offset: aNumber, limit: aNumber, principal: anything };
    checkMemoryOptions("TaskMemory.read", options, rules);
    const offset = Math.max(0, Math.trunc(options.offset ?? 0));
    const limit = Math.max(0, Math.trunc(options.limit ?? 4000));
    const spaces = scopeSpaces("TaskMemory.read", this.store, options.principal);
    const page = await firstIn(spaces, (scope) =>
      this.store.read(namespace, offset, limit + 1, scope),
    );
    if (page === undefined) return undefined;
    let text = page.text.slice(0, limit);
    const last = text.charCodeAt(text.length - 1);
    if (text.length > 1 && last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    return { ...page, text };
  }

  /**
   * Ranked passages (BM25) matching any word of `query`, verbatim and trimmed, with where they are.
   * A query with no words (only punctuation, say) finds nothing.
   *
   * @example
   * ```ts
   * const hits = await memory.search("redis cluster failover", { limit: 3 });
   * ```
   */
  async search(query: string, options: MemorySearchOptions = {}): Promise<MemorySearchHit[]> {
    const rules = { namespace: aString, limit: aNumber, principal: anything };
    checkMemoryOptions("TaskMemory.search", options, rules);
    const spaces = scopeSpaces("TaskMemory.search", this.store, options.principal);
    const terms = queryTerms(query, maxQueryTerms);
    const limit = Math.max(0, Math.trunc(options.limit ?? 5));
    const { namespace } = options;
    const driver = this.embeddingDriver;
    if (limit === 0 || (driver === undefined ? terms.length === 0 : query.trim() === "")) return [];
    // The query is embedded once, however many spaces the principal reads.
    const embedded = driver === undefined ? undefined : this.#embedQuery(driver, query);
    const hits = await searchSpaces(this.store, spaces.reads, limit, async (scope) => {
      if (embedded === undefined) return this.store.search({ terms, namespace, limit, ...scope });
      const depth = Math.max(fusionDepth, limit * 2);
      const { vector, embedding } = await embedded;
      const [lexical, semantic] = await Promise.all([
        terms.length === 0 ? [] : this.store.search({ terms, namespace, limit: depth, ...scope }),
        this.store.searchVectors?.({ vector, embedding, namespace, limit: depth, ...scope }) ?? [],
      ]);
      return fuseRankings([lexical, semantic], limit);
    });
    return hits.map((hit) => {
      const leading = hit.text.length - hit.text.trimStart().length;
      return {
        memory_name: this.name,
        artifact_namespace: hit.namespace,
        offset: hit.offset + leading,
        text: hit.text.trim(),
        score: hit.score,
      };
    });
  }

  /**
   * The tool a model uses to list, read and search this memory.
   *
   * @example
   * ```ts
   * toolbox.add(memory.tool());
   * ```
   */
  tool(options: Omit<TaskMemoryToolOptions, "memories"> = {}): TaskMemoryTool {
    // Its keys are the memory tool's to check; a value that spreads to nothing would slip past it.
    if (typeof options !== "object" || options === null) {
      throw new MemoryConfigError({
        subject: "TaskMemory.tool",
        option: "options",
        message: `must be an object; got ${describeReceived(options)}`,
      });
    }
    return new TaskMemoryTool({ ...options, memories: [this] });
  }

  /**
   * True when `tool` is a memory tool that reads this memory, so a toolbox need not add another.
   *
   * @example
   * ```ts
   * memory.isServedBy(memory.tool()); // true
   * ```
   */
  isServedBy(tool: object): boolean {
    return tool instanceof TaskMemoryTool && tool.memories.includes(this);
  }

  /** The entries with a unit vector per passage (one embedding request for all of them). */
  async #embed(entries: StoreEntry[]): Promise<{ entries: StoreEntry[]; embedding: string }> {
    const driver = this.embeddingDriver as EmbeddingDriver;
    const texts = entries.flatMap((entry) =>
      entry.passages.map((span) => entry.text.slice(span.start, span.end)),
    );
    const { embeddings } = await driver.embed({ texts, purpose: "document" });
    if (embeddings.length !== texts.length) {
      throw new Error(
        `embedding driver "${driver.provider}/${driver.model}" returned ${embeddings.length} vectors for ${texts.length} passages`,
      );
    }
    let next = 0;
    const embedded = entries.map((entry) => ({
      ...entry,
      vectors: entry.passages.map(() => unitVector(embeddings[next++] ?? [])),
    }));
    const dimensions = embeddings[0]?.length ?? driver.dimensions ?? 0;
    return { entries: embedded, embedding: embeddingSpace(driver, dimensions) };
  }

  async #embedQuery(
    driver: EmbeddingDriver,
    query: string,
  ): Promise<{ readonly vector: Float32Array; readonly embedding: string }> {
    const { embeddings } = await driver.embed({ texts: [query], purpose: "query" });
    const vector = unitVector(embeddings[0] ?? []);
    return { vector, embedding: embeddingSpace(driver, vector.length) };
  }

  /**
   * Closes the store (its file or connection).
   *
   * @example
   * ```ts
   * await memory.close();
   * ```
   */
  async close(): Promise<void> {
    await this.store.close();
  }
}

function isEmbeddingDriver(value: unknown): value is EmbeddingDriver {
  if (typeof value !== "object" || value === null) return false;
  const driver = value as Record<string, unknown>;
  return driver.specificationVersion === "v1" && typeof driver.embed === "function";
}

/** The embedding space of a driver's vectors: who made them, and how long they are. */
function embeddingSpace(driver: EmbeddingDriver, dimensions: number): string {
  return `${driver.provider}/${driver.model}/${dimensions}`;
}

function isArtifactStore(value: unknown): value is ArtifactStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Record<string, unknown>;
  return (
    store.specificationVersion === "v1" &&
    ["write", "load", "namespaces", "read", "search", "close"].every(
      (method) => typeof store[method] === "function",
    )
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A Toolbox given no memory makes one of these for its off-prompt tools (see default-task-memory.ts).
provideDefaultTaskMemory(() => new TaskMemory());
