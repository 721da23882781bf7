import { createHash } from "node:crypto";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { MemoryStoreError } from "../errors/memory-store-error.js";
import type { JsonObject } from "../schema/json.js";
import type * as spec from "./artifact-store.js";
import { assemblePage, type StoredPassage } from "./assemble-page.js";
import { bm25Parameters } from "./bm25.js";
import { checkMemoryOptions } from "./check-memory-options.js";
import { spaceConflict, writeSpace } from "./embedding-space.js";
import { parseJsonParts } from "./json-from-parts.js";
import { jsonParts } from "./json-parts.js";
import { checkPrincipal, spaceTag } from "./principal-space.js";
import { RedisConnection, redisStoreOptionRules } from "./redis-connection.js";
import {
  commitScript,
  readScript,
  searchScript,
  stageScript,
  writeScript,
} from "./redis-scripts.js";
import { type ScriptedClient, writeStaged } from "./redis-staged-write.js";
import { RedisTaskStore } from "./redis-task-store.js";
import { passageMax } from "./split-passages.js";
import type { TaskStore } from "./task-store.js";
import { termFrequencies } from "./tokenize.js";
import { VectorIndex, vectorFromBytes } from "./vector-index.js";
import { checkWriteSize, largeWriteChars, WritePace, writeChars } from "./write-pace.js";

/**
 * Options of a {@link RedisArtifactStore}.
 *
 * @example
 * ```ts
 * const options: RedisArtifactStoreOptions = { url: "redis://127.0.0.1:6379/0", keyPrefix: "agents:" };
 * ```
 */
export interface RedisArtifactStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Prefix of every key the store uses; `"toolwright:memory:"` by default. One prefix, one memory. */
  keyPrefix?: string;
  /** Longest wait for Redis (connecting or answering), in milliseconds; 5,000 by default. */
  timeoutMs?: number;
}

type ScriptArg = string | number | Buffer;

type Client = ScriptedClient;

// Vectors go in the one-script write, whose arguments are spread: this keeps them to tens of thousands.
const maxVectorWriteChars = 16 * largeWriteChars;

/**
 * An artifact store on a Redis server, for agents on several machines sharing one memory. Writes run
 * as one Lua script (atomic for every client); search ranks passages with the same BM25 as the
 * SQLite store, inside Redis, over an inverted index kept next to the data. Plain Redis 6.2 or later
 * (no modules), standalone. Needs the `ioredis` package, loaded on first use.
 *
 * Writes can be retried: each carries a write id (a hash of the whole write, artifact ids included),
 * and a namespace applies a write id once, so a write retried after an ambiguous failure (a timeout,
 * a connection lost before the answer) is stored once. A failed write's `MemoryStoreError` says in
 * `outcome` whether it may have been applied.
 *
 * @example
 * ```ts
 * const memory = new TaskMemory({ store: new RedisArtifactStore({ url: process.env.REDIS_URL! }) });
 * ```
 */
export class RedisArtifactStore implements spec.ArtifactStore {
  readonly specificationVersion = "v1";
  readonly principals = true;
  /** The server's URL with its password hidden. */
  readonly url: string;
  readonly keyPrefix: string;
  /**
   * Task state under the same prefix (`serveMcp` keeps its MCP tasks here when its toolbox's memory
   * uses this store): every replica on the same server sees it, and it outlives any one of them.
   */
  readonly tasks: TaskStore;
  readonly #connection: RedisConnection<Client>;
  /**
   * Each space's vectors (by key prefix), loaded on its first vector search and then only the passages
   * added since.
   */
  readonly #vectors = new Map<
    string,
    { index: VectorIndex; loadedTo: number; groups: Map<string, number> }
  >();

