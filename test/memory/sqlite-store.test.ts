import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, open, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { MemoryConfigError, MemoryStoreError, TextArtifact } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { SqliteArtifactStore } from "../../src/memory-sqlite.js";
import { largeText } from "./fixtures/large-text.js";

const root = new URL("../..", import.meta.url).pathname;
const writer = join(root, "test/memory/fixtures/sqlite-writer.ts");
const { DatabaseSync } = process.getBuiltinModule("node:sqlite");

function startWriter(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["--import", "tsx", writer, ...args], { cwd: root });
}

/** Resolves when the child prints `line`; rejects if it exits first (with its stderr). */
function waitForLine(child: ChildProcessWithoutNullStreams, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const onData = (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.split("\n").includes(line)) {
        child.stdout.off("data", onData);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", (code, signal) =>
      reject(new Error(`writer exited (${code ?? signal}) before "${line}": ${stderr}`)),
    );
  });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode ?? child.signalCode);
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
}

function integrity(path: string): string {
  const db = new DatabaseSync(path);
  try {
    return String(db.prepare("PRAGMA integrity_check").get()?.integrity_check);
  } finally {
    db.close();
  }
}

describe("SqliteArtifactStore", () => {
  let directory: string;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-sqlite-faults-"));
  });
  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("survives a restart: what was stored is there after reopening the file", async () => {
    const path = join(directory, "restart.db");
    const first = new TaskMemory({ store: new SqliteArtifactStore({ path }) });
    const notice = await first.processOutput({
      tool: "WebTool",
      activity: "fetch",
      artifact: new TextArtifact("durable words", { name: "page" }),
      meta: { url: "https://example.test" },
    });
    assert.match(notice.toText(), /artifact_namespace "page"/);
    await first.close();
    const again = new TaskMemory({ store: new SqliteArtifactStore({ path }) });
    assert.equal((await again.loadArtifacts("page")).toText(), "durable words");
    assert.equal((await again.search("durable"))[0]?.text, "durable words");
    assert.deepEqual((await again.namespaces())[0]?.meta, { url: "https://example.test" });
    await again.close();
    const db = new DatabaseSync(path);
    assert.equal(db.prepare("PRAGMA journal_mode").get()?.journal_mode, "wal");
    db.close();
  });

  it("loses nothing when two processes write to one file at the same time", async () => {
    const path = join(directory, "concurrent.db");
    const count = 150;
    const children = ["alpha", "beta"].map((label) =>
      startWriter([path, "many", label, String(count)]),
    );
    await Promise.all(children.map((child) => waitForLine(child, "ready")));
    for (const child of children) child.stdin.write("go\n");
    assert.deepEqual(await Promise.all(children.map(exited)), [0, 0]);
    const memory = new TaskMemory({ store: new SqliteArtifactStore({ path }) });
    const shared = await memory.loadArtifacts("shared");
    assert.equal(shared.value.length, 2 * count);
    for (const label of ["alpha", "beta"]) {
      const mine = shared.value
        .map((item) => item.toText())
        .filter((text) => text.startsWith(label));
      assert.deepEqual(
        mine.map((text) => Number(text.split(" ")[2]?.replace(":", ""))),
        Array.from({ length: count }, (_, index) => index),
        `${label}'s entries, in its order`,
      );
    }
    const namespaces = await memory.namespaces();
    assert.equal(namespaces.length, 1 + 2 * count);
    const page = await memory.read("shared", { limit: 10_000_000 });
    assert.equal(page?.text, shared.toText());
    assert.equal((await memory.search("beta entry 149", { namespace: "beta-149" })).length, 1);
    await memory.close();
    assert.equal(integrity(path), "ok");
  });

  it("leaves a readable file without the partial artifact when a writer is killed mid-write", async () => {
    const path = join(directory, "killed.db");
    const child = startWriter([path, "huge", "40"]);
    await waitForLine(child, "writing");
    // Kill once the transaction is well under way: its pages spill into the WAL before the commit.
    const wal = `${path}-wal`;
    const startSize = (await stat(wal).catch(() => ({ size: 0 }))).size;
    for (let attempt = 0; attempt < 2000; attempt++) {
      const size = (await stat(wal).catch(() => ({ size: 0 }))).size;
      if (size > startSize + 4_000_000 || child.exitCode !== null) break;
      await sleep(5);
    }
    child.kill("SIGKILL");
    assert.equal(await exited(child), "SIGKILL");
    assert.equal(integrity(path), "ok");
    const memory = new TaskMemory({ store: new SqliteArtifactStore({ path }) });
    assert.deepEqual(
      (await memory.namespaces()).map((summary) => summary.namespace),
      ["before"],
    );
    assert.deepEqual((await memory.loadArtifacts("huge")).value, []);
    assert.deepEqual(await memory.search("paragraph transaction"), []);
    assert.equal((await memory.loadArtifacts("before")).toText(), "committed before the crash");
    await memory.storeArtifact("after", new TextArtifact("written after recovery"));
    assert.equal((await memory.search("recovery"))[0]?.artifact_namespace, "after");
    await memory.close();
  });

  it("refuses a file that is not SQLite with a MemoryStoreError naming it, from the constructor", async () => {
    const path = join(directory, "notes.txt");
    await writeFile(path, "These are my notes, not a database.\n".repeat(200));
    assert.throws(
      () => new SqliteArtifactStore({ path }),
      (error: unknown) => {
        assert.ok(error instanceof MemoryStoreError);
        assert.equal(error.code, "memory_store_failed");
        assert.equal(error.location, path);
        assert.equal(error.message, `SQLite artifact store "${path}": file is not a database`);
        return true;
      },
    );
  });

  it("refuses a corrupt SQLite file with a MemoryStoreError naming it", async () => {
    const good = join(directory, "good.db");
    const store = new SqliteArtifactStore({ path: good });
    await new TaskMemory({ store }).storeArtifact("n", new TextArtifact("data ".repeat(5000)));
    await store.close();
    const corrupt = join(directory, "corrupt.db");
    await copyFile(good, corrupt);
    const handle = await open(corrupt, "r+");
    // Garbage over the schema page's cell area: the table definitions become unreadable.
    await handle.write(Buffer.alloc(3000, 0xa5), 0, 3000, 1000);
    await handle.close();
    assert.throws(
      () => new SqliteArtifactStore({ path: corrupt }),
      (error: unknown) => {
        assert.ok(error instanceof MemoryStoreError);
        assert.ok(error.message.startsWith(`SQLite artifact store "${corrupt}": `), error.message);
        assert.match(error.message, /malformed|not a database|corrupt/);
        return true;
      },
    );
  });

  it("names the file when it cannot be opened, and refuses bad options and foreign schema versions", async () => {
    const missingDirectory = join(directory, "no", "such", "dir", "memory.db");
    assert.throws(() => new SqliteArtifactStore({ path: missingDirectory }), {
      name: "MemoryStoreError",
      location: missingDirectory,
    });
    const folder = join(directory, "a-folder");
    await mkdir(folder);
    assert.throws(() => new SqliteArtifactStore({ path: folder }), MemoryStoreError);
    assert.throws(() => new SqliteArtifactStore({ path: "" }), MemoryConfigError);
    assert.throws(() => new SqliteArtifactStore({} as never), { option: "path" });
    assert.throws(() => new SqliteArtifactStore({ path: ":memory:", busyTimeoutMs: -1 }), {
      option: "busyTimeoutMs",
    });
    const future = join(directory, "future.db");
    await new SqliteArtifactStore({ path: future }).close();
    const db = new DatabaseSync(future);
    db.exec("UPDATE toolwright_schema SET version = 99");
    db.close();
    assert.throws(() => new SqliteArtifactStore({ path: future }), {
      message: /schema version 99; this version reads 2/,
    });
  });

  it("opens a file of schema version 1, adding the parts table and keeping what it holds", async () => {
    const old = join(directory, "version-1.db");
    const store = new SqliteArtifactStore({ path: old });
    const entry = {
      json: new TextArtifact("kept").toJSON(),
      text: "kept",
      passages: [{ start: 0, end: 4 }],
    };
    await store.write({
      namespace: "n",
      kind: "text",
      source: "t.a",
      meta: undefined,
      entries: [entry],
    });
    await store.close();
    const db = new DatabaseSync(old);
    db.exec("DROP TABLE toolwright_artifact_parts; UPDATE toolwright_schema SET version = 1");
    db.close();
    const reopened = new SqliteArtifactStore({ path: old });
    assert.deepEqual(await reopened.load("n"), [entry.json]);
    await reopened.close();
    const check = new DatabaseSync(old);
    assert.deepEqual(
      { ...check.prepare("SELECT version FROM toolwright_schema").get() },
      { version: 2 },
    );
    check.close();
  });

  it("writes a large artifact to an in-memory database on its own connection, in slices", async () => {
    const store = new SqliteArtifactStore({ path: ":memory:" });
    const memory = new TaskMemory({ store });
    const text = largeText(3);
    assert.equal(await memory.storeArtifact("large", new TextArtifact(text)), undefined);
    assert.equal(
      (await store.read("large", 2_000_000, 100))?.text,
      text.slice(2_000_000, 2_000_100),
    );
    const [hit] = await store.search({ terms: ["marker2mb"], namespace: "large", limit: 1 });
    assert.ok(hit?.text.includes("marker2mb"));
    assert.equal((await memory.loadArtifacts("large")).value[0]?.value, text);
    await store.close();
  });

  it("throws a MemoryStoreError once closed", async () => {
    const store = new SqliteArtifactStore({ path: ":memory:" });
    await store.close();
    await assert.rejects(store.load("x"), {
      name: "MemoryStoreError",
      message: /the store is closed/,
    });
  });
});
