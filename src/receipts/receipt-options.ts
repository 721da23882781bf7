import type { ReceiptStore } from "./receipt-store.js";

/**
 * Call receipts for a toolbox (`new Toolbox(tools, { receipts })`) or one call
 * (`toolbox.execute(call, { receipts })`): where they are kept, in which scope, for how long.
 *
 * @example
 * ```ts
 * const receipts: ReceiptOptions = { store: new SqliteReceiptStore({ path: "receipts.db" }), scope: "billing", retentionMs: 86_400_000 };
 * ```
 */
export interface ReceiptOptions {
  /** Where receipts are kept. */
  store: ReceiptStore;
  /**
   * The scope call keys live in (`"toolbox"` by default): a call id or idempotency key means one call
   * within its scope. The agent gives each run its own; `store.release(scope)` drops a scope.
   */
  scope?: string | undefined;
  /**
   * How long a receipt is kept after its call started or finished, in milliseconds. By default it
   * lives as long as its scope: until the run finishes (the agent releases it) or `store.release`.
   */
  retentionMs?: number | undefined;
  /** The clock receipts are stamped with (`Date.now` by default); for tests. */
  clock?: (() => number) | undefined;
}
