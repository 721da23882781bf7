// Child-process entry of the SQL tools: runs one statement per message with node:sqlite, each in a
// connection of its own that is closed afterwards, so nothing (a TEMP trigger, an open transaction, a
// stale change count) carries over to the next call. It runs in its own process because a running SQLite
// statement cannot be interrupted from JavaScript; the parent kills the process on timeout or when its
// resident memory passes the cap. Self-contained: Node runs it from source.
import { constants, DatabaseSync } from "node:sqlite";

/** @internal One statement to run. */
export interface SqlRequest {
  readonly database: string;
  readonly writable: boolean;
  readonly sql: string;
  readonly maxRows: number;
  /** Longest string or blob SQLite may build or read (`SQLITE_LIMIT_LENGTH`), in bytes. */
  readonly maxValueBytes: number;
  /** SQLite's `hard_heap_limit`, in bytes (enforced only where SQLite keeps memory statistics). */
  readonly heapLimitBytes: number;
}

/** @internal What the statement produced, or why it failed (already phrased for the model). */
export type SqlReply =
  | {
      readonly ok: true;
      readonly kind: "rows";
      readonly rows: Record<string, unknown>[];
      readonly truncated: boolean;
    }
  | { readonly ok: true; readonly kind: "changes"; readonly changes: number }
  | { readonly ok: true; readonly kind: "executed" }
  | { readonly ok: false; readonly message: string; readonly tooBig: boolean };

// PRAGMAs that only describe the schema; any other PRAGMA could change the connection or the file.
const describingPragmas = new Set([
  "table_info",
  "table_xinfo",
  "table_list",
  "index_list",
  "index_info",
  "index_xinfo",
  "foreign_key_list",
  "collation_list",
]);
const deniedFunctions = new Set(["load_extension", "fts3_tokenizer"]);

const readActions = new Set([
  constants.SQLITE_SELECT,
  constants.SQLITE_READ,
  constants.SQLITE_RECURSIVE,
]);

const rowWrites = new Set([
  constants.SQLITE_INSERT,
  constants.SQLITE_UPDATE,
  constants.SQLITE_DELETE,
]);
// Statements that change the schema; their bookkeeping writes (and DROP TABLE's delete) change no rows.
const schemaActions = new Set([
  constants.SQLITE_CREATE_INDEX,
  constants.SQLITE_CREATE_TABLE,
  constants.SQLITE_CREATE_TRIGGER,
  constants.SQLITE_CREATE_VIEW,
  constants.SQLITE_CREATE_VTABLE,
  constants.SQLITE_DROP_INDEX,
  constants.SQLITE_DROP_TABLE,
  constants.SQLITE_DROP_TRIGGER,
  constants.SQLITE_DROP_VIEW,
  constants.SQLITE_DROP_VTABLE,
  constants.SQLITE_ALTER_TABLE,
  constants.SQLITE_ANALYZE,
  constants.SQLITE_REINDEX,
]);

/** What the authorizer saw of the statement being prepared. */
const seen = { denial: "", rowWrite: false, schemaChange: false };

function authorize(writable: boolean) {
  return (
    action: number,
    first: string | null,
    second: string | null,
    database: string | null,
    trigger: string | null,
  ): number => {
    if (action === constants.SQLITE_FUNCTION) {
      if (second !== null && deniedFunctions.has(second.toLowerCase())) {
        seen.denial = `the function ${second} is not allowed`;
        return constants.SQLITE_DENY;
      }
      return constants.SQLITE_OK;
    }
    if (action === constants.SQLITE_PRAGMA) {
      if (first !== null && describingPragmas.has(first.toLowerCase())) return constants.SQLITE_OK;
      seen.denial = `PRAGMA ${first} is not allowed; only schema-describing PRAGMAs are`;
      return constants.SQLITE_DENY;
    }
    // ATTACH (and VACUUM INTO, which attaches) could create or read other files.
    if (action === constants.SQLITE_ATTACH || action === constants.SQLITE_DETACH) {
      seen.denial = "ATTACH, DETACH and VACUUM are not allowed";
      return constants.SQLITE_DENY;
    }
    // A transaction left open would lock other processes out; one per call is what the tool runs.
    if (action === constants.SQLITE_TRANSACTION || action === constants.SQLITE_SAVEPOINT) {
      seen.denial =
        "BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE are not allowed: every call runs as a transaction of its own, so send the statements one per call";
      return constants.SQLITE_DENY;
    }
    if (readActions.has(action)) return constants.SQLITE_OK;
    if (!writable) {
      seen.denial = "the database is read-only: only SELECT statements are allowed";
      return constants.SQLITE_DENY;
    }
    // TEMP objects would vanish with the call's connection; a TEMP trigger could also rewrite writes
    // unseen, since it never shows in the schema.
    if (database === "temp") {
      seen.denial =
        "TEMP tables, views, indexes and triggers are not allowed (each call has a fresh connection); create a regular table instead";
      return constants.SQLITE_DENY;
    }
    if (schemaActions.has(action)) seen.schemaChange = true;
    if (rowWrites.has(action) && trigger === null && !first?.toLowerCase().startsWith("sqlite_")) {
      seen.rowWrite = true;
    }
    return constants.SQLITE_OK;
  };
}

