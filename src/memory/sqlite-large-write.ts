import { siblingModuleUrl } from "../internal/sibling-module.js";
import type { StoredKind, StoreWrite, StoreWriteResult } from "./artifact-store.js";
import type { WriteMessage, WriteReply, WriteThreadData } from "./sqlite-write-thread.js";
import { largeWriteChars, type WritePace } from "./write-pace.js";

/**
 * @internal Writes one large write through a worker thread with a connection of its own
 * (sqlite-write-thread.ts): this thread only sends the rows, a slice per message, each once the one
 * before it is written, so it never waits on SQLite (inserts, index merges, the commit and its
 * checkpoint take seconds for hundreds of megabytes). Throws `Error` with SQLite's message when the
 * write failed and was rolled back, `WriteOutcomeUnknown` when the thread stopped after the commit
 * was sent, `WriteThreadUnavailable` when the thread's module cannot be loaded.
 */
export async function writeInThread(
  data: WriteThreadData,
  write: StoreWrite,
  jsons: readonly (readonly string[])[],
  pace: WritePace,
): Promise<StoreWriteResult> {
  const { Worker } = process.getBuiltinModule("node:worker_threads");
  const worker = new Worker(siblingModuleUrl(import.meta.url, "sqlite-write-thread"), {
    workerData: data,
  });
  let committing = false;
  let crashed = false;
  let waiting: ((reply: WriteReply) => void) | undefined;
  let stopped: WriteReply | undefined;
  let missing = false;
  const stop = (message: string) => {
    crashed = true;
    stopped = { type: "failed", message };
    waiting?.(stopped);
  };
  worker.on("message", (reply: WriteReply) => waiting?.(reply));
  worker.on("error", (error: Error & { code?: string }) => {
    missing ||= error.code === "ERR_MODULE_NOT_FOUND";
    stop(error.message);
  });
  worker.on("exit", (code) => stop(`the writing thread stopped (exit code ${code})`));
  const send = (message: WriteMessage): Promise<WriteReply> =>
    new Promise((resolve) => {
      if (stopped !== undefined) return resolve(stopped);
      waiting = resolve;
      worker.postMessage(message);
    });
  try {
    const meta = write.meta === undefined ? null : JSON.stringify(write.meta);
    const { namespace, kind, source } = write;
    const first = await send({ type: "begin", namespace, kind, source, meta });
    if (missing) throw new WriteThreadUnavailable(messageOf(stopped));
    if (first.type !== "ok") return settled(first);
    for (const [index, entry] of write.entries.entries()) {
      const [json = "", ...rest] = jsons[index] ?? [];
      await sent(send({ type: "entry", json }));
      for (const part of rest) {
        await sent(send({ type: "part", json: part }));
        await pace.step(part.length);
      }
      let spans: (number | string)[] = [];
      let chars = 0;
      for (const span of entry.passages) {
        const text = entry.text.slice(span.start, span.end);
        spans.push(span.start, text);
        chars += text.length;
        if (chars >= largeWriteChars) {
          await sent(send({ type: "passages", spans }));
          spans = [];
          chars = 0;
        }
        await pace.step(text.length);
      }
      if (spans.length > 0) await sent(send({ type: "passages", spans }));
      await sent(send({ type: "end", textLength: entry.text.length }));
    }
    committing = true;
    return settled(await send({ type: "commit" }));
  } catch (error) {
    // SQLite's own failure of a commit rolls it back; a thread gone once the commit was sent may not.
    if (committing && crashed) throw new WriteOutcomeUnknown(messageOf(error));
    throw error;
  } finally {
    await worker.terminate();
  }

  function settled(reply: WriteReply): StoreWriteResult {
    if (reply.type === "refused") return { ok: false, boundKind: reply.boundKind as StoredKind };
    if (reply.type === "failed") throw new Error(reply.message);
    return { ok: true };
  }

  async function sent(reply: Promise<WriteReply>): Promise<void> {
    const answer = await reply;
    if (answer.type !== "ok") settled(answer);
  }
}

function messageOf(error: unknown): string {
  if (typeof error === "object" && error !== null && "message" in error)
    return String(error.message);
  return String(error);
}

/**
 * @internal The writing thread's module cannot be loaded (a bundle that left the file out): nothing
 * was begun, and the caller writes in this thread instead.
 */
export class WriteThreadUnavailable extends Error {}

/** @internal The writing thread stopped after the commit was sent: the write may have been applied. */
export class WriteOutcomeUnknown extends Error {}
