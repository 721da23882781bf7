/**
 * A durable Task Memory store in one SQLite file (Node's built-in `node:sqlite`: WAL, one transaction
 * per write, an FTS5 index ranked by BM25), shared safely by several processes; and a receipt store
 * for call receipts and durable agent runs, in the same or another file.
 *
 * @example
 * ```ts
 * import { TaskMemory } from "toolwright/memory";
 * import { SqliteArtifactStore } from "toolwright/memory/sqlite";
 * const memory = new TaskMemory({ store: new SqliteArtifactStore({ path: ".toolwright/memory.db" }) });
 * ```
 * @module
 */
import "./node-check.js";

export {
  SqliteArtifactStore,
  type SqliteArtifactStoreOptions,
} from "./memory/sqlite-artifact-store.js";
export {
  SqliteReceiptStore,
  type SqliteReceiptStoreOptions,
} from "./receipts/sqlite-receipt-store.js";
