// SqlTool reports the rows its SQLite process reads, through the process boundary, on a real file.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { type ActivityProgress, JsonArtifact, ListArtifact } from "../../src/index.js";
import { SqlTool } from "../../src/tools.js";

describe("SqlTool progress", () => {
  let directory: string;
  let sql: SqlTool;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-sql-progress-"));
    const database = join(directory, "numbers.db");
    const db = new DatabaseSync(database);
    db.exec(`CREATE TABLE numbers (n INTEGER);
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) INSERT INTO numbers SELECT x FROM c;`);
    db.close();
    sql = new SqlTool({ database, maxRows: 2_500, queryTimeoutMs: 10_000 });
  });
  after(async () => {
    await sql.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("reports the rows read, every 1,000, up to the row limit of a query over it; the result is unchanged", async () => {
    const reports: ActivityProgress[] = [];
    const result = await sql.run(
      "execute_query",
      { sql_query: "SELECT n FROM numbers ORDER BY n" },
      { onProgress: (report) => reports.push(report) },
    );
    assert.ok(result instanceof ListArtifact);
    const [rows, note] = result.value;
    assert.ok(rows instanceof JsonArtifact && Array.isArray(rows.value));
    assert.equal(rows.value.length, 2_500);
    assert.deepEqual(rows.value.at(-1), { n: 2_500 });
    assert.match(note?.toText() ?? "", /Only the first 2500 rows are shown/);

    const counts = reports.map((report) => report.progress);
    // A slow machine may add reports by time between these; the row steps and the limit are always there.
    for (const step of [1_000, 2_000])
      assert.ok(counts.includes(step), `no report at ${step}: ${counts}`);
    assert.equal(counts.at(-1), 2_500);
    assert.deepEqual(reports.at(-1), {
      progress: 2_500,
      total: 2_500,
      message: "read 2500 of at most 2500 rows",
    });
    assert.ok(reports.every((report) => report.total === 2_500));
    assert.ok(counts.every((count, index) => index === 0 || count > (counts[index - 1] ?? 0)));
  });

  it("a listener that throws fails the call, and the tool keeps working", async () => {
    const failed = await sql.run(
      "execute_query",
      { sql_query: "SELECT n FROM numbers" },
      {
        onProgress: () => {
          throw new Error("listener broke");
        },
      },
    );
    assert.equal(failed.type, "ErrorArtifact");
    assert.match(failed.toText(), /listener broke/);
    const again = await sql.run("execute_query", {
      sql_query: "SELECT count(*) AS c FROM numbers",
    });
    assert.equal(again.toText(), '[{"c":5000}]');
  });
});
