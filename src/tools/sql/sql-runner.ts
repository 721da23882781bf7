import type { DatabaseSync } from "node:sqlite";
import type { Artifact } from "../../artifacts/artifact.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { InfoArtifact } from "../../artifacts/info-artifact.js";
import { JsonArtifact } from "../../artifacts/json-artifact.js";
import { ListArtifact } from "../../artifacts/list-artifact.js";
import { ToolConfigError } from "../../errors/tool-config-error.js";
import { ChildRunner } from "../../internal/child-runner.js";
import {
  aBoolean,
  nonEmptyString,
  type OptionRules,
  positiveNumber,
} from "../../internal/option-rules.js";
import { siblingModuleUrl } from "../../internal/sibling-module.js";
import type { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import type { SqlReply, SqlRequest } from "./sql-child.js";

/**
 * Options of a {@link SqlTool} or {@link WritableSqlTool}.
 *
 * @example
 * ```ts
 * new SqlTool({ database: "./shop.db", maxRows: 50, queryTimeoutMs: 2_000 });
 * ```
 */
export interface SqlToolOptions extends ToolOptions {
  /** Path of the SQLite database file. */
  database: string;
  /** Most rows returned by one query; 100 by default. */
  maxRows?: number;
  /** Time limit of one statement, in milliseconds (the SQLite process is killed); 5,000 by default. */
  queryTimeoutMs?: number;
  /** Heap limit of the SQLite process, in MB; 256 by default. */
  maxMemoryMb?: number;
  /** Show the tables' `CREATE` statements in the activity description; true by default. */
  describeSchema?: boolean;
}

const maxSchemaLength = 4_000;

/** @internal What each option of the SQL tools (beyond Tool's) must be. */
export const sqlOptionRules: OptionRules = {
  database: { ...nonEmptyString, expected: "the path of a SQLite database file" },
  maxRows: positiveNumber,
  queryTimeoutMs: positiveNumber,
  maxMemoryMb: positiveNumber,
  describeSchema: aBoolean,
};

/** @internal Shared engine of the two SQL tools: runs statements in a killable child process. */
export class SqlQueryRunner {
  readonly database: string;
  readonly maxRows: number;
  readonly queryTimeoutMs: number;
  readonly #writable: boolean;
  readonly #describeSchema: boolean;
  readonly #runner: ChildRunner<SqlRequest, SqlReply>;
  #schema: string | undefined;
  readonly #DatabaseSync: typeof DatabaseSync;

  constructor(tool: Tool, options: Omit<SqlToolOptions, keyof ToolOptions>, writable: boolean) {
    // Loaded here, not imported: a static `node:sqlite` import would keep `toolwright/tools` from even
    // linking on an old Node (before the version check can speak) and warn on Node 22 for every user.
    const sqlite = process.getBuiltinModule("node:sqlite");
    if (typeof sqlite?.DatabaseSync.prototype.setAuthorizer !== "function") {
      throw new ToolConfigError({
        toolName: tool.name,
        option: "database",
        message: `needs node:sqlite's setAuthorizer (Node 24.10 or later); this is Node ${process.versions.node}`,
      });
    }
    this.#DatabaseSync = sqlite.DatabaseSync;
    this.database = options.database;
    this.maxRows = options.maxRows ?? 100;
    this.queryTimeoutMs = options.queryTimeoutMs ?? 5_000;
    const memory = options.maxMemoryMb ?? 256;
    this.#writable = writable;
    this.#describeSchema = options.describeSchema ?? true;
    this.#runner = new ChildRunner({
      module: siblingModuleUrl(import.meta.url, "sql-child"),
      execArgv: [`--max-old-space-size=${Math.ceil(memory)}`],
    });
  }

  /** The description of `execute_query`, Griptape's wording plus the tables' schema. */
  describe(): string {
    const verbs = this.#writable
      ? "SQLite SQL statements (SELECT, INSERT, UPDATE, DELETE, CREATE …), one per call,"
      : "SQLite SQL SELECT queries, one per call,";
    const lines = [
      `Can be used to execute ${verbs} on the database. Make sure the \`SELECT\` statement contains enough columns to get an answer without knowing the table schema. Be creative when you use \`WHERE\` statements: you can use wildcards, \`LOWER()\`, and other functions to get better results. At most ${this.maxRows} rows are returned.`,
    ];
    const schema = this.#describeSchema ? this.#readSchema() : "";
    if (schema !== "") lines.push(`Schema:\n${schema}`);
    return lines.join("\n");
  }

  async execute(sql: string, signal: AbortSignal): Promise<Artifact> {
    const outcome = await this.#runner.request(
      { database: this.database, writable: this.#writable, sql, maxRows: this.maxRows },
      { timeoutMs: this.queryTimeoutMs, signal },
    );
    if (outcome.kind === "timeout") {
      return failure(
        `the query took longer than ${this.queryTimeoutMs} ms and was stopped`,
        "timeout",
      );
    }
    if (outcome.kind === "crash") {
      return failure(
        outcome.outOfMemory
          ? "the query ran out of memory"
          : `the SQLite process stopped (${outcome.detail})`,
        "query_failed",
      );
    }
    const reply = outcome.reply;
    if (!reply.ok) return failure(reply.message, "query_failed");
    if (reply.kind === "changes") {
      return new InfoArtifact(
        `Statement executed: ${reply.changes} row${reply.changes === 1 ? "" : "s"} changed`,
      );
    }
    if (reply.rows.length === 0) return new InfoArtifact("No results found");
    const rows = new JsonArtifact(reply.rows);
    if (!reply.truncated) return rows;
    return new ListArtifact([
      rows,
      new InfoArtifact(
        `Only the first ${this.maxRows} rows are shown; narrow the query with WHERE, aggregates or LIMIT/OFFSET`,
      ),
    ]);
  }

  close(): Promise<void> {
    return this.#runner.close();
  }

  #readSchema(): string {
    if (this.#schema !== undefined) return this.#schema;
    let db: DatabaseSync | undefined;
    try {
      db = new this.#DatabaseSync(this.database, { readOnly: true, timeout: 1_000 });
      const rows = db
        .prepare(
          "SELECT sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL ORDER BY name",
        )
        .all() as { sql: string }[];
      const text = rows.map((row) => `${row.sql};`).join("\n");
      this.#schema = text.length > maxSchemaLength ? `${text.slice(0, maxSchemaLength)}…` : text;
    } catch {
      // A missing or unreadable file: the description goes without a schema and the query reports why.
      return "";
    } finally {
      db?.close();
    }
    return this.#schema;
  }
}

function failure(reason: string, code: string): ErrorArtifact {
  return new ErrorArtifact(`error executing query: ${reason}`, { code });
}
