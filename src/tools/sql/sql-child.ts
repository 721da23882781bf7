// Child-process entry of the SQL tools: runs one statement per message with node:sqlite. It runs in its own
// process because a running SQLite statement cannot be interrupted from JavaScript; the parent kills the
// process on timeout. Self-contained: Node runs it from source.
import { constants, DatabaseSync } from "node:sqlite";

/** @internal One statement to run. */
export interface SqlRequest {
  readonly database: string;
  readonly writable: boolean;
  readonly sql: string;
  readonly maxRows: number;
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
  | { readonly ok: false; readonly message: string };

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

let denial = "";

function authorize(writable: boolean) {
  return (action: number, first: string | null, second: string | null): number => {
    if (action === constants.SQLITE_FUNCTION) {
      if (second !== null && deniedFunctions.has(second.toLowerCase())) {
        denial = `the function ${second} is not allowed`;
        return constants.SQLITE_DENY;
      }
      return constants.SQLITE_OK;
    }
    if (action === constants.SQLITE_PRAGMA) {
      if (first !== null && describingPragmas.has(first.toLowerCase())) return constants.SQLITE_OK;
      denial = `PRAGMA ${first} is not allowed; only schema-describing PRAGMAs are`;
      return constants.SQLITE_DENY;
    }
    // ATTACH (and VACUUM INTO, which attaches) could create or read other files.
    if (action === constants.SQLITE_ATTACH || action === constants.SQLITE_DETACH) {
      denial = "ATTACH, DETACH and VACUUM are not allowed";
      return constants.SQLITE_DENY;
    }
    if (writable || readActions.has(action)) return constants.SQLITE_OK;
    denial = "the database is read-only: only SELECT statements are allowed";
    return constants.SQLITE_DENY;
  };
}

const connections = new Map<string, DatabaseSync>();

function connection(database: string, writable: boolean): DatabaseSync {
  const key = `${writable ? "w" : "r"}:${database}`;
  let db = connections.get(key);
  if (db === undefined) {
    db = new DatabaseSync(database, { readOnly: !writable, timeout: 1_000 });
    if (!writable) db.exec("PRAGMA query_only = ON");
    db.setAuthorizer(authorize(writable));
    connections.set(key, db);
  }
  return db;
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

function run(request: SqlRequest): SqlReply {
  denial = "";
  const db = connection(request.database, request.writable);
  const statement = db.prepare(request.sql);
  const rest = request.sql.slice(statement.sourceSQL.length);
  if (rest.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|[\s;]/g, "") !== "") {
    return { ok: false, message: "only one SQL statement can run per call" };
  }
  statement.setReadBigInts(true);
  if (statement.columns().length === 0) {
    const { changes } = statement.run();
    return { ok: true, kind: "changes", changes: Number(changes) };
  }
  const rows: Record<string, unknown>[] = [];
  let truncated = false;
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
  }
  return { ok: true, kind: "rows", rows, truncated };
}

process.on("message", (message: { id: number; request: SqlRequest }) => {
  let reply: SqlReply;
  try {
    reply = run(message.request);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    reply = { ok: false, message: denial === "" ? text : `${text}: ${denial}` };
  }
  process.send?.({ id: message.id, reply });
});
process.send?.("ready");
