import { existsSync } from "node:fs";
import { artifactFromJSON } from "../artifacts/artifact-from-json.js";
import type { NamespaceSummary } from "../memory/artifact-store.js";
import { LazySqliteStore } from "../memory/lazy-sqlite-store.js";
import { maxQueryTerms, type TaskMemory } from "../memory/task-memory.js";
import { queryTerms, tokenize } from "../memory/tokenize.js";
import { type ArtifactView, viewArtifact } from "./artifact-view.js";
import { RequestProblem } from "./request-problem.js";

/** @internal Characters in one page of a text namespace. */
export const textPageSize = 4000;
/** Artifacts in one page of a blob namespace (each may be an image to preview). */
const blobPageSize = 4;

/** @internal One page of a namespace: a slice of its text, or some of its blob artifacts. */
export interface NamespacePage {
  readonly namespace: string;
  readonly kind: "text" | "blob";
  readonly page: number;
  readonly pages: number;
  /** Text namespaces: the slice, where it starts, and the whole text's length. */
  readonly text?: string;
  readonly offset?: number;
  readonly total?: number;
  /** Blob namespaces: the page's artifacts. */
  readonly artifacts?: readonly ArtifactView[];
}

/** @internal A search hit with the spans of `text` that match the query's words. */
export interface HighlightedHit {
  readonly namespace: string;
  readonly offset: number;
  readonly score: number;
  readonly text: string;
  /** `[start, end)` spans of `text` to mark. */
  readonly marks: readonly (readonly [number, number])[];
}

/**
 * @internal The Memory view's reads of one task memory: namespaces, pages, BM25 search with the
 * matching words marked. A CLI memory whose SQLite file does not exist yet is shown empty rather than
 * created by looking at it.
 *
 * @example
 * ```ts
 * const views = new MemoryViews(toolbox.taskMemory);
 * const { hits } = await views.search("revenue Lisbon");
 * ```
 */
export class MemoryViews {
  readonly #memory: TaskMemory | undefined;

  constructor(memory: TaskMemory | undefined) {
    this.#memory = memory;
  }

  /** The memory's name and every namespace (empty when there is no memory, or nothing stored). */
  async list(): Promise<{ memory: string | null; namespaces: NamespaceSummary[] }> {
    const memory = this.#open();
    return {
      memory: this.#memory?.name ?? null,
      namespaces: memory === undefined ? [] : await memory.namespaces(),
    };
  }

  /** Page `page` (from 0) of a namespace; a `RequestProblem` (404) for an unknown one. */
  async page(namespace: string, page: number): Promise<NamespacePage> {
    const memory = this.#open();
    const summary = (await memory?.namespaces())?.find((entry) => entry.namespace === namespace);
    if (memory === undefined || summary === undefined) {
      throw new RequestProblem(404, `no namespace ${JSON.stringify(namespace)} in this memory`);
    }
    if (summary.kind === "blob") {
      const stored = await memory.store.load(namespace);
      const pages = Math.max(1, Math.ceil(stored.length / blobPageSize));
      const slice = stored.slice(page * blobPageSize, (page + 1) * blobPageSize);
      const artifacts = slice.map((json) => viewArtifact(artifactFromJSON(json)));
      return { namespace, kind: "blob", page, pages, artifacts };
    }
    const read = await memory.read(namespace, { offset: page * textPageSize, limit: textPageSize });
    const total = read?.total ?? 0;
    return {
      namespace,
      kind: "text",
      page,
      pages: Math.max(1, Math.ceil(total / textPageSize)),
      text: read?.text ?? "",
      offset: read?.offset ?? 0,
      total,
    };
  }

  /** The best passages for `query` (BM25, as the memory tool searches), each with its words marked. */
  async search(
    query: string,
    options: { namespace?: string | undefined; limit?: number | undefined } = {},
  ): Promise<{ terms: string[]; hits: HighlightedHit[] }> {
    const terms = queryTerms(query, maxQueryTerms);
    const memory = this.#open();
    if (memory === undefined) return { terms, hits: [] };
    const hits = await memory.search(query, options);
    const wanted = new Set(terms);
    return {
      terms,
      hits: hits.map((hit) => ({
        namespace: hit.artifact_namespace,
        offset: hit.offset,
        score: hit.score,
        text: hit.text,
        marks: markTerms(hit.text, wanted),
      })),
    };
  }

  #open(): TaskMemory | undefined {
    const memory = this.#memory;
    const store = memory?.store;
    if (store instanceof LazySqliteStore && !existsSync(store.path)) return undefined;
    return memory;
  }
}

// Runs of token characters, as the memory's tokenizer sees them (combining marks kept with their
// letter, so a folded word is marked whole).
const wordRuns = /[\p{L}\p{N}\p{Co}\p{Cn}\p{M}]+/gu;

/** The spans of `text` whose words, folded as the search folds them, are among `terms`. */
function markTerms(text: string, terms: ReadonlySet<string>): [number, number][] {
  const marks: [number, number][] = [];
  for (const match of text.matchAll(wordRuns)) {
    if (tokenize(match[0]).some((token) => terms.has(token))) {
      marks.push([match.index, match.index + match[0].length]);
    }
  }
  return marks;
}