function open(request: SqlRequest): DatabaseSync {
  const db = new DatabaseSync(request.database, { readOnly: !request.writable, timeout: 1_000 });
  try {
    // `limits` came with Node 24.x/25; without it the parent's resident-memory cap still applies.
    const limits = (db as { limits?: DatabaseSync["limits"] }).limits;
    if (limits !== undefined) {
      limits.length = request.maxValueBytes;
      limits.attach = 0;
    }
    db.exec(`PRAGMA hard_heap_limit = ${Math.floor(request.heapLimitBytes)}`);
    db.exec(`PRAGMA soft_heap_limit = ${Math.floor(request.heapLimitBytes / 2)}`);
    if (!request.writable) db.exec("PRAGMA query_only = ON");
    db.setAuthorizer(authorize(request.writable));
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function toJson(value: unknown): unknown {
  if (typeof value === "bigint") {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (value instanceof Uint8Array) return { blob_base64: Buffer.from(value).toString("base64") };
  return value;
}

/** Rows read before the parent hears how many; a slow query also reports after `reportEveryMs`. */
const reportEveryRows = 1_000;
const reportEveryMs = 250;

/** Tells the parent how many rows were read so far (`{ id, progress }`), each count once. */
type RowReport = (rows: number) => void;

function run(request: SqlRequest, report: RowReport): SqlReply {
  seen.denial = "";
  seen.rowWrite = false;
  seen.schemaChange = false;
  const db = open(request);
  try {
    return runIn(db, request, report);
  } finally {
    db.close();
  }
}

function runIn(db: DatabaseSync, request: SqlRequest, report: RowReport): SqlReply {
  const statement = db.prepare(request.sql);
  const rest = request.sql.slice(statement.sourceSQL.length);
  if (rest.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|[\s;]/g, "") !== "") {
    return { ok: false, message: "only one SQL statement can run per call", tooBig: false };
  }
  statement.setReadBigInts(true);
  // A statement without result columns is no query. Some never reach the authorizer (REINDEX and
  // VACUUM without a name, for one) and would answer "Statement executed" on a read-only database.
  if (!request.writable && statement.columns().length === 0) {
    return {
      ok: false,
      message: "the database is read-only: only SELECT statements are allowed",
      tooBig: false,
    };
  }
  if (statement.columns().length === 0) {
    const { changes } = statement.run();
    // `changes` means something only for INSERT, UPDATE and DELETE; after anything else it is stale.
    return seen.rowWrite && !seen.schemaChange
      ? { ok: true, kind: "changes", changes: Number(changes) }
      : { ok: true, kind: "executed" };
  }
  const rows: Record<string, unknown>[] = [];
  let truncated = false;
  let reportedAt = performance.now();
  for (const row of statement.iterate()) {
    if (rows.length === request.maxRows) {
      truncated = true;
      break;
    }
    const converted: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row as Record<string, unknown>)) {
      converted[column] = toJson(value);
    }
    rows.push(converted);
    if (rows.length % reportEveryRows === 0 || performance.now() - reportedAt >= reportEveryMs) {
      report(rows.length);
      reportedAt = performance.now();
    }
  }
  // Stopped at the limit: the caller sees the read reach it, however few reports came before.
  if (truncated) report(rows.length);
  return { ok: true, kind: "rows", rows, truncated };
}

process.on("message", (message: { id: number; request: SqlRequest }) => {
  let reply: SqlReply;
  let reported = 0;
  const report: RowReport = (rows) => {
    if (rows <= reported) return;
    reported = rows;
    process.send?.({ id: message.id, progress: rows });
  };
  try {
    reply = run(message.request, report);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // SQLITE_TOOBIG (18): a string or blob passed the length limit; node:sqlite exports no constant.
    const code = (error as { errcode?: unknown }).errcode;
    reply = {
      ok: false,
      message: seen.denial === "" ? text : `${text}: ${seen.denial}`,
      tooBig: code === 18,
    };
  }
  process.send?.({ id: message.id, reply });
});
process.send?.("ready");
