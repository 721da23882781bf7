// `toolwright serve --receipts [where]`: the flag alone keeps receipts in the --db SQLite file, a path
// in that SQLite file (its folder created), a redis:// URL in Redis; the banner hides a password.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { describeReceipts, openReceiptStore, receiptPackages } from "../../src/cli/receipt-flag.js";
import { RedisReceiptStore } from "../../src/memory-redis.js";
import { SqliteReceiptStore } from "../../src/memory-sqlite.js";

const folder = await mkdtemp(join(tmpdir(), "toolwright-receipt-flag-"));
after(() => rm(folder, { recursive: true, force: true }));

describe("serve --receipts", () => {
  it("without the flag opens nothing", async () => {
    assert.equal(await openReceiptStore(false, join(folder, "memory.db")), undefined);
    assert.deepEqual(receiptPackages(false), []);
  });

  it("the flag alone opens the --db file, a path another SQLite file (its folder made)", async () => {
    const db = join(folder, "project", "memory.db");
    const beside = await openReceiptStore(true, db);
    assert.ok(beside instanceof SqliteReceiptStore);
    assert.equal(beside.path, db);
    await beside.close();
    const path = join(folder, "deeper", "still", "receipts.db");
    const own = await openReceiptStore(path, db);
    assert.ok(own instanceof SqliteReceiptStore);
    await own.begin({
      scope: "s",
      key: "k",
      tool: "T",
      activity: "a",
      inputHash: "h",
      startedAt: 1,
      expiresAt: undefined,
    });
    await own.close();
    assert.ok(existsSync(path));
    assert.equal(describeReceipts(path, db), `receipts in ${path}`);
  });

  it("a redis:// URL is a Redis store, needs ioredis, and its password is not shown", async () => {
    const url = "redis://user:s3cret@127.0.0.1:1/0";
    assert.deepEqual(receiptPackages(url), ["ioredis"]);
    const store = await openReceiptStore(url, "memory.db");
    assert.ok(store instanceof RedisReceiptStore);
    await store.close();
    assert.equal(describeReceipts(url, "memory.db"), "receipts in redis://user:***@127.0.0.1:1/0");
  });
});
