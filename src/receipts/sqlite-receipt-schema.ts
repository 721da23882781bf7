/** @internal Version of the tables below; a file with another version is refused, not rewritten. */
export const receiptSchemaVersion = 1;

/**
 * @internal The SQLite receipt store's tables, prefixed so they can share a file with the artifact
 * store or an application's own tables. Expiry times are milliseconds since the epoch; NULL never
 * expires.
 */
export const receiptSchema = `
CREATE TABLE IF NOT EXISTS toolwright_receipt_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS toolwright_receipts (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  tool TEXT NOT NULL,
  activity TEXT NOT NULL,
  input_hash TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  result TEXT,
  expires_at INTEGER,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS toolwright_receipts_by_expiry
  ON toolwright_receipts (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS toolwright_runs (
  id TEXT PRIMARY KEY,
  revision INTEGER NOT NULL,
  state TEXT NOT NULL,
  expires_at INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS toolwright_runs_by_expiry
  ON toolwright_runs (expires_at) WHERE expires_at IS NOT NULL;
`;

const receiptColumns =
  "scope, key, tool, activity, input_hash, attempt, started_at, finished_at, result, expires_at";

/** @internal How the version of the tables above is read and recorded. */
export const receiptSchemaStatements = {
  current: receiptSchemaVersion,
  read: "SELECT version FROM toolwright_receipt_schema LIMIT 1",
  write: "INSERT INTO toolwright_receipt_schema (version) VALUES (?)",
} as const;

/** @internal The statements the store prepares once. `?` parameters in column order. */
export const receiptStatements = {
  // Expired rows are invisible before they are swept.
  find: `SELECT ${receiptColumns} FROM toolwright_receipts
    WHERE scope = ? AND key = ? AND (expires_at IS NULL OR expires_at > ?)`,
  // Replaces an expired row, if one is still there.
  insert: `INSERT OR REPLACE INTO toolwright_receipts (${receiptColumns})
    VALUES (?, ?, ?, ?, ?, 1, ?, NULL, NULL, ?)`,
  restart: `UPDATE toolwright_receipts SET attempt = attempt + 1, started_at = ?, expires_at = ?
    WHERE scope = ? AND key = ? AND attempt = ? AND result IS NULL
      AND (expires_at IS NULL OR expires_at > ?)`,
  finish: `UPDATE toolwright_receipts SET result = ?, finished_at = ?, expires_at = ?
    WHERE scope = ? AND key = ? AND result IS NULL AND (expires_at IS NULL OR expires_at > ?)`,
  release: "DELETE FROM toolwright_receipts WHERE scope = ?",
  sweepReceipts: "DELETE FROM toolwright_receipts WHERE expires_at IS NOT NULL AND expires_at <= ?",
  sweepRuns: "DELETE FROM toolwright_runs WHERE expires_at IS NOT NULL AND expires_at <= ?",
  findRun:
    "SELECT revision, state FROM toolwright_runs WHERE id = ? AND (expires_at IS NULL OR expires_at > ?)",
  insertRun:
    "INSERT OR REPLACE INTO toolwright_runs (id, revision, state, expires_at) VALUES (?, 1, ?, ?)",
  updateRun:
    "UPDATE toolwright_runs SET revision = revision + 1, state = ?, expires_at = ? WHERE id = ? AND revision = ?",
  deleteRun: "DELETE FROM toolwright_runs WHERE id = ?",
} as const;
