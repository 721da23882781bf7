import type { DatabaseSync } from "node:sqlite";
import type { ActivityContext } from "../../activity/activity-context.js";
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
  timerMs,
  wholeNumber,
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
  /**
   * Time limit of one call, in milliseconds, counted from the call, so time waiting for a free SQLite
   * process counts (the process is killed); 5,000 by default.
   */
  queryTimeoutMs?: number;
  /**
   * Memory budget of each SQLite process, in MB; 256 by default. It sets the V8 heap limit, SQLite's
   * longest string or blob (a quarter of it) and, on Linux, a resident-memory cap of twice it plus 100 MB.
   */
  maxMemoryMb?: number;
  /** SQLite processes that may run at once, each started on first need; 2 by default. */
  poolSize?: number;
  /** Calls that may wait for a free SQLite process; one more is refused at once as busy. 16 by default. */
  maxQueue?: number;
  /** Longest wait for a free SQLite process, in milliseconds, before the call is refused as busy; 2,000 by default. */
  queueWaitMs?: number;
  /** Show the tables' `CREATE` statements in the activity description; true by default. */
  describeSchema?: boolean;
  /**
   * The table the tool is for (Griptape's `table_name`): the description says "in table {name}" and
   * shows that table's schema only. Queries may still read other tables. Unset: the whole database.
   */
  tableName?: string;
  /** What the table holds, for the model (Griptape's `table_description`); needs `tableName`. */
  tableDescription?: string;
}

const maxSchemaLength = 4_000;

/** @internal What each option of the SQL tools (beyond Tool's) must be. */
export const sqlOptionRules: OptionRules = {
  database: { ...nonEmptyString, expected: "the path of a SQLite database file" },
  maxRows: positiveNumber,
  queryTimeoutMs: timerMs,
  maxMemoryMb: positiveNumber,
  describeSchema: aBoolean,
  poolSize: wholeNumber(1),
  maxQueue: wholeNumber(0),
  queueWaitMs: timerMs,
  tableName: { ...nonEmptyString, expected: "the name of a table in the database" },
  tableDescription: nonEmptyString,
};

/** @internal How `maxMemoryMb` turns into the SQL child's limits (see docs/tools.md). */
export function sqlMemoryLimits(maxMemoryMb: number): {
  heapMb: number;
  maxValueBytes: number;
  maxResidentMb: number;
} {
  const bytes = maxMemoryMb * 1024 * 1024;
  return {
    heapMb: Math.ceil(maxMemoryMb),
    maxValueBytes: Math.floor(bytes / 4),
    // Room for Node itself (about 70 MB idle), the V8 heap, SQLite's heap and the reply in transit.
    maxResidentMb: Math.ceil(2 * maxMemoryMb + 100),
  };
}

