import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import {
  ErrorArtifact,
  MemoryConfigError,
  MemoryStoreError,
  TextArtifact,
} from "../../src/index.js";
import { jsonParts } from "../../src/memory/json-parts.js";
import {
  commitScript,
  readScript,
  searchScript,
  stageScript,
  writeScript,
} from "../../src/memory/redis-scripts.js";
import { type ScriptedClient, writeStaged } from "../../src/memory/redis-staged-write.js";
import { splitPassages } from "../../src/memory/split-passages.js";
import { WritePace } from "../../src/memory/write-pace.js";
import { type StoreWrite, TaskMemory } from "../../src/memory.js";
import { RedisArtifactStore } from "../../src/memory-redis.js";
import { freePort, type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { largeText } from "./fixtures/large-text.js";
import { deleteKeys } from "./fixtures/stores.js";

const root = new URL("../..", import.meta.url).pathname;
const writer = join(root, "test/memory/fixtures/redis-writer.ts");

function waitForLine(child: ChildProcessWithoutNullStreams, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.split("\n").includes(line)) resolve();
    });
    child.once("exit", (code) => {
      if (!stdout.split("\n").includes(line)) reject(new Error(`writer exited ${code}: ${stderr}`));
    });
  });
}

function textWrite(namespace: string, text: string, id: string): StoreWrite {
  const json = new TextArtifact(text, { id, name: namespace }).toJSON();
  return {
    namespace,
    kind: "text",
    source: "t.a",
    meta: undefined,
    entries: [{ json, text, passages: splitPassages(text) }],
  };
}

