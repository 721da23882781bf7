import type { StatementSync } from "node:sqlite";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { nonEmptyString, wholeNumber } from "../internal/option-rules.js";
import { checkMemoryOptions } from "../memory/check-memory-options.js";
import { SqliteFile } from "../memory/sqlite-file.js";
import type { JsonObject } from "../schema/json.js";
import { newReceipt, startFields } from "./new-receipt.js";
import type * as spec from "./receipt-store.js";
import {
  receiptSchema,
  receiptSchemaStatements,
  receiptStatements,
} from "./sqlite-receipt-schema.js";

/**
 * Options of a {@link SqliteReceiptStore}.
 *
 * @example
 * ```ts
 * const options: SqliteReceiptStoreOptions = { path: "./runs.db", busyTimeoutMs: 10_000 };
 * ```
 */
export interface SqliteReceiptStoreOptions {
  /** The database file (created if missing; it may be the Task Memory's file), or `":memory:"`. */
  path: string;
  /** How long a write waits for another process's write to finish, in milliseconds; 5,000 by default. */
  busyTimeoutMs?: number;
}

const optionRules = {
  path: { ...nonEmptyString, expected: 'a file path or ":memory:"' },
  busyTimeoutMs: { ...wholeNumber(0), expected: "a whole number of milliseconds" },
};

type Statements = { [Name in keyof typeof receiptStatements]: StatementSync };

interface ReceiptRow {
  scope: string;
  key: string;
  tool: string;
  activity: string;
  input_hash: string;
  attempt: number;
  started_at: number;
  finished_at: number | null;
  result: string | null;
  expires_at: number | null;
}

// Expired rows are invisible at once; deleting them waits for every this-many writes (one indexed
// range delete), so a call pays for the sweep only now and then.
const sweepEvery = 64;

/**
 * Call receipts and durable runs in one SQLite file, on Node's built-in `node:sqlite`: WAL journal,
 * every change in one `BEGIN IMMEDIATE` transaction (of two processes beginning one key, exactly one
 * creates it; a killed process leaves no half-written row). Several processes may share the file,
 * and it may be the Task Memory's own.
 *
 * @example
 * ```ts
 * const agent = new Agent({ driver, tools, durable: { store: new SqliteReceiptStore({ path: "runs.db" }) } });
 * ```
 */
export class SqliteReceiptStore implements spec.ReceiptStore {
  readonly specificationVersion = "v1";
  /** The database file. */
  readonly path: string;
  readonly #file: SqliteFile;
  readonly #statements: Statements;
  #writes = 0;

  constructor(options: SqliteReceiptStoreOptions) {
    checkMemoryOptions("SqliteReceiptStore", options, optionRules, ["path"]);
    this.path = options.path;
    this.#file = new SqliteFile({
      path: options.path,
      busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
      holds: "receipt",
      schema: receiptSchema,
      version: receiptSchemaStatements,
    });
    this.#statements = this.#file.prepare(receiptStatements);
  }

  async begin(start: spec.ReceiptStart): Promise<spec.ReceiptBegin> {
    return this.#file.transaction(() => {
      const s = this.#statements;
      const now = Date.now();
      if (++this.#writes % sweepEvery === 0) s.sweepReceipts.run(now);
      const row = s.find.get(start.scope, start.key, now) as ReceiptRow | undefined;
      if (row !== undefined) return { created: false, receipt: receiptOf(row) };
      s.insert.run(...startFields(start), start.expiresAt ?? null);
      const receipt = newReceipt(start);
      return { created: true, receipt };
    });
  }

  async restart(restart: spec.ReceiptRestart): Promise<boolean> {
    return this.#file.guard(() => {
      const changed = this.#statements.restart.run(
        restart.startedAt,
        restart.expiresAt ?? null,
        restart.scope,
        restart.key,
        restart.attempt,
        Date.now(),
      );
      return Number(changed.changes) === 1;
    });
  }

  async finish(finish: spec.ReceiptFinish): Promise<void> {
    this.#file.guard(() =>
      this.#statements.finish.run(
        JSON.stringify(finish.result),
        finish.finishedAt,
        finish.expiresAt ?? null,
        finish.scope,
        finish.key,
        Date.now(),
      ),
    );
  }

  async get(address: spec.ReceiptAddress): Promise<spec.Receipt | undefined> {
    return this.#file.guard(() => {
      const row = this.#statements.find.get(address.scope, address.key, Date.now());
      return row === undefined ? undefined : receiptOf(row as unknown as ReceiptRow);
    });
  }

  async release(scope: string): Promise<void> {
    this.#file.guard(() => this.#statements.release.run(scope));
  }

  async saveRun(write: spec.RunWrite): Promise<boolean> {
    return this.#file.transaction(() => {
      const s = this.#statements;
      const now = Date.now();
      if (++this.#writes % sweepEvery === 0) s.sweepRuns.run(now);
      const row = s.findRun.get(write.runId, now) as { revision: number } | undefined;
      if ((row?.revision ?? 0) !== write.revision) return false;
      const state = JSON.stringify(write.state);
      const expiresAt = write.expiresAt ?? null;
      if (write.revision === 0) s.insertRun.run(write.runId, state, expiresAt);
      else s.updateRun.run(state, expiresAt, write.runId, write.revision);
      return true;
    });
  }

  async loadRun(runId: string): Promise<spec.StoredRun | undefined> {
    return this.#file.guard(() => {
      const row = this.#statements.findRun.get(runId, Date.now());
      if (row === undefined) return undefined;
      return {
        state: JSON.parse(row.state as string) as JsonObject,
        revision: row.revision as number,
      };
    });
  }

  async deleteRun(runId: string): Promise<void> {
    this.#file.guard(() => this.#statements.deleteRun.run(runId));
  }

  async close(): Promise<void> {
    this.#file.close();
  }
}

function receiptOf(row: ReceiptRow): spec.Receipt {
  return {
    scope: row.scope,
    key: row.key,
    tool: row.tool,
    activity: row.activity,
    inputHash: row.input_hash,
    attempt: row.attempt,
    startedAt: row.started_at,
    finishedAt: row.finished_at ?? undefined,
    result: row.result === null ? undefined : (JSON.parse(row.result) as ArtifactJSON),
    expiresAt: row.expires_at ?? undefined,
  };
}
