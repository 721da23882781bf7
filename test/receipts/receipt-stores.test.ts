import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { after, describe, it } from "node:test";
import { promisify } from "node:util";
import { MemoryConfigError, MemoryStoreError, TextArtifact } from "../../src/index.js";
import type { ReceiptStart, ReceiptStore } from "../../src/memory.js";
import { RedisReceiptStore } from "../../src/memory-redis.js";
import { SqliteArtifactStore, SqliteReceiptStore } from "../../src/memory-sqlite.js";
import { freePort } from "../fixtures/redis-server.js";
import { ReceiptStorePlaces } from "./fixtures/receipt-stores.js";

const run = promisify(execFile);
const child = new URL("./fixtures/begin-child.ts", import.meta.url).pathname;
const places = new ReceiptStorePlaces();
after(() => places.dispose());

const hour = 3_600_000;

function start(overrides: Partial<ReceiptStart> = {}): ReceiptStart {
  return {
    scope: "run:1",
    key: "call:c1:BankTool.refund",
    tool: "BankTool",
    activity: "refund",
    inputHash: "a".repeat(64),
    startedAt: 1_000,
    expiresAt: undefined,
    ...overrides,
  };
}

const result = new TextArtifact("refunded 10 EUR", { id: "r1" }).toJSON();

for (const kind of places.kinds()) {
  describe(`${kind.name}: the receipt store contract`, () => {
    it("creates a receipt once; a second begin gets it back as it is", async () => {
      const store = await kind.create();
      const first = await store.begin(start());
      assert.equal(first.created, true);
      assert.equal(first.receipt.attempt, 1);
      const second = await store.begin(start({ inputHash: "b".repeat(64), startedAt: 2_000 }));
      assert.equal(second.created, false);
      assert.deepEqual(
        { ...second.receipt, expiresAt: undefined },
        { ...start(), attempt: 1, finishedAt: undefined, result: undefined },
      );
    });

    it("records the first result only, and hands it to later begins and gets", async () => {
      const store = await kind.create();
      await store.begin(start());
      await store.finish({ ...start(), result, finishedAt: 1_500, expiresAt: undefined });
      const other = new TextArtifact("second", { id: "r2" }).toJSON();
      await store.finish({ ...start(), result: other, finishedAt: 1_600, expiresAt: undefined });
      const again = await store.begin(start());
      assert.equal(again.created, false);
      assert.deepEqual(again.receipt.result, result);
      assert.equal(again.receipt.finishedAt, 1_500);
      assert.deepEqual((await store.get(start()))?.result, result);
      assert.equal(await store.get(start({ key: "other" })), undefined);
    });

    it("restarts an unfinished receipt once per attempt, never a finished or missing one", async () => {
      const store = await kind.create();
      await store.begin(start());
      const restart = { ...start(), attempt: 1, startedAt: 3_000, expiresAt: undefined };
      assert.equal(await store.restart(restart), true);
      assert.equal(await store.restart(restart), false, "attempt 1 was taken already");
      const receipt = await store.get(start());
      assert.equal(receipt?.attempt, 2);
      assert.equal(receipt?.startedAt, 3_000);
      await store.finish({ ...start(), result, finishedAt: 4_000, expiresAt: undefined });
      assert.equal(await store.restart({ ...restart, attempt: 2 }), false);
      assert.equal(await store.restart({ ...restart, key: "missing" }), false);
    });

    it("of many concurrent begins of one key, exactly one creates it", async () => {
      const store = await kind.create();
      const outcomes = await Promise.all(
        Array.from({ length: 25 }, (_, index) => store.begin(start({ startedAt: index }))),
      );
      assert.equal(outcomes.filter((outcome) => outcome.created).length, 1);
    });

    it("releases one scope whole, and keeps scope and key apart whatever they contain", async () => {
      const store = await kind.create();
      await store.begin(start({ scope: "a:b", key: "c" }));
      await store.begin(start({ scope: "a", key: "b:c" }));
      await store.begin(start({ scope: "a", key: "d" }));
      assert.equal((await store.begin(start({ scope: "a", key: "b:c" }))).created, false);
      await store.release("a");
      assert.equal(await store.get({ scope: "a", key: "b:c" }), undefined);
      assert.equal(await store.get({ scope: "a", key: "d" }), undefined);
      assert.notEqual(await store.get({ scope: "a:b", key: "c" }), undefined);
      assert.equal((await store.begin(start({ scope: "a", key: "d" }))).created, true);
    });

    it("forgets a receipt once its expiry has passed; a finish may set a new expiry", async () => {
      const store = await kind.create();
      const past = Date.now() - hour;
      await store.begin(start({ key: "gone", expiresAt: past }));
      assert.equal(await store.get(start({ key: "gone" })), undefined);
      assert.equal(
        (await store.begin(start({ key: "gone", expiresAt: past + 2 * hour }))).created,
        true,
      );
      await store.begin(start({ key: "kept", expiresAt: Date.now() + hour }));
      await store.finish({
        ...start({ key: "kept" }),
        result,
        finishedAt: 2,
        expiresAt: undefined,
      });
      const kept = await store.get(start({ key: "kept" }));
      assert.deepEqual(kept?.result, result);
      assert.equal(kept?.expiresAt, undefined);
    });

    it("saves a run only at the revision it was read at: one of two concurrent saves wins", async () => {
      const store = await kind.create();
      const runId = `run-${randomUUID()}`;
      assert.equal(await store.loadRun(runId), undefined);
      const state = { phase: "model", step: 0, messages: [{ role: "user", content: "hi" }] };
      assert.equal(await store.saveRun({ runId, state, revision: 0, expiresAt: undefined }), true);
      state.step = 99; // the store kept its own copy
      assert.deepEqual(await store.loadRun(runId), {
        state: { phase: "model", step: 0, messages: [{ role: "user", content: "hi" }] },
        revision: 1,
      });
      assert.equal(await store.saveRun({ runId, state, revision: 0, expiresAt: undefined }), false);
      const racers = await Promise.all(
        [1, 2, 3].map((step) =>
          store.saveRun({ runId, state: { step }, revision: 1, expiresAt: undefined }),
        ),
      );
      assert.deepEqual(racers.filter(Boolean).length, 1);
      assert.equal((await store.loadRun(runId))?.revision, 2);
      await store.deleteRun(runId);
      assert.equal(await store.loadRun(runId), undefined);
      const old = Date.now() - hour;
      await store.saveRun({ runId, state: { step: 1 }, revision: 0, expiresAt: old });
      assert.equal(await store.loadRun(runId), undefined, "an expired run is gone");
    });
  });
}

