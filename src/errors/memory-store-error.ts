import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when an artifact store or a receipt store cannot do its job: a file that is not a usable
 * SQLite database, a Redis server that does not answer in time, a failed write. `location` names the file or the URL
 * (its password hidden); `outcome` says whether a failed write may have been stored all the same.
 *
 * @example
 * ```ts
 * new SqliteArtifactStore({ path: "notes.txt" });
 * // MemoryStoreError: SQLite artifact store "notes.txt": file is not a database
 * ```
 */
export class MemoryStoreError extends ToolwrightError {
  static override readonly brand: string = "toolwright/MemoryStoreError";
  /** Which store failed: `"sqlite"`, `"redis"` or `"memory"`. */
  readonly store: string;
  /** The database file or the Redis URL (password hidden). */
  readonly location: string;
  /**
   * Whether the failed operation may have changed the store: `"not-applied"` — nothing was changed (a
   * read, a server that could not be reached, a rolled-back transaction); `"unknown"` — a write reached
   * the server and its answer was lost, so it may be stored. Retrying the same write is safe either
   * way with the stores this package ships (the Redis store applies a write id once).
   */
  readonly outcome: "not-applied" | "unknown";

  constructor(details: {
    store: string;
    location: string;
    message: string;
    cause?: unknown;
    outcome?: "not-applied" | "unknown";
    /** What the store keeps: `"artifact"` (Task Memory, the default) or `"receipt"`. */
    holds?: "artifact" | "receipt";
  }) {
    const label = storeLabels[details.store] ?? details.store;
    super(
      "memory_store_failed",
      `${label} ${details.holds ?? "artifact"} store "${details.location}": ${details.message}`,
      {
        cause: details.cause,
      },
    );
    this.store = details.store;
    this.location = details.location;
    this.outcome = details.outcome ?? "not-applied";
  }
}

const storeLabels: Readonly<Record<string, string>> = {
  sqlite: "SQLite",
  redis: "Redis",
  memory: "In-memory",
};
