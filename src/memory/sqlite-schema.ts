import { spaceTag } from "./principal-space.js";

/**
 * @internal Version of the tables below. A file of version 1 gains the parts table and becomes
 * version 2 when opened (nothing in it changes); a file of any other version is refused, not rewritten.
 */
export const sqliteSchemaVersion = 2;

/**
 * @internal The SQLite store's tables. Passages are the unit of search: an FTS5 index over their text
 * (external content, so the text is stored once), ranked by FTS5's bm25(), and, with an embedding
 * driver, a unit vector per passage (float32 bytes) of the one embedding space the file holds. The
 * vector tables are created when missing, so older files gain them when opened. Everything is prefixed
 * so the tables can live in an application's own database.
 */
export const sqliteSchema = `
CREATE TABLE IF NOT EXISTS toolwright_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS toolwright_namespaces (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  source TEXT NOT NULL,
  meta TEXT,
  artifact_count INTEGER NOT NULL,
  length INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS toolwright_artifacts (
  id INTEGER PRIMARY KEY,
  namespace_id INTEGER NOT NULL REFERENCES toolwright_namespaces (id),
  json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS toolwright_artifacts_by_namespace
  ON toolwright_artifacts (namespace_id, id);
CREATE TABLE IF NOT EXISTS toolwright_artifact_parts (
  artifact_id INTEGER NOT NULL REFERENCES toolwright_artifacts (id),
  seq INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (artifact_id, seq)
);
CREATE TABLE IF NOT EXISTS toolwright_passages (
  id INTEGER PRIMARY KEY,
  namespace_id INTEGER NOT NULL REFERENCES toolwright_namespaces (id),
  start INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS toolwright_passages_by_start
  ON toolwright_passages (namespace_id, start);
CREATE TABLE IF NOT EXISTS toolwright_vector_space (
  space TEXT NOT NULL,
  dimensions INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS toolwright_vectors (
  passage_id INTEGER PRIMARY KEY REFERENCES toolwright_passages (id),
  namespace_id INTEGER NOT NULL,
  vector BLOB NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS toolwright_passages_fts USING fts5 (
  text,
  content = 'toolwright_passages',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
`;

/** @internal The statements the store prepares once. */
export const sqliteStatements = {
  schemaVersion: "SELECT version FROM toolwright_schema LIMIT 1",
  setSchemaVersion: "INSERT INTO toolwright_schema (version) VALUES (?)",
  upgradeSchemaVersion: "UPDATE toolwright_schema SET version = ?",
  findNamespace:
    "SELECT id, kind, artifact_count AS count, length FROM toolwright_namespaces WHERE name = ?",
  insertNamespace:
    "INSERT INTO toolwright_namespaces (name, kind, source, meta, artifact_count, length) VALUES (?, ?, ?, ?, 0, 0)",
  updateNamespace:
    "UPDATE toolwright_namespaces SET source = ?, meta = coalesce(?, meta), artifact_count = ?, length = ? WHERE id = ?",
  insertArtifact: "INSERT INTO toolwright_artifacts (namespace_id, json) VALUES (?, ?)",
  // The JSON text of a large artifact is kept in parts: its first in the artifact's row, the rest here.
  insertPart: "INSERT INTO toolwright_artifact_parts (artifact_id, seq, json) VALUES (?, ?, ?)",
  // One part at a time (about a megabyte), so a large artifact loads between the loop's turns.
  loadPart: "SELECT json FROM toolwright_artifact_parts WHERE artifact_id = ? AND seq = ?",
  insertPassage: "INSERT INTO toolwright_passages (namespace_id, start, text) VALUES (?, ?, ?)",
  indexPassage: "INSERT INTO toolwright_passages_fts (rowid, text) VALUES (?, ?)",
  vectorSpace: "SELECT space, dimensions FROM toolwright_vector_space LIMIT 1",
  setVectorSpace: "INSERT INTO toolwright_vector_space (space, dimensions) VALUES (?, ?)",
  insertVector:
    "INSERT INTO toolwright_vectors (passage_id, namespace_id, vector) VALUES (?, ?, ?)",
  vectorsAfter:
    "SELECT passage_id AS id, namespace_id AS ns, vector FROM toolwright_vectors WHERE passage_id > ? ORDER BY passage_id",
  passageById: `SELECT n.name AS namespace, p.start AS start, p.text AS text
    FROM toolwright_passages p JOIN toolwright_namespaces n ON n.id = p.namespace_id WHERE p.id = ?`,
  loadArtifacts: `SELECT a.id AS id, a.json AS json,
      EXISTS (SELECT 1 FROM toolwright_artifact_parts p WHERE p.artifact_id = a.id) AS parted
    FROM toolwright_artifacts a JOIN toolwright_namespaces n ON n.id = a.namespace_id
    WHERE n.name = ? ORDER BY a.id`,
  listNamespaces:
    "SELECT name, kind, source, meta, artifact_count AS count, length FROM toolwright_namespaces ORDER BY id",
  passagesBetween:
    "SELECT start, text FROM toolwright_passages WHERE namespace_id = ? AND start > ? AND start < ? ORDER BY start",
  // Rank inside FTS5 first and join only the winners: sorting whole passages is eight times slower.
  search: `SELECT n.name AS namespace, p.start AS start, p.text AS text, -f.rank AS score
    FROM (
      SELECT rowid, rank FROM toolwright_passages_fts WHERE toolwright_passages_fts MATCH ?
      ORDER BY rank, rowid LIMIT ?
    ) f
    JOIN toolwright_passages p ON p.id = f.rowid
    JOIN toolwright_namespaces n ON n.id = p.namespace_id
    ORDER BY f.rank, f.rowid`,
  searchNamespace: `SELECT n.name AS namespace, p.start AS start, p.text AS text, -f.rank AS score
    FROM (
      SELECT m.rowid AS rowid, m.rank AS rank
      FROM toolwright_passages_fts m JOIN toolwright_passages q ON q.id = m.rowid
      WHERE toolwright_passages_fts MATCH ?
        AND q.namespace_id = (SELECT id FROM toolwright_namespaces WHERE name = ?)
      ORDER BY m.rank, m.rowid LIMIT ?
    ) f
    JOIN toolwright_passages p ON p.id = f.rowid
    JOIN toolwright_namespaces n ON n.id = p.namespace_id
    ORDER BY f.rank, f.rowid`,
} as const;

/**
 * @internal A statement or the schema in a principal's space: its own tables, named
 * `toolwright_s<32 hex digits>_…` after the principal's `spaceTag` (the version table stays shared).
 * The default space (no principal) keeps the plain names, so files written before principals existed
 * are the default space as they are.
 */
export function spaceSql(sql: string, principal: string | undefined): string {
  if (principal === undefined) return sql;
  return sql.replace(/toolwright_(?!schema\b)/g, `toolwright_s${spaceTag(principal)}_`);
}

/**
 * @internal An FTS5 query that matches any of the terms. Each term is a quoted string with quotes
 * doubled, so no character of a model's query can be read as FTS5 syntax.
 */
export function matchAnyTerm(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ");
}
