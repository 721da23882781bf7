import { createHash, type Hash } from "node:crypto";
import type { Redis } from "ioredis";
import type { StoredKind, StoreWrite, StoreWriteResult } from "./artifact-store.js";
import type { MemoryScripts } from "./redis-scripts.js";
import { termFrequencies } from "./tokenize.js";
import { largeWriteChars, paceChars, type WritePace } from "./write-pace.js";

/** @internal A client with the store's scripts. */
export type ScriptedClient = Redis & MemoryScripts;

/**
 * @internal What a staged write needs of its store: the key prefix, and a way to run one command
 * within the store's time limit. `"stage"` commands change nothing anyone sees; the `"write"` (the
 * commit) may have been applied when its answer is lost.
 */
export interface StagingStore {
  readonly keyPrefix: string;
  run<T>(
    operation: (client: ScriptedClient) => Promise<T>,
    kind: "read" | "stage" | "write",
  ): Promise<T>;
}

// A batch of passages carries about this much text: one short script in Redis, one slice here.
const batchChars = largeWriteChars;

/**
 * @internal Writes a large write in batches that each take Redis and this process a few
 * milliseconds: the JSON parts and passages go under a segment of their own (invisible to reads and
 * search), then one short commit script places the segment in its namespace, once per write id. A
 * write whose namespace already holds the other kind, or that was already applied (a retry), stages
 * nothing.
 */
export async function writeStaged(
  store: StagingStore,
  write: StoreWrite,
  jsons: readonly (readonly string[])[],
  pace: WritePace,
): Promise<StoreWriteResult> {
  const p = store.keyPrefix;
  const writeId = await stagedWriteId(write, jsons, pace);
  const [nsid, kind] = await store.run(
    (client) => client.hmget(`${p}ns:${write.namespace}`, "id", "kind"),
    "read",
  );
  if (typeof nsid === "string") {
    if (kind !== write.kind) return { ok: false, boundKind: kind as StoredKind };
    const applied = await store.run(
      (client) => client.sismember(`${p}writes:${nsid}`, writeId),
      "read",
    );
    if (applied === 1) return { ok: true };
  }
  const segment = String(await store.run((client) => client.incr(`${p}seq:segment`), "stage"));
  let batch = 0;
  const stage = (args: (string | number)[]) => {
    const number = batch++;
    return store.run(
      (client) => client.toolwrightMemoryStage(p, segment, number, write.namespace, ...args),
      "stage",
    );
  };
  let offset = 0;
  const partCounts: number[] = [];
  for (const [index, entry] of write.entries.entries()) {
    const parts = jsons[index] ?? [];
    for (const part of parts) {
      await stage(["parts", index, part]);
      await pace.step(part.length);
    }
    partCounts.push(parts.length);
    let passages: (string | number)[] = [];
    let chars = 0;
    for (const span of entry.passages) {
      const text = entry.text.slice(span.start, span.end);
      const { frequencies, length } = termFrequencies(text);
      const postings: string[] = [];
      for (const [term, frequency] of frequencies) postings.push(term, String(frequency));
      passages.push(offset + span.start, text, length, postings.join(" "));
      chars += text.length;
      if (chars >= batchChars) {
        await stage(["passages", ...passages]);
        passages = [];
        chars = 0;
      }
      await pace.step(text.length);
    }
    if (passages.length > 0) await stage(["passages", ...passages]);
    offset += entry.text.length + 2;
  }
  const length = Math.max(0, offset - 2);
  const meta = write.meta === undefined ? "" : JSON.stringify(write.meta);
  const [ok, boundKind] = await store.run(
    (client) =>
      client.toolwrightMemoryCommit(
        p,
        write.namespace,
        write.kind,
        write.source,
        meta,
        writeId,
        segment,
        length,
        ...partCounts,
      ),
    "write",
  );
  return ok === 0 ? { ok: false, boundKind: boundKind as StoredKind } : { ok: true };
}

/**
 * The id a staged write is applied once under: a hash of everything it stores, fed in slices (the
 * same write retried has the same id; two different writes never do).
 */
async function stagedWriteId(
  write: StoreWrite,
  jsons: readonly (readonly string[])[],
  pace: WritePace,
): Promise<string> {
  const hash = createHash("sha256");
  // Length-prefixed, so no two different writes feed the same bytes.
  // UTF-16 code units, so that text cut between the halves of a surrogate pair hashes as it is.
  const field = (text: string) => hash.update(`${text.length}:`).update(text, "utf16le");
  field("staged");
  field(write.namespace);
  field(write.kind);
  field(write.source);
  field(write.meta === undefined ? "" : JSON.stringify(write.meta));
  for (const [index, entry] of write.entries.entries()) {
    await fieldInParts(hash, jsons[index] ?? [], pace);
    await fieldInParts(hash, [entry.text], pace);
    // The cuts, a thousand to an update: one update each would hold the loop for a large text.
    let cuts: string[] = [];
    for (const span of entry.passages) {
      cuts.push(`${span.start}-${span.end}`);
      if (cuts.length === 1_000) {
        field(cuts.join(","));
        cuts = [];
      }
      await pace.step(span.end - span.start);
    }
    field(cuts.join(","));
  }
  return hash.digest("hex");
}

/** One length-prefixed field made of parts, hashed a slice at a time. */
async function fieldInParts(hash: Hash, parts: readonly string[], pace: WritePace): Promise<void> {
  let length = 0;
  for (const part of parts) length += part.length;
  hash.update(`${length}:`);
  for (const part of parts) {
    for (let start = 0; start < part.length; start += paceChars) {
      hash.update(part.slice(start, start + paceChars), "utf16le");
      await pace.step(paceChars);
    }
  }
}