  constructor(options: RedisArtifactStoreOptions) {
    checkMemoryOptions("RedisArtifactStore", options, redisStoreOptionRules, ["url"]);
    this.#connection = new RedisConnection<Client>({
      subject: "RedisArtifactStore",
      url: options.url,
      timeoutMs: options.timeoutMs ?? 5_000,
      holds: "artifact",
      scripts: {
        toolwrightMemoryWrite: writeScript,
        toolwrightMemorySearch: searchScript,
        toolwrightMemoryStage: stageScript,
        toolwrightMemoryCommit: commitScript,
        toolwrightMemoryRead: readScript,
      },
    });
    this.url = this.#connection.url;
    this.keyPrefix = options.keyPrefix ?? "toolwright:memory:";
    this.tasks = new RedisTaskStore(this.keyPrefix, (operation, kind) =>
      this.#connection.run(operation, kind),
    );
  }

  async write(write: spec.StoreWrite): Promise<spec.StoreWriteResult> {
    checkWriteSize(write, "redis", this.url);
    const p = this.#prefix("write", write.principal);
    let space: string | undefined;
    try {
      space = writeSpace(write);
    } catch (error) {
      throw this.#error("write", messageOf(error), "not-applied", error);
    }
    const pace = new WritePace();
    const jsons: string[][] = [];
    for (const entry of write.entries) jsons.push(await jsonParts(entry.json, pace));
    const large = writeChars(write) > largeWriteChars || jsons.some((parts) => parts.length > 1);
    // A large write is staged in batches (redis-staged-write.ts); a small one, or one with vectors
    // (which staging does not carry), is one script with every passage among its arguments.
    if (large && space === undefined) {
      return writeStaged(
        { keyPrefix: p, run: (operation, kind) => this.#run(operation, kind) },
        write,
        jsons,
        pace,
      );
    }
    if (writeChars(write) > maxVectorWriteChars) {
      const most = maxVectorWriteChars.toLocaleString("en-US");
      const message = `a write with vectors may hold at most ${most} characters of text in the Redis store; nothing was written (store less at once)`;
      throw this.#error("write", message, "not-applied", undefined);
    }
    const vectors = write.entries.flatMap((entry) => entry.vectors ?? []);
    const args: ScriptArg[] = [
      p,
      write.namespace,
      write.kind,
      write.source,
      write.meta === undefined ? "" : JSON.stringify(write.meta),
      "", // the write id, below
      write.entries.length,
      space ?? "",
      space === undefined ? "" : (vectors[0]?.length ?? 0),
    ];
    for (const [index, entry] of write.entries.entries()) {
      args.push((jsons[index] ?? []).join(""), entry.text.length, entry.passages.length);
      for (const [at, span] of entry.passages.entries()) {
        const text = entry.text.slice(span.start, span.end);
        const { frequencies, length } = termFrequencies(text);
        const postings: string[] = [];
        for (const [term, frequency] of frequencies) postings.push(term, String(frequency));
        const vector = entry.vectors?.[at];
        args.push(span.start, text, length, postings.join(" "), vector ? vectorBuffer(vector) : "");
      }
    }
    args[5] = writeId(args);
    // Few enough arguments to spread: a small write holds at most largeWriteChars of text.
    const [ok, boundKind] = await this.#run(
      (client) => client.toolwrightMemoryWrite(...args),
      "write",
    );
    if (ok === 3) {
      throw this.#error(
        "write",
        spaceConflict(boundKind, space ?? "") ?? "",
        "not-applied",
        undefined,
      );
    }
    // 2: this very write was applied before (a retry after a lost answer); nothing was appended again.
    return ok === 0 ? { ok: false, boundKind: boundKind as spec.StoredKind } : { ok: true };
  }

  async load(namespace: string, scope?: spec.StoreScope): Promise<ArtifactJSON[]> {
    const p = this.#prefix("load", scope?.principal);
    const rows = await this.#run((client) => client.lrange(`${p}art:${namespace}`, 0, -1));
    // A large artifact's JSON parts are fetched one at a time as the parse needs them (about a
    // megabyte each) and parsed in slices, between turns of the loop. A committed segment's parts
    // never change, so the fetches see one artifact.
    const pace = new WritePace();
    const loaded: ArtifactJSON[] = [];
    for (const row of rows) {
      // A staged artifact's row points at its JSON parts: "@<segment>:<index>:<parts>".
      const [segment, index, count] = row.startsWith("@") ? row.slice(1).split(":") : [];
      if (segment === undefined) {
        loaded.push(JSON.parse(row) as ArtifactJSON);
        continue;
      }
      const key = `${p}segart:${segment}:${index}`;
      let next = 0;
      const part = async () => {
        if (next >= Number(count)) return undefined;
        const at = next++;
        return (await this.#run((client) => client.lindex(key, at))) ?? undefined;
      };
      loaded.push((await parseJsonParts(part, pace)) as ArtifactJSON);
    }
    return loaded;
  }

  async namespaces(scope?: spec.StoreScope): Promise<spec.NamespaceSummary[]> {
    const p = this.#prefix("namespaces", scope?.principal);
    return this.#run(async (client) => {
      const names = await client.lrange(`${p}namespaces`, 0, -1);
      const pipeline = client.pipeline();
      for (const name of names) pipeline.hgetall(`${p}ns:${name}`);
      const replies = (await pipeline.exec()) ?? [];
      return names.map((name, index) => {
        const [error, hash] = replies[index] ?? [new Error("no reply"), undefined];
        if (error) throw error;
        const fields = hash as Record<string, string>;
        return {
          namespace: name,
          kind: fields.kind as spec.StoredKind,
          source: fields.source ?? "",
          artifactCount: Number(fields.count ?? 0),
          length: Number(fields.length ?? 0),
          meta: fields.meta === undefined ? undefined : (JSON.parse(fields.meta) as JsonObject),
        };
      });
    });
  }

  async read(
    namespace: string,
    offset: number,
    limit: number,
    scope?: spec.StoreScope,
  ): Promise<spec.TextPage | undefined> {
    const p = this.#prefix("read", scope?.principal);
    const found = await this.#run((client) =>
      client.toolwrightMemoryRead(p, namespace, offset - passageMax - 1, offset + limit),
    );
    if (found === null) return undefined;
    const [length = "0", ...flat] = found;
    const passages: StoredPassage[] = [];
    for (let index = 0; index + 1 < flat.length; index += 2) {
      passages.push({ start: Number(flat[index]), text: flat[index + 1] as string });
    }
    passages.sort((a, b) => a.start - b.start);
    return assemblePage(passages, offset, limit, Number(length));
  }

  async search(query: spec.PassageQuery): Promise<spec.PassageHit[]> {
    const p = this.#prefix("search", query.principal);
    if (query.terms.length === 0 || query.limit <= 0) return [];
    return this.#run(async (client) => {
      let filter = "";
      if (query.namespace !== undefined) {
        const id = await client.hget(`${p}ns:${query.namespace}`, "id");
        if (id === null) return [];
        filter = id;
      }
      const ranked = await client.toolwrightMemorySearch(
        p,
        query.limit,
        filter,
        bm25Parameters.k1,
        bm25Parameters.b,
        ...query.terms,
      );
      // Per hit: passage id, score, and the offset its start counts from (its segment's place).
      const pipeline = client.pipeline();
      for (let index = 0; index < ranked.length; index += 3) {
        pipeline.hmget(`${p}passage:${ranked[index]}`, "ns", "start", "text");
      }
      const replies = (await pipeline.exec()) ?? [];
      return replies.map(([error, fields], index) => {
        if (error) throw error;
        const [namespace, start, text] = fields as [string, string, string];
        const score = Number(ranked[index * 3 + 1]);
        return { namespace, offset: Number(start) + Number(ranked[index * 3 + 2]), text, score };
      });
    });
  }

  async searchVectors(query: spec.VectorQuery): Promise<spec.PassageHit[]> {
    const p = this.#prefix("searchVectors", query.principal);
    if (query.limit <= 0) return [];
    return this.#run(async (client) => {
      const [space, dimensions] = await client.hmget(`${p}vector-space`, "space", "dimensions");
      if (space === null || space === undefined) return [];
      const conflict = spaceConflict(space, query.embedding);
      if (conflict !== undefined)
        throw new MemoryStoreError({ store: "redis", location: this.url, message: conflict });
      const cache = await this.#loadVectors(client, p, Number(dimensions));
      let group: number | undefined;
      if (query.namespace !== undefined) {
        group = cache.groups.get(query.namespace);
        if (group === undefined) return [];
      }
      const nearest = cache.index.nearest(query.vector, query.limit, group);
      const pipeline = client.pipeline();
      for (const { id } of nearest) pipeline.hmget(`${p}passage:${id}`, "ns", "start", "text");
      const replies = (await pipeline.exec()) ?? [];
      return replies.map(([error, fields], index) => {
        if (error) throw error;
        const [namespace, start, text] = fields as [string, string, string];
        return {
          namespace,
          offset: Number(start),
          text,
          score: (nearest[index] as { score: number }).score,
        };
      });
    });
  }

  /**
   * The vector index with every passage of a space (keys under `p`): passage ids come from one
   * counter per space, so the passages added since the last search are the ids above the last one loaded.
   */
  async #loadVectors(client: Client, p: string, dimensions: number) {
    let cache = this.#vectors.get(p);
    if (cache === undefined) {
      cache = { index: new VectorIndex(dimensions), loadedTo: 0, groups: new Map() };
      this.#vectors.set(p, cache);
    }
    const last = Number((await client.get(`${p}seq:passage`)) ?? 0);
    for (let from = cache.loadedTo + 1; from <= last; from += vectorBatch) {
      const to = Math.min(last, from + vectorBatch - 1);
      const pipeline = client.pipeline();
      for (let id = from; id <= to; id++) pipeline.hmgetBuffer(`${p}passage:${id}`, "ns", "vec");
      const replies = (await pipeline.exec()) ?? [];
      for (const [offset, [error, fields]] of replies.entries()) {
        if (error) throw error;
        const [namespace, vector] = fields as [Buffer | null, Buffer | null];
        if (namespace === null || vector === null) continue;
        const name = namespace.toString("utf8");
        let group = cache.groups.get(name);
        if (group === undefined) {
          group = cache.groups.size;
          cache.groups.set(name, group);
        }
        cache.index.add(from + offset, group, vectorFromBytes(vector));
      }
      cache.loadedTo = to;
    }
    return cache;
  }

  close(): Promise<void> {
    return this.#connection.close();
  }

  /**
   * The prefix of a space's keys: `keyPrefix` for the default space (where everything was before
   * principals existed), `keyPrefix` + `@<spaceTag>:` for a principal's. No key of the default space
   * starts with `@`, so the spaces never share a key.
   */
  #prefix(method: string, principal: unknown): string {
    const checked = checkPrincipal(`RedisArtifactStore.${method}`, principal);
    return checked === undefined ? this.keyPrefix : `${this.keyPrefix}@${spaceTag(checked)}:`;
  }

  #run<T>(
    operation: (client: Client) => Promise<T>,
    kind: "read" | "stage" | "write" = "read",
  ): Promise<T> {
    return this.#connection.run(operation, kind);
  }

  #error(
    kind: "read" | "stage" | "write",
    message: string,
    outcome: "not-applied" | "unknown",
    cause: unknown,
  ): MemoryStoreError {
    return this.#connection.error(kind, message, outcome, cause);
  }
}

/** Passages whose vectors one pipeline fetches. */
const vectorBatch = 1_000;

/**
 * The id a write is applied once under: a hash of everything it stores (artifact ids, texts, kind,
 * source, metadata), so the same write retried has the same id, and two different writes never do.
 */
function writeId(args: readonly ScriptArg[]): string {
  const hash = createHash("sha256");
  // Length-prefixed, so no two different argument lists hash the same bytes.
  for (const arg of args.slice(1)) {
    const text = Buffer.isBuffer(arg) ? arg.toString("base64") : String(arg);
    hash.update(`${text.length}:`).update(text);
  }
  return hash.digest("hex");
}

function vectorBuffer(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
