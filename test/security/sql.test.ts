// Issue 12 red team on the SQL tools: runaway queries served one after another, `maxMemoryMb` not
// bounding SQLite, and WritableSqlTool keeping TEMP triggers, open transactions and stale change counts
// from one call to the next.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import type { Artifact, ErrorArtifact } from "../../src/index.js";
import { SqlTool, WritableSqlTool } from "../../src/tools.js";

const endless =
  "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";

/** The largest resident set among this process's children, in MB (Linux), sampled until stopped. */
function samplePeakChildMb(): () => number {
  let peak = 0;
  const sample = () => {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, "utf8");
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        // The process ended between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 5);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

describe("SQL tools against hostile input and neighbours", () => {
  let directory: string;
  let database: string;
  const tools: (SqlTool | WritableSqlTool)[] = [];
  const track = <T extends SqlTool | WritableSqlTool>(tool: T): T => {
    tools.push(tool);
    return tool;
  };
  const timed = async (tool: SqlTool | WritableSqlTool, sql_query: string) => {
    const started = performance.now();
    const artifact = await tool.run("execute_query", { sql_query });
    return { artifact, ms: performance.now() - started };
  };
  const query = async (tool: SqlTool | WritableSqlTool, sql_query: string) =>
    (await timed(tool, sql_query)).artifact;
  const code = (artifact: Artifact): string =>
    artifact.type === "ErrorArtifact" ? ((artifact as ErrorArtifact).code ?? "") : artifact.type;
  const names = () => {
    const db = new DatabaseSync(database, { readOnly: true });
    const rows = db.prepare("SELECT name FROM items ORDER BY id").all() as { name: string }[];
    db.close();
    return rows.map((row) => row.name);
  };

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-sql-security-"));
    database = join(directory, "shop.db");
    const db = new DatabaseSync(database);
    db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    db.exec("INSERT INTO items (name) VALUES ('apple')");
    db.close();
  });
  after(async () => {
    await Promise.all(tools.map((tool) => tool.close()));
    await rm(directory, { recursive: true, force: true });
  });

  it("ends four runaway queries at their own deadlines, not at 1, 2, 3 and 4 times the limit", async () => {
    const sql = track(new SqlTool({ database, queryTimeoutMs: 2_000, queueWaitMs: 60_000 }));
    await Promise.all([query(sql, "SELECT 1"), query(sql, "SELECT 1")]);
    const runaways = await Promise.all(Array.from({ length: 4 }, () => timed(sql, endless)));
    for (const { artifact, ms } of runaways) {
      assert.ok(["timeout", "busy"].includes(code(artifact)), artifact.toText());
      assert.ok(ms >= 1_900, `ended after ${ms} ms; its deadline was 2,000 ms`);
    }
    // One after another they would end 2 s apart; at their own deadlines, together.
    const ends = runaways.map(({ ms }) => ms);
    const spread = Math.max(...ends) - Math.min(...ends);
    assert.ok(spread < 2_000, `they ended ${spread} ms apart: one after another`);
    assert.equal((await query(sql, "SELECT count(*) AS n FROM items")).toText(), '[{"n":1}]');
  });

  it("answers another client's cheap query within queueWaitMs while runaways hold every process", async () => {
    const sql = track(new SqlTool({ database, queryTimeoutMs: 10_000, queueWaitMs: 300 }));
    await Promise.all([query(sql, "SELECT 1"), query(sql, "SELECT 1")]);
    let running = 0;
    const runaways = Array.from({ length: 3 }, () => {
      running++;
      return timed(sql, endless).finally(() => running--);
    });
    const cheap = await timed(sql, "SELECT count(*) AS n FROM items");
    assert.equal(code(cheap.artifact), "busy");
    assert.match(cheap.artifact.toText(), /busy with other queries; try again/);
    // Refused by its 300 ms wait while the two runaways with a process still ran (their limit is
    // 10 s; the third, waiting too, is refused like the cheap query).
    assert.ok(running >= 2, `${3 - running} runaways had ended before the cheap query was refused`);
    await sql.close();
    await Promise.all(runaways);
    assert.equal((await query(sql, "SELECT count(*) AS n FROM items")).toText(), '[{"n":1}]');
  });

  it("keeps the printf bomb inside maxMemoryMb and fails it cleanly", async () => {
    const sql = track(new SqlTool({ database, maxMemoryMb: 64, queryTimeoutMs: 20_000 }));
    const linux = process.platform === "linux";
    const printf = (length: number, char: string) => `printf('%.*c', ${length}, '${char}')`;
    const bombs = [
      // The red team's query: before, the SQL child reached 5.2 GB.
      `SELECT ${printf(600_000_000, "x")}, ${printf(600_000_000, "y")}, ${printf(600_000_000, "z")}`,
      // Forty values each under the length limit (16 MB here): caught by the resident-memory cap or
      // the V8 heap limit instead.
      `SELECT ${Array.from({ length: 40 }, (_, n) => printf(15_000_000, String.fromCharCode(97 + (n % 26)))).join(", ")}`,
    ];
    for (const bomb of bombs) {
      const peak = linux ? samplePeakChildMb() : () => 0;
      const artifact = await query(sql, bomb);
      const peakMb = peak();
      assert.equal(code(artifact), "memory_limit", artifact.toText());
      assert.match(artifact.toText(), /memory|too big/);
      // The cap is 2 × 64 + 100 = 228 MB; polling may overshoot it a little.
      assert.ok(peakMb < 450, `the SQL child reached ${Math.round(peakMb)} MB`);
    }
    assert.match((await query(sql, bombs[0] ?? "")).toText(), /one value may be at most 16 MB/);
    assert.equal((await query(sql, "SELECT 2 + 2 AS n")).toText(), '[{"n":4}]');
  });

  it("refuses TEMP objects in WritableSqlTool, so no hidden trigger rewrites later writes", async () => {
    const writable = track(new WritableSqlTool({ database }));
    for (const statement of [
      "CREATE TEMP TRIGGER rewrite AFTER INSERT ON items BEGIN UPDATE items SET name = 'pwned'; END",
      "CREATE TRIGGER temp.rewrite AFTER INSERT ON items BEGIN UPDATE items SET name = 'pwned'; END",
      "CREATE TEMP TABLE scratch (x)",
      "CREATE TABLE temp.scratch (x)",
      "CREATE TEMP VIEW v AS SELECT 1",
    ]) {
      const refused = await query(writable, statement);
      assert.equal(code(refused), "query_failed", `${statement} → ${refused.toText()}`);
      assert.match(refused.toText(), /TEMP tables, views, indexes and triggers are not allowed/);
    }
    assert.equal(
      (await query(writable, "INSERT INTO items (name) VALUES ('pear')")).toText(),
      "Statement executed: 1 row changed",
    );
    assert.deepEqual(names(), ["apple", "pear"]);
    await query(writable, "DELETE FROM items WHERE name = 'pear'");
    // The model is told before it tries.
    assert.match(
      writable.activityDescription("execute_query"),
      /no BEGIN\/COMMIT, no TEMP objects/,
    );
  });

  it("refuses transaction control, so no call leaves a lock behind, and a killed write leaves none either", async () => {
    const writable = track(new WritableSqlTool({ database, queryTimeoutMs: 800 }));
    for (const statement of [
      "BEGIN IMMEDIATE",
      "BEGIN",
      "BEGIN EXCLUSIVE",
      "COMMIT",
      "END",
      "ROLLBACK",
      "SAVEPOINT s",
      "RELEASE s",
    ]) {
      const refused = await query(writable, statement);
      assert.equal(code(refused), "query_failed", `${statement} → ${refused.toText()}`);
      assert.match(
        refused.toText(),
        /BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE are not allowed/,
      );
    }
    const killed = await query(
      writable,
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) INSERT INTO items (name) SELECT 'flood' FROM c",
    );
    assert.equal(code(killed), "timeout");
    // Another process writes at once: no busy wait, so a held lock would fail it.
    const other = new DatabaseSync(database, { timeout: 0 });
    try {
      other.exec("INSERT INTO items (name) VALUES ('kiwi'); DELETE FROM items WHERE name = 'kiwi'");
    } finally {
      other.close();
    }
    assert.deepEqual(names(), ["apple"], "the killed insert was rolled back");
  });

  it("reports a change count only for INSERT, UPDATE and DELETE", async () => {
    const writable = track(new WritableSqlTool({ database }));
    const say = async (statement: string) => (await query(writable, statement)).toText();
    assert.equal(
      await say("INSERT INTO items (name) VALUES ('fig'), ('lime')"),
      "Statement executed: 2 rows changed",
    );
    // Before, each of these repeated the previous statement's "2 rows changed".
    assert.equal(await say("CREATE TABLE notes (body TEXT)"), "Statement executed");
    assert.equal(await say("CREATE INDEX notes_body ON notes (body)"), "Statement executed");
    assert.equal(await say("CREATE TABLE copy AS SELECT * FROM items"), "Statement executed");
    assert.equal(await say("ALTER TABLE notes ADD COLUMN at TEXT"), "Statement executed");
    assert.equal(await say("DROP TABLE copy"), "Statement executed");
    assert.equal(await say("DROP TABLE notes"), "Statement executed");
    assert.equal(
      await say("UPDATE items SET name = 'x' WHERE name = 'none'"),
      "Statement executed: 0 rows changed",
    );
    assert.equal(
      await say("DELETE FROM items WHERE name IN ('fig', 'lime')"),
      "Statement executed: 2 rows changed",
    );
    assert.equal(code(await query(writable, "BEGIN")), "query_failed");
    assert.deepEqual(names(), ["apple"]);
  });
});