describe("RedisArtifactStore", () => {
  let redis: RedisForTests;
  let admin: Redis;
  const prefixes: string[] = [];
  const prefix = () => {
    const value = `toolwright-test:${randomUUID()}:`;
    prefixes.push(value);
    return value;
  };
  before(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url);
  });
  after(async () => {
    for (const value of prefixes) await deleteKeys(admin, value);
    admin.disconnect();
    await redis.stop();
  });

  it("lets processes on other machines share one memory: concurrent writers, one consistent namespace", async () => {
    const keyPrefix = prefix();
    const count = 40;
    const children = ["alpha", "beta"].map((label) =>
      spawn(
        process.execPath,
        ["--import", "tsx", writer, redis.url, keyPrefix, label, String(count)],
        {
          cwd: root,
        },
      ),
    );
    await Promise.all(children.map((child) => waitForLine(child, "ready")));
    for (const child of children) child.stdin.write("go\n");
    await Promise.all(children.map((child) => waitForLine(child, "done")));
    const memory = new TaskMemory({ store: new RedisArtifactStore({ url: redis.url, keyPrefix }) });
    try {
      const stored = await memory.loadArtifacts("shared");
      assert.equal(stored.value.length, 2 * count);
      for (const label of ["alpha", "beta"]) {
        const mine = stored.value.filter((item) => item.toText().startsWith(label));
        assert.equal(mine.length, count, label);
      }
      const page = await memory.read("shared", { limit: 1_000_000 });
      assert.equal(page?.text, stored.toText());
      const [summary] = await memory.namespaces();
      assert.equal(summary?.artifactCount, 2 * count);
      assert.equal(summary?.length, stored.toText().length);
      const [hit] = await memory.search("beta entry 39");
      assert.ok(hit?.text.startsWith("beta entry 39:"), hit?.text);
    } finally {
      await memory.close();
    }
  });

  it("keeps memories with different key prefixes apart on one server", async () => {
    const a = new TaskMemory({
      store: new RedisArtifactStore({ url: redis.url, keyPrefix: prefix() }),
    });
    const b = new TaskMemory({
      store: new RedisArtifactStore({ url: redis.url, keyPrefix: prefix() }),
    });
    await a.storeArtifact("n", new TextArtifact("only in a"));
    assert.deepEqual(await b.namespaces(), []);
    assert.deepEqual(await b.search("only"), []);
    assert.equal((await a.search("only"))[0]?.text, "only in a");
    await a.close();
    await b.close();
  });

  it("fails fast with a typed error naming the URL (password hidden) when nothing listens", {
    timeout: 20_000,
  }, async () => {
    const port = await freePort();
    const url = `redis://user:s3cret@127.0.0.1:${port}/0`;
    const store = new RedisArtifactStore({ url, timeoutMs: 1000 });
    assert.equal(store.url, `redis://user:***@127.0.0.1:${port}/0`);
    try {
      await assert.rejects(store.namespaces(), (error: unknown) => {
        assert.ok(error instanceof MemoryStoreError);
        assert.equal(error.location, store.url);
        assert.equal(error.outcome, "not-applied");
        assert.match(
          error.message,
          /^Redis artifact store "redis:\/\/user:\*\*\*@127\.0\.0\.1:\d+\/0": /,
        );
        assert.match(error.message, /ECONNREFUSED|no answer within 1000 ms/);
        assert.doesNotMatch(error.message, /s3cret/);
        return true;
      });
      const notice = await new TaskMemory({ store }).processOutput({
        tool: "T",
        activity: "a",
        artifact: new TextArtifact("x"),
      });
      assert.ok(notice instanceof ErrorArtifact);
      assert.equal(notice.code, "memory_store_failed");
      assert.ok(notice.cause instanceof MemoryStoreError);
    } finally {
      await store.close();
    }
  });

  it("gives up after its timeout on a server that accepts but never answers", {
    timeout: 20_000,
  }, async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const store = new RedisArtifactStore({ url: `redis://127.0.0.1:${port}`, timeoutMs: 500 });
    try {
      await assert.rejects(store.search({ terms: ["x"], namespace: undefined, limit: 1 }), {
        name: "MemoryStoreError",
        message: new RegExp(`^Redis artifact store "redis://127\\.0\\.0\\.1:${port}": `),
      });
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("refuses a URL that is not redis:// and bad options, hiding passwords", () => {
    assert.throws(
      () => new RedisArtifactStore({ url: "http://a:pw@host" }),
      (error: unknown) => {
        assert.ok(error instanceof MemoryConfigError);
        assert.equal(error.option, "url");
        assert.doesNotMatch(error.message, /pw/);
        return true;
      },
    );
    assert.throws(() => new RedisArtifactStore({ url: "not a url" }), MemoryConfigError);
    assert.throws(() => new RedisArtifactStore({ url: "redis://h", timeoutMs: 0 }), {
      option: "timeoutMs",
    });
    assert.throws(() => new RedisArtifactStore({ url: "redis://h", keyPrefix: 3 as never }), {
      option: "keyPrefix",
    });
  });

  // Staged writes (redis-staged-write.ts): a write over 256 Ki characters goes in batch by batch
  // under a segment, and becomes visible only when its commit places the segment.
  it("places a large write after small ones: pages, offsets and search agree with the joined text", async () => {
    const store = new RedisArtifactStore({ url: redis.url, keyPrefix: prefix() });
    const memory = new TaskMemory({ store });
    const texts = [
      "a short first note about zebras",
      largeText(3),
      "a short last note about otters",
    ];
    for (const text of texts) await memory.storeArtifact("mixed", new TextArtifact(text));
    const whole = texts.join("\n\n");
    const [summary] = await store.namespaces();
    assert.equal(summary?.length, whole.length);
    assert.equal(summary?.artifactCount, 3);
    for (const offset of [0, texts[0]?.length ?? 0, whole.length - 3_000, 1_500_000]) {
      assert.equal(
        (await store.read("mixed", offset, 4_000))?.text,
        whole.slice(offset, offset + 4_000),
      );
    }
    for (const term of ["zebras", "marker2mb", "otters"]) {
      const [hit] = await store.search({ terms: [term], namespace: "mixed", limit: 1 });
      assert.ok(hit !== undefined, term);
      assert.equal(whole.slice(hit.offset, hit.offset + hit.text.length), hit.text, term);
    }
    assert.deepEqual(
      (await memory.loadArtifacts("mixed")).value.map((artifact) => artifact.value),
      texts,
    );
    await store.close();
  });

  it("stores a retried large write once", async () => {
    const store = new RedisArtifactStore({ url: redis.url, keyPrefix: prefix() });
    const write = textWrite("again", largeText(2), "same-id");
    assert.deepEqual(await store.write(write), { ok: true });
    assert.deepEqual(await store.write(write), { ok: true });
    assert.equal((await store.load("again")).length, 1);
    await store.close();
  });

  it("keeps a write whose commit never came invisible to reads, search and its ranking", async () => {
    const keyPrefix = prefix();
    const store = new RedisArtifactStore({ url: redis.url, keyPrefix });
    await store.write(textWrite("seen", "the visible otter swims", "v1"));
    const query = { terms: ["otter"], namespace: undefined, limit: 5 };
    const before = await store.search(query);
    const client = new Redis(redis.url) as ScriptedClient;
    const scripts = { writeScript, searchScript, stageScript, commitScript, readScript };
    for (const [name, lua] of Object.entries(scripts)) {
      const command = `toolwrightMemory${name[0]?.toUpperCase()}${name.slice(1, -"Script".length)}`;
      client.defineCommand(command, { numberOfKeys: 0, lua });
    }
    const abandoned = textWrite("ghost", `${largeText(2)} the hidden otter`, "g1");
    const pace = new WritePace();
    const jsons = [await jsonParts(abandoned.entries[0]?.json, pace)];
    const failingCommit = {
      keyPrefix,
      run<T>(operation: (c: ScriptedClient) => Promise<T>, kind: string): Promise<T> {
        if (kind === "write") return Promise.reject(new Error("the writer stopped"));
        return operation(client);
      },
    };
    await assert.rejects(writeStaged(failingCommit, abandoned, jsons, pace), /the writer stopped/);
    assert.ok((await admin.keys(`${keyPrefix}spas:*`)).length > 0, "the batches were staged");
    assert.deepEqual(
      (await store.namespaces()).map((summary) => summary.namespace),
      ["seen"],
    );
    assert.equal(await store.read("ghost", 0, 100), undefined);
    assert.deepEqual(await store.search(query), before);
    client.disconnect();
    await store.close();
  });
});
