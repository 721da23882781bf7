import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import type { JsonObject } from "../schema/json.js";

/**
 * Where a call's receipt lives: a scope (a run, an MCP session, a queue job; `release` drops them
 * all) and the call's key inside it.
 *
 * @example
 * ```ts
 * const at: ReceiptAddress = { scope: "run:7f3a", key: "call:call_1:BankTool.refund" };
 * ```
 */
export interface ReceiptAddress {
  readonly scope: string;
  readonly key: string;
}

/**
 * A call about to run: what its receipt records before the method starts.
 *
 * @example
 * ```ts
 * await store.begin({ scope, key, tool: "BankTool", activity: "refund", inputHash, startedAt: Date.now(), expiresAt: undefined });
 * ```
 */
export interface ReceiptStart extends ReceiptAddress {
  readonly tool: string;
  readonly activity: string;
  /** SHA-256 of the validated input's canonical JSON (`hashInput`). */
  readonly inputHash: string;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  /** When the store may drop the receipt (milliseconds since the epoch); `undefined`: with its scope. */
  readonly expiresAt: number | undefined;
}

/**
 * What a store knows of one call: that it started (`attempt` times), and its result once it finished.
 *
 * @example
 * ```ts
 * const receipt = await store.get({ scope, key });
 * if (receipt?.result !== undefined) console.log(artifactFromJSON(receipt.result).toText());
 * ```
 */
export interface Receipt extends ReceiptStart {
  /** Starts recorded: 1, plus one per rerun of an idempotent call that never finished. */
  readonly attempt: number;
  readonly finishedAt: number | undefined;
  /** The artifact the call returned, as JSON; `undefined` while it has not finished. */
  readonly result: ArtifactJSON | undefined;
}

/**
 * The answer to `begin`: the receipt was created now (run the method), or one was there already.
 *
 * @example
 * ```ts
 * const { created, receipt } = await store.begin(start);
 * ```
 */
export interface ReceiptBegin {
  readonly created: boolean;
  readonly receipt: Receipt;
}

/**
 * A finished call's result.
 *
 * @example
 * ```ts
 * await store.finish({ scope, key, result: artifact.toJSON(), finishedAt: Date.now(), expiresAt: undefined });
 * ```
 */
export interface ReceiptFinish extends ReceiptAddress {
  readonly result: ArtifactJSON;
  readonly finishedAt: number;
  readonly expiresAt: number | undefined;
}

/**
 * A rerun of an idempotent call whose receipt says it started and never finished.
 *
 * @example
 * ```ts
 * const mine = await store.restart({ scope, key, attempt: receipt.attempt, startedAt: Date.now(), expiresAt: undefined });
 * ```
 */
export interface ReceiptRestart extends ReceiptAddress {
  /** The attempt the caller saw; the restart applies only while the receipt is still at it. */
  readonly attempt: number;
  readonly startedAt: number;
  readonly expiresAt: number | undefined;
}

/**
 * A durable agent run's state and its revision (how many times it was saved).
 *
 * @example
 * ```ts
 * const run = await store.loadRun("run_1"); // { state, revision: 3 }
 * ```
 */
export interface StoredRun {
  readonly state: JsonObject;
  readonly revision: number;
}

/**
 * One save of a run's state, applied only when the stored revision is still `revision` (0: no run by
 * that id yet), so two processes never both advance a run.
 *
 * @example
 * ```ts
 * const saved = await store.saveRun({ runId, state, revision: 3, expiresAt: undefined }); // now 4
 * ```
 */
export interface RunWrite {
  readonly runId: string;
  readonly state: JsonObject;
  readonly revision: number;
  readonly expiresAt: number | undefined;
}

/**
 * Where call receipts and durable runs are kept: a small interface, implemented in memory
 * (`InMemoryReceiptStore`), on SQLite (`SqliteReceiptStore`) and on Redis (`RedisReceiptStore`).
 * `begin`, `restart`, `finish` and `saveRun` are each atomic for every process sharing the store:
 * of two callers beginning one key, exactly one creates it.
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox(tools, { receipts: { store: new SqliteReceiptStore({ path: "runs.db" }) } });
 * ```
 */
export interface ReceiptStore {
  readonly specificationVersion: "v1";
  /** Creates the receipt unless the key has one (live, not expired); either way returns it. */
  begin(start: ReceiptStart): Promise<ReceiptBegin>;
  /** Counts one more start of an unfinished receipt still at `attempt`; false when it is not. */
  restart(restart: ReceiptRestart): Promise<boolean>;
  /** Records the result of a started receipt (a finished one keeps its first result). */
  finish(finish: ReceiptFinish): Promise<void>;
  /** The receipt at that address, if it exists and has not expired. */
  get(address: ReceiptAddress): Promise<Receipt | undefined>;
  /** Drops every receipt of a scope. */
  release(scope: string): Promise<void>;
  /** Saves a run's state if its revision is still `revision`; false when another save came first. */
  saveRun(write: RunWrite): Promise<boolean>;
  /** A run's last saved state, or `undefined`. */
  loadRun(runId: string): Promise<StoredRun | undefined>;
  /** Forgets a run. */
  deleteRun(runId: string): Promise<void>;
  /** Releases the connection or file. */
  close(): Promise<void>;
}