describe("receipt stores across processes", () => {
  for (const kind of ["sqlite", "redis"] as const) {
    it(`${kind}: of four processes beginning one key at once, exactly one creates it`, async () => {
      const place =
        kind === "sqlite"
          ? { location: await places.sqlitePath(), keyPrefix: "" }
          : await places.redis().then(({ url, keyPrefix }) => ({ location: url, keyPrefix }));
      if (kind === "sqlite") {
        // The tables exist before the race, as they would in a deployment.
        await new SqliteReceiptStore({ path: place.location }).close();
      }
      const outputs = await Promise.all(
        Array.from({ length: 4 }, () =>
          run(
            process.execPath,
            ["--import", "tsx", child, kind, place.location, place.keyPrefix, "the-key"],
            { encoding: "utf8" },
          ),
        ),
      );
      const lines = outputs.map((output) => output.stdout.trim()).sort();
      assert.deepEqual(lines, ["created", "existing", "existing", "existing"]);
    });
  }
});

describe("SqliteReceiptStore", () => {
  it("keeps receipts in the file: a new store on it sees them; it shares a file with Task Memory", async () => {
    const path = await places.sqlitePath();
    const memory = new SqliteArtifactStore({ path });
    const first = new SqliteReceiptStore({ path });
    await first.begin(start());
    await first.finish({ ...start(), result, finishedAt: 5, expiresAt: undefined });
    await first.close();
    const second: ReceiptStore = new SqliteReceiptStore({ path });
    try {
      assert.deepEqual((await second.get(start()))?.result, result);
      assert.deepEqual(await memory.namespaces(), []);
    } finally {
      await second.close();
      await memory.close();
    }
  });

  it("names the file when it is no database, and refuses work once closed", async () => {
    const path = await places.sqlitePath();
    await writeFile(path, "not a database, just text ".repeat(200));
    assert.throws(() => new SqliteReceiptStore({ path }), {
      name: "MemoryStoreError",
      message: `SQLite receipt store "${path}": file is not a database`,
    });
    const store = new SqliteReceiptStore({ path: ":memory:" });
    await store.close();
    await assert.rejects(store.begin(start()), (error: unknown) => {
      assert.ok(MemoryStoreError.isInstance(error));
      assert.match((error as Error).message, /the store is closed/);
      return true;
    });
  });

  it("checks its options", () => {
    assert.throws(() => new SqliteReceiptStore({ path: "" }), MemoryConfigError);
    assert.throws(
      () => new SqliteReceiptStore({ path: "x.db", ttl: 5 } as never),
      /SqliteReceiptStore: "ttl"/,
    );
  });
});

describe("RedisReceiptStore", () => {
  it("fails with a MemoryStoreError naming the server when it cannot reach it: nothing was written", async () => {
    const port = await freePort();
    const store = new RedisReceiptStore({
      url: `redis://u:secret@127.0.0.1:${port}`,
      timeoutMs: 500,
    });
    try {
      await assert.rejects(store.begin(start()), (error: unknown) => {
        assert.ok(MemoryStoreError.isInstance(error));
        const failure = error as MemoryStoreError;
        assert.equal(failure.outcome, "not-applied");
        assert.match(
          failure.message,
          new RegExp(
            `^Redis receipt store "redis://u:\\*\\*\\*@127\\.0\\.0\\.1:${port}": cannot reach the server .*nothing was written$`,
          ),
        );
        return true;
      });
    } finally {
      await store.close();
    }
  });

  it("checks its options", () => {
    assert.throws(
      () => new RedisReceiptStore({ url: "http://x" }),
      /must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    assert.throws(() => new RedisReceiptStore({} as never), MemoryConfigError);
  });
});
