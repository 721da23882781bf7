import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import {
  type ErrorArtifact,
  JsonArtifact,
  ListArtifact,
  ToolConfigError,
} from "../../src/index.js";
import { SqlTool, WritableSqlTool } from "../../src/tools.js";

describe("SqlTool and WritableSqlTool", () => {
  let directory: string;
  let database: string;
  let sql: SqlTool;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-sql-"));
    database = join(directory, "shop.db");
    const db = new DatabaseSync(database);
    db.exec(`CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, big INTEGER, image BLOB);
      INSERT INTO products (name, price, big, image) VALUES ('apple', 1.5, 9007199254740993, x'0102'), ('pear', 2, 1, NULL);
      CREATE TABLE numbers (n INTEGER);
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 250) INSERT INTO numbers SELECT x FROM c;`);
    db.close();
    sql = new SqlTool({ database, maxRows: 100, queryTimeoutMs: 1_000 });
  });
  after(async () => {
    await sql.close();
    await rm(directory, { recursive: true, force: true });
  });

  const query = (sql_query: string, tool: SqlTool | WritableSqlTool = sql) =>
    tool.run("execute_query", { sql_query });
  const refusal = async (sql_query: string, tool: SqlTool | WritableSqlTool = sql) => {
    const artifact = await query(sql_query, tool);
    assert.equal(artifact.type, "ErrorArtifact", `${sql_query} → ${artifact.toText()}`);
    assert.match(artifact.toText(), /^error executing query: /);
    return artifact as ErrorArtifact;
  };
  const count = () => {
    const db = new DatabaseSync(database, { readOnly: true });
    const row = db.prepare("SELECT count(*) AS n FROM products").get() as { n: number };
    db.close();
    return row.n;
  };

  it("returns rows as JSON, large integers and blobs included", async () => {
    const rows = await query("SELECT name, price, big, image FROM products ORDER BY id");
    assert.ok(rows instanceof JsonArtifact);
    assert.deepEqual(rows.value, [
      { name: "apple", price: 1.5, big: "9007199254740993", image: { blob_base64: "AQI=" } },
      { name: "pear", price: 2, big: 1, image: null },
    ]);
  });

  it('answers an empty result with "No results found", as Griptape', async () => {
    const none = await query("SELECT * FROM products WHERE name = 'kiwi'");
    assert.equal(none.type, "InfoArtifact");
    assert.equal(none.toText(), "No results found");
  });

  it("caps the rows and says so", async () => {
    const capped = await query("SELECT n FROM numbers ORDER BY n");
    assert.ok(capped instanceof ListArtifact);
    const [rows, note] = capped.value;
    assert.ok(rows instanceof JsonArtifact && Array.isArray(rows.value));
    assert.equal(rows.value.length, 100);
    assert.match(note?.toText() ?? "", /Only the first 100 rows are shown/);
  });

  it("refuses every kind of write in read-only mode and leaves the file untouched", async () => {
    for (const statement of [
      "INSERT INTO products (name) VALUES ('kiwi')",
      "UPDATE products SET price = 0",
      "DELETE FROM products",
      "DROP TABLE products",
      "CREATE TABLE evil (x)",
      "CREATE TEMP TABLE scratch (x)",
      "ALTER TABLE products ADD COLUMN x",
      `ATTACH DATABASE '${join(directory, "other.db")}' AS other`,
      `VACUUM INTO '${join(directory, "copy.db")}'`,
      "PRAGMA query_only = OFF",
      "PRAGMA writable_schema = ON",
      "PRAGMA journal_mode = DELETE",
      "SELECT load_extension('/tmp/evil')",
      "SELECT 1; DROP TABLE products",
      "BEGIN",
    ]) {
      await refusal(statement);
    }
    // Statements SQLite's authorizer never hears of (REINDEX, VACUUM without a name) are refused too,
    // rather than answered "Statement executed".
    for (const statement of [
      "REINDEX",
      "REINDEX products",
      "ANALYZE",
      "VACUUM",
      "PRAGMA optimize",
    ]) {
      assert.match((await refusal(statement)).toText(), /read-only|not allowed/, statement);
    }
    assert.equal(count(), 2);
    assert.equal(existsSync(join(directory, "copy.db")), false);
    assert.equal(existsSync(join(directory, "other.db")), false);
    const denied = await refusal("DELETE FROM products");
    assert.match(denied.toText(), /read-only/);
    assert.equal(denied.code, "query_failed");
    const info = await query("PRAGMA table_info(products)");
    assert.equal(info.type, "JsonArtifact");
  });

  it("kills a query that runs past its time limit and keeps working", async () => {
    const endless = await refusal(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
    );
    assert.equal(endless.code, "timeout");
    assert.match(endless.toText(), /longer than 1000 ms/);
    assert.deepEqual((await query("SELECT count(*) AS n FROM products")).toText(), '[{"n":2}]');
  });

  it("reports SQL errors and missing databases as error artifacts", async () => {
    assert.match((await refusal("SELEC nothing")).toText(), /syntax error/);
    assert.match((await refusal("SELECT * FROM nope")).toText(), /no such table: nope/);
    const missing = new SqlTool({ database: join(directory, "missing.db") });
    try {
      assert.match((await refusal("SELECT 1", missing)).toText(), /unable to open database/);
      assert.equal(existsSync(join(directory, "missing.db")), false);
    } finally {
      await missing.close();
    }
  });

  it("describes the activity with Griptape's wording and the tables' schema", () => {
    const description = sql.activityDescription("execute_query");
    assert.match(description, /^Can be used to execute SQLite SQL SELECT queries/);
    assert.match(description, /CREATE TABLE products \(id INTEGER PRIMARY KEY/);
    assert.deepEqual(sql.findActivity("execute_query")?.annotations, {
      readOnly: true,
      idempotent: true,
      openWorld: false,
    });
  });

  it("names its table as Griptape's SqlTool does: table_name, its schema, table_description", async () => {
    const products = new SqlTool({
      database,
      tableName: "products",
      tableDescription: "one row per product on sale",
    });
    try {
      const description = products.activityDescription("execute_query");
      assert.match(
        description,
        /^Can be used to execute SQLite SQL SELECT queries, one per call, in table products\. Make sure the `SELECT` statement contains enough columns to get an answer without knowing the original question\. Be creative when you use `WHERE` statements: you can use wildcards, `LOWER\(\)`, and other functions to get better results\. You can use JOINs if more tables are available in other tools\./,
      );
      assert.match(
        description,
        /\nproducts schema: CREATE TABLE products \(id INTEGER PRIMARY KEY/,
      );
      assert.match(description, /\nproducts description: one row per product on sale$/);
      const missing = new SqlTool({ database, tableName: "nope" });
      assert.match(
        missing.activityDescription("execute_query"),
        /nope schema: \(no such table in the database\)/,
      );
      await missing.close();
    } finally {
      await products.close();
    }
    assert.throws(() => new SqlTool({ database, tableDescription: "x" }), {
      name: "ToolConfigError",
      option: "tableDescription",
    });
  });

  it("writes only through WritableSqlTool, whose execute_query is destructive", async () => {
    const writable = new WritableSqlTool({ database });
    try {
      assert.deepEqual(writable.findActivity("execute_query")?.annotations, {
        destructive: true,
        openWorld: false,
      });
      const inserted = await query(
        "INSERT INTO products (name, price) VALUES ('kiwi', 3)",
        writable,
      );
      assert.equal(inserted.toText(), "Statement executed: 1 row changed");
      assert.equal(count(), 3);
      const returned = await query(
        "UPDATE products SET price = 4 WHERE name = 'kiwi' RETURNING price",
        writable,
      );
      assert.deepEqual((returned as JsonArtifact).value, [{ price: 4 }]);
      assert.equal(
        (await query("DELETE FROM products WHERE name = 'kiwi'", writable)).toText(),
        "Statement executed: 1 row changed",
      );
      assert.equal(count(), 2);
      assert.equal(
        (await query("CREATE INDEX products_name ON products (name)", writable)).toText(),
        "Statement executed",
      );
      await query("DROP INDEX products_name", writable);
      await refusal(`ATTACH DATABASE '${join(directory, "other.db")}' AS other`, writable);
      await refusal(`VACUUM INTO '${join(directory, "copy.db")}'`, writable);
      await refusal("PRAGMA writable_schema = ON", writable);
      assert.equal(existsSync(join(directory, "copy.db")), false);
    } finally {
      await writable.close();
    }
  });

  it("rejects bad options when constructed", () => {
    assert.throws(() => new SqlTool({ database: "" }), ToolConfigError);
    assert.throws(
      () => new SqlTool({ database, maxRows: -1 }),
      /"maxRows" must be a positive number/,
    );
    assert.throws(
      () => new WritableSqlTool({ database, poolSize: 1.5 }),
      /"poolSize" must be a whole number >= 1/,
    );
    assert.throws(
      () => new SqlTool({ database, maxQueue: -1 }),
      /"maxQueue" must be a whole number >= 0/,
    );
    assert.throws(
      () => new SqlTool({ database, queueWaitMs: 0 }),
      /"queueWaitMs" must be a whole number of milliseconds from 1 to 2,147,483,647/,
    );
  });
});
