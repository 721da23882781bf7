import { setImmediate as nextTurn } from "node:timers/promises";
import { MemoryStoreError } from "../errors/memory-store-error.js";
import type { StoreWrite } from "./artifact-store.js";

/**
 * The most characters of text one write may hold, over all its artifacts (256 Mi): about a quarter of
 * the longest string V8 makes, so an artifact's JSON form, escapes included, still fits in one when
 * it is loaded back.
 *
 * @example
 * ```ts
 * maxWriteChars; // 268_435_456
 * ```
 */
export const maxWriteChars = 256 * 1024 * 1024;

/**
 * @internal Characters of work between two turns of the event loop: cutting, tokenizing or hashing
 * this much takes a few milliseconds, under 50 even on a loaded machine.
 */
export const paceChars = 64 * 1024;

/**
 * @internal Writes with more text than this are large: written in slices, staged (Redis) or by
 * another thread (SQLite files); smaller ones take one step. Also about the text one batch of a
 * large write carries (one short Redis script, one message to SQLite's write thread).
 */
export const largeWriteChars = 256 * 1024;

/**
 * @internal Work done in slices: each caller reports what it did, in characters, and every
 * `paceChars` the write waits one turn of the event loop, so timers, I/O and other requests run
 * between the slices of a large write instead of after it.
 */
export class WritePace {
  #spent = 0;
  /** The turns the write gave away so far. */
  turns = 0;

  /** Counts `chars` of work done; resolves after a turn of the event loop when a slice is full. */
  async step(chars: number): Promise<void> {
    this.#spent += chars;
    if (this.#spent < paceChars) return;
    this.#spent = 0;
    this.turns++;
    await nextTurn();
  }
}

/** @internal The characters of text a write holds. */
export function writeChars(write: StoreWrite): number {
  let chars = 0;
  for (const entry of write.entries) chars += entry.text.length;
  return chars;
}

/**
 * @internal Throws `MemoryStoreError` (nothing written) for a write over {@link maxWriteChars}, before
 * the store does any work on it.
 */
export function checkWriteSize(write: StoreWrite, store: string, location: string): void {
  const chars = writeChars(write);
  if (chars <= maxWriteChars) return;
  throw new MemoryStoreError({
    store,
    location,
    message: `a write may hold at most ${maxWriteChars.toLocaleString("en-US")} characters of text; this one holds ${chars.toLocaleString("en-US")}; nothing was written (store less at once, or split the output)`,
    outcome: "not-applied",
  });
}

/**
 * @internal Runs a store's operations one after another: an operation starts once the one before it
 * has settled, so a write done in slices is never seen half done by a read of the same store.
 */
export class OneAtATime {
  #last: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T> | T): Promise<T> {
    // #last never rejects: one failed operation does not stop the next.
    const next = this.#last.then(operation);
    this.#last = next.catch(() => {});
    return next;
  }
}
