import { checkMemoryOptions } from "../memory/check-memory-options.js";
import { newReceipt } from "./new-receipt.js";
import type * as spec from "./receipt-store.js";

interface Expiry {
  readonly at: number;
  readonly scope: string;
  readonly key: string | undefined;
}

/**
 * Receipts and runs in this process's memory: gone when it exits, so they guard against repeats
 * within one process (a retried request, a resumed approval) but not across a crash. Use the SQLite
 * or Redis store for that.
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox(tools, { receipts: { store: new InMemoryReceiptStore() } });
 * ```
 */
export class InMemoryReceiptStore implements spec.ReceiptStore {
  readonly specificationVersion = "v1";
  readonly #scopes = new Map<string, Map<string, spec.Receipt>>();
  readonly #runs = new Map<string, spec.StoredRun & { readonly expiresAt: number | undefined }>();
  // Expiry times in the order they were set: with one retention that is their order in time, so a
  // sweep stops at the first that is still ahead. Each entry is checked against the record's current
  // expiry before anything is dropped.
  readonly #expiries: Expiry[] = [];
  #expiryHead = 0;

  /**
   * It takes no options; an object with keys throws `MemoryConfigError` rather than being ignored.
   *
   * @example
   * ```ts
   * const store = new InMemoryReceiptStore();
   * ```
   */
  constructor(options?: Readonly<Record<string, never>>) {
    if (options !== undefined) checkMemoryOptions("InMemoryReceiptStore", options, {});
  }

  async begin(start: spec.ReceiptStart): Promise<spec.ReceiptBegin> {
    this.#sweep();
    const existing = this.#live(start);
    if (existing !== undefined) return { created: false, receipt: existing };
    const receipt = newReceipt(start);
    this.#put(receipt);
    return { created: true, receipt };
  }

  async restart(restart: spec.ReceiptRestart): Promise<boolean> {
    const receipt = this.#live(restart);
    if (receipt === undefined || receipt.result !== undefined) return false;
    if (receipt.attempt !== restart.attempt) return false;
    this.#put({
      ...receipt,
      attempt: receipt.attempt + 1,
      startedAt: restart.startedAt,
      expiresAt: restart.expiresAt,
    });
    return true;
  }

  async finish(finish: spec.ReceiptFinish): Promise<void> {
    const receipt = this.#live(finish);
    if (receipt === undefined || receipt.result !== undefined) return;
    this.#put({
      ...receipt,
      result: finish.result,
      finishedAt: finish.finishedAt,
      expiresAt: finish.expiresAt,
    });
  }

  async get(address: spec.ReceiptAddress): Promise<spec.Receipt | undefined> {
    return this.#live(address);
  }

  async release(scope: string): Promise<void> {
    this.#scopes.delete(scope);
  }

  async saveRun(write: spec.RunWrite): Promise<boolean> {
    this.#sweep();
    const current = this.#liveRun(write.runId);
    if ((current?.revision ?? 0) !== write.revision) return false;
    // A copy, as a database would keep: the caller may go on changing its object.
    const state = structuredClone(write.state);
    this.#runs.set(write.runId, {
      state,
      revision: write.revision + 1,
      expiresAt: write.expiresAt,
    });
    if (write.expiresAt !== undefined) {
      this.#expiries.push({ at: write.expiresAt, scope: write.runId, key: undefined });
    }
    return true;
  }

  async loadRun(runId: string): Promise<spec.StoredRun | undefined> {
    const run = this.#liveRun(runId);
    return run === undefined
      ? undefined
      : { state: structuredClone(run.state), revision: run.revision };
  }

  async deleteRun(runId: string): Promise<void> {
    this.#runs.delete(runId);
  }

  async close(): Promise<void> {}

  #live({ scope, key }: spec.ReceiptAddress): spec.Receipt | undefined {
    const receipt = this.#scopes.get(scope)?.get(key);
    if (receipt === undefined || !expired(receipt.expiresAt)) return receipt;
    this.#scopes.get(scope)?.delete(key);
    return undefined;
  }

  #liveRun(runId: string): (spec.StoredRun & { expiresAt: number | undefined }) | undefined {
    const run = this.#runs.get(runId);
    if (run === undefined || !expired(run.expiresAt)) return run;
    this.#runs.delete(runId);
    return undefined;
  }

  #put(receipt: spec.Receipt): void {
    let scope = this.#scopes.get(receipt.scope);
    if (scope === undefined) {
      scope = new Map();
      this.#scopes.set(receipt.scope, scope);
    }
    scope.set(receipt.key, receipt);
    if (receipt.expiresAt !== undefined) {
      this.#expiries.push({ at: receipt.expiresAt, scope: receipt.scope, key: receipt.key });
    }
  }

  /** Drops what has expired from the front of the expiry list: constant work per write, amortised. */
  #sweep(): void {
    const now = Date.now();
    while (this.#expiryHead < this.#expiries.length) {
      const entry = this.#expiries[this.#expiryHead] as Expiry;
      if (entry.at > now) break;
      this.#expiryHead++;
      if (entry.key === undefined) this.#liveRun(entry.scope);
      else this.#live({ scope: entry.scope, key: entry.key });
      const scope = entry.key === undefined ? undefined : this.#scopes.get(entry.scope);
      if (scope?.size === 0) this.#scopes.delete(entry.scope);
    }
    // Compact once the consumed front is the larger part, so the list stays proportional to what is live.
    if (this.#expiryHead > 1024 && this.#expiryHead * 2 > this.#expiries.length) {
      this.#expiries.splice(0, this.#expiryHead);
      this.#expiryHead = 0;
    }
  }
}

function expired(at: number | undefined): boolean {
  return at !== undefined && at <= Date.now();
}