/** @internal Shared engine of the two SQL tools: runs statements in a killable child process. */
export class SqlQueryRunner {
  readonly database: string;
  readonly maxRows: number;
  readonly queryTimeoutMs: number;
  readonly #writable: boolean;
  readonly #describeSchema: boolean;
  readonly #table: { readonly name: string; readonly description: string | undefined } | undefined;
  readonly #runner: ChildRunner<SqlRequest, SqlReply>;
  readonly #memoryMb: number;
  readonly #limits: ReturnType<typeof sqlMemoryLimits>;
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
    this.#memoryMb = options.maxMemoryMb ?? 256;
    this.#limits = sqlMemoryLimits(this.#memoryMb);
    this.#writable = writable;
    this.#describeSchema = options.describeSchema ?? true;
    if (options.tableDescription !== undefined && options.tableName === undefined) {
      throw new ToolConfigError({
        toolName: tool.name,
        option: "tableDescription",
        message: "describes the table named by `tableName`; set `tableName` too",
      });
    }
    this.#table =
      options.tableName === undefined
        ? undefined
        : { name: options.tableName, description: options.tableDescription };
    this.#runner = new ChildRunner({
      module: siblingModuleUrl(import.meta.url, "sql-child"),
      execArgv: [`--max-old-space-size=${this.#limits.heapMb}`],
      poolSize: options.poolSize ?? 2,
      maxQueue: options.maxQueue ?? 16,
      queueWaitMs: options.queueWaitMs ?? 2_000,
      maxResidentMb: this.#limits.maxResidentMb,
    });
  }

  /** The description of `execute_query`, Griptape's wording plus the tables' schema. */
  describe(): string {
    const verbs = this.#writable
      ? "SQLite SQL statements (SELECT, INSERT, UPDATE, DELETE, CREATE …), one per call and each its own transaction (no BEGIN/COMMIT, no TEMP objects),"
      : "SQLite SQL SELECT queries, one per call,";
    const table = this.#table;
    // Griptape's wording, with the engine, what one call may hold, and the row cap.
    const lines = [
      `Can be used to execute ${verbs} ${table === undefined ? "on the database" : `in table ${table.name}`}. Make sure the \`SELECT\` statement contains enough columns to get an answer without knowing the original question. Be creative when you use \`WHERE\` statements: you can use wildcards, \`LOWER()\`, and other functions to get better results.${table === undefined ? "" : " You can use JOINs if more tables are available in other tools."} At most ${this.maxRows} rows are returned.`,
    ];
    if (this.#describeSchema) {
      const schema = this.#readSchema();
      if (table !== undefined)
        lines.push(`${table.name} schema: ${schema || "(no such table in the database)"}`);
      else if (schema !== "") lines.push(`Schema:\n${schema}`);
    }
    if (table?.description !== undefined)
      lines.push(`${table.name} description: ${table.description}`);
    return lines.join("\n");
  }

  /** Runs one statement; rows read are reported to `context.progress`, up to `maxRows`. */
  async execute(sql: string, context: ActivityContext): Promise<Artifact> {
    const maxRows = this.maxRows;
    const outcome = await this.#runner.request(
      {
        database: this.database,
        writable: this.#writable,
        sql,
        maxRows: this.maxRows,
        maxValueBytes: this.#limits.maxValueBytes,
        heapLimitBytes: this.#memoryMb * 1024 * 1024,
      },
      {
        timeoutMs: this.queryTimeoutMs,
        signal: context.signal,
        onProgress: (rows) =>
          context.progress(rows, maxRows, `read ${rows} of at most ${maxRows} rows`),
      },
    );
    switch (outcome.kind) {
      case "timeout":
        return failure(
          `the query took longer than ${this.queryTimeoutMs} ms and was stopped`,
          "timeout",
        );
      case "busy":
        return failure(
          "the database tool is busy with other queries; try again in a few seconds",
          "busy",
        );
      case "memory":
        return failure(
          `the query used more than ${this.#limits.maxResidentMb} MB of memory and was stopped; select fewer or shorter values`,
          "memory_limit",
        );
      case "crash":
        return outcome.outOfMemory
          ? failure(
              `the query ran out of memory (${this.#memoryMb} MB); select fewer or shorter values`,
              "memory_limit",
            )
          : failure(`the SQLite process stopped (${outcome.detail})`, "query_failed");
      case "reply":
        return this.#artifact(outcome.reply);
    }
  }

  close(): Promise<void> {
    return this.#runner.close();
  }

  #artifact(reply: SqlReply): Artifact {
    if (!reply.ok) {
      return reply.tooBig
        ? failure(
            `${reply.message}: one value may be at most ${Math.floor(this.#limits.maxValueBytes / 1024 / 1024)} MB; select shorter values`,
            "memory_limit",
          )
        : failure(reply.message, "query_failed");
    }
    if (reply.kind === "executed") return new InfoArtifact("Statement executed");
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

  #readSchema(): string {
    if (this.#schema !== undefined) return this.#schema;
    let db: DatabaseSync | undefined;
    try {
      db = new this.#DatabaseSync(this.database, { readOnly: true, timeout: 1_000 });
      const rows = db
        .prepare(
          "SELECT sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL AND (?1 IS NULL OR name = ?1) ORDER BY name",
        )
        .all(this.#table?.name ?? null) as { sql: string }[];
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
