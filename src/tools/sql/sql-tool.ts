import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import type { Artifact } from "../../artifacts/artifact.js";
import { Tool } from "../../tool/tool.js";
import { checkBuiltInToolOptions } from "../tool-option.js";
import { SqlQueryRunner, type SqlToolOptions, sqlOptionRules } from "./sql-runner.js";

const querySchema = z.object({ sql_query: z.string().describe("The SQL query to run") });

/**
 * Griptape's SqlTool on SQLite, read-only: the file is opened read-only, with `query_only` on, and an
 * authorizer that admits only reads (no writes, ATTACH, VACUUM INTO or state-changing PRAGMAs). Rows come
 * back as JSON, at most `maxRows`; the rows read are reported as progress. Queries run in a small pool of child processes: one past its time
 * limit (counted from the call) or its memory budget is killed, and calls that wait too long for a free
 * process are refused as busy. For writes use {@link WritableSqlTool}.
 *
 * @example
 * ```ts
 * const sql = new SqlTool({ database: "./shop.db" });
 * (await sql.run("execute_query", { sql_query: "SELECT name FROM products" })).toText();
 * // '[{"name":"apple"},{"name":"pear"}]'
 * ```
 */
export class SqlTool extends Tool {
  readonly #runner: SqlQueryRunner;

  constructor(options: SqlToolOptions) {
    checkBuiltInToolOptions(new.target, options, sqlOptionRules, ["database"]);
    const { base, runner } = splitSqlOptions(options);
    super(base);
    this.#runner = new SqlQueryRunner(this, runner, false);
  }

  /** The database file. */
  get database(): string {
    return this.#runner.database;
  }

  @activity({
    description: (tool: SqlTool) => tool.#runner.describe(),
    schema: querySchema,
    annotations: { readOnly: true, idempotent: true, openWorld: false },
  })
  execute_query(input: z.output<typeof querySchema>, context: ActivityContext): Promise<Artifact> {
    return this.#runner.execute(input.sql_query, context);
  }

  /**
   * Stops the SQLite processes now instead of leaving them idle (they never keep the process alive);
   * calls still waiting for one fail.
   *
   * @example
   * ```ts
   * await sql.close();
   * ```
   */
  close(): Promise<void> {
    return this.#runner.close();
  }
}

/**
 * SqlTool that may change the database: `execute_query` runs any single statement in a connection of
 * its own (still no ATTACH, VACUUM INTO, state-changing PRAGMAs, TEMP objects or transaction control, so
 * nothing outlives the call) and is annotated destructive, so policies can ask for approval.
 *
 * @example
 * ```ts
 * const sql = new WritableSqlTool({ database: "./shop.db" });
 * await sql.run("execute_query", { sql_query: "UPDATE products SET price = 2 WHERE name = 'apple'" });
 * // InfoArtifact "Statement executed: 1 row changed"
 * ```
 */
export class WritableSqlTool extends Tool {
  readonly #runner: SqlQueryRunner;

  constructor(options: SqlToolOptions) {
    checkBuiltInToolOptions(new.target, options, sqlOptionRules, ["database"]);
    const { base, runner } = splitSqlOptions(options);
    super(base);
    this.#runner = new SqlQueryRunner(this, runner, true);
  }

  /** The database file. */
  get database(): string {
    return this.#runner.database;
  }

  @activity({
    description: (tool: WritableSqlTool) => tool.#runner.describe(),
    schema: querySchema,
    annotations: { destructive: true, openWorld: false },
  })
  execute_query(input: z.output<typeof querySchema>, context: ActivityContext): Promise<Artifact> {
    return this.#runner.execute(input.sql_query, context);
  }

  /**
   * Stops the SQLite processes now instead of leaving them idle; calls still waiting for one fail.
   *
   * @example
   * ```ts
   * await sql.close();
   * ```
   */
  close(): Promise<void> {
    return this.#runner.close();
  }
}

/** The options that go to the query runner; the rest are the base tool's. */
const runnerKeys = [
  "database",
  "maxRows",
  "queryTimeoutMs",
  "maxMemoryMb",
  "describeSchema",
  "poolSize",
  "maxQueue",
  "queueWaitMs",
  "tableName",
  "tableDescription",
] as const satisfies readonly (keyof SqlToolOptions)[];

type RunnerOptions = Pick<SqlToolOptions, (typeof runnerKeys)[number]>;

/** Splits a SQL tool's options into the base tool's and the query runner's (unset ones left out). */
function splitSqlOptions(options: SqlToolOptions): {
  base: Omit<SqlToolOptions, keyof RunnerOptions>;
  runner: RunnerOptions;
} {
  const base: Record<string, unknown> = { ...options };
  const runner: Record<string, unknown> = {};
  for (const key of runnerKeys) {
    if (options[key] !== undefined) runner[key] = options[key];
    delete base[key];
  }
  return { base, runner: runner as RunnerOptions };
}
