import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import { MemoryStoreError, TextArtifact } from "../../src/index.js";
import { splitPassages } from "../../src/memory/split-passages.js";
import type { StoreWrite } from "../../src/memory.js";
import { RedisArtifactStore } from "../../src/memory-redis.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { deleteKeys } from "../memory/fixtures/stores.js";

/**
 * A TCP proxy on 127.0.0.1 in front of Redis that can lose answers: `forward` passes bytes both ways;
 * `swallow` still forwards requests but drops every reply (the client times out although Redis
 * applied the command); `cut` forwards a request and closes the client's connection when its reply
 * comes, once; `refuse` closes new connections at once.
 */
class LossyProxy {
  mode: "forward" | "swallow" | "cut" | "refuse" = "forward";
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();

  constructor(redisPort: number) {
    this.#server = createServer((client) => {
      if (this.mode === "refuse") {
        client.destroy();
        return;
      }
      const upstream = connect(redisPort, "127.0.0.1");
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("error", () => undefined);
        socket.on("close", () => {
          this.#sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.on("data", (data) => upstream.write(data));
      upstream.on("data", (data) => {
        if (this.mode === "swallow") return;
        if (this.mode === "cut") {
          this.mode = "forward";
          client.destroy();
          return;
        }
        client.write(data);
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    const address = this.#server.address();
    return `redis://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
  }

  /** Closes every connection through the proxy (the client reconnects). */
  dropAll(): void {
    for (const socket of this.#sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

function textWrite(namespace: string, text: string, id: string): StoreWrite {
  return {
    namespace,
    kind: "text",
    source: "Tool.activity",
    meta: undefined,
    entries: [
      {
        json: new TextArtifact(text, { id, name: namespace }).toJSON(),
        text,
        passages: splitPassages(text),
      },
    ],
  };
}

describe("RedisArtifactStore writes that can be retried", () => {
  let redis: RedisForTests;
  let admin: Redis;
  let proxy: LossyProxy;
  let proxyUrl: string;
  const prefixes: string[] = [];
  const prefix = () => {
    const value = `toolwright-test:${randomUUID()}:`;
    prefixes.push(value);
    return value;
  };
  before(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url);
    proxy = new LossyProxy(Number(new URL(redis.url).port));
    proxyUrl = await proxy.listen();
  });
  after(async () => {
    for (const value of prefixes) await deleteKeys(admin, value);
    admin.disconnect();
    await proxy.close();
    await redis.stop();
  });

  /** How many artifacts Redis holds in a namespace, asked directly, not through the proxy. */
  const stored = (keyPrefix: string, namespace: string) =>
    admin.llen(`${keyPrefix}art:${namespace}`);

  it("stores a write once when its answer was lost and it is retried", {
    timeout: 30_000,
  }, async () => {
    const keyPrefix = prefix();
    const store = new RedisArtifactStore({ url: proxyUrl, keyPrefix, timeoutMs: 1_000 });
    try {
      // The first write also loads the script into Redis (EVALSHA, then EVAL).
      assert.deepEqual(await store.write(textWrite("warm", "warm up", "w0")), { ok: true });
      proxy.mode = "swallow";
      const write = textWrite("notes", "green tea is brewed at eighty degrees", "a1");
      await assert.rejects(store.write(write), (error: unknown) => {
        assert.ok(error instanceof MemoryStoreError);
        assert.equal(error.outcome, "unknown");
        assert.match(
          error.message,
          /: no answer within 1000 ms; the write may have been applied: retrying the same write stores it once$/,
        );
        return true;
      });
      assert.equal(
        await stored(keyPrefix, "notes"),
        1,
        "Redis applied the write it did not answer",
      );
      // The connection is dropped; ioredis reconnects and re-sends the unanswered write by itself,
      // then the caller retries: neither appends a second copy.
      proxy.mode = "forward";
      proxy.dropAll();
      assert.deepEqual(await store.write(write), { ok: true });
      assert.equal(await stored(keyPrefix, "notes"), 1);
      assert.equal((await store.load("notes")).length, 1);
      const [summary] = (await store.namespaces()).filter((item) => item.namespace === "notes");
      assert.equal(summary?.artifactCount, 1);
      assert.equal(summary?.length, write.entries[0]?.text.length);
      const hits = await store.search({ terms: ["tea"], namespace: "notes", limit: 10 });
      assert.equal(hits.length, 1);
      // A different write is not mistaken for the retry: another artifact id, or the same artifact
      // with another text, is appended.
      await store.write(textWrite("notes", "green tea is brewed at eighty degrees", "a2"));
      await store.write(textWrite("notes", "matcha is whisked", "a1"));
      assert.equal(await stored(keyPrefix, "notes"), 3);
    } finally {
      proxy.mode = "forward";
      await store.close();
    }
  });

  it("keeps one copy when ioredis re-sends a write whose connection dropped before the answer", {
    timeout: 30_000,
  }, async () => {
    const keyPrefix = prefix();
    const store = new RedisArtifactStore({ url: proxyUrl, keyPrefix, timeoutMs: 5_000 });
    try {
      await store.write(textWrite("warm", "warm up", "w0"));
      proxy.mode = "cut";
      const result = await store.write(textWrite("notes", "sencha and gyokuro", "b1"));
      assert.equal(proxy.mode, "forward", "the connection was cut once");
      assert.deepEqual(result, { ok: true });
      assert.equal(await stored(keyPrefix, "notes"), 1);
    } finally {
      proxy.mode = "forward";
      await store.close();
    }
  });

  it("says nothing was written when the server was not reached, and never sends it later", {
    timeout: 30_000,
  }, async () => {
    const keyPrefix = prefix();
    // Replies swallowed from the start: the connection never gets ready (its handshake goes unanswered).
    proxy.mode = "swallow";
    const store = new RedisArtifactStore({ url: proxyUrl, keyPrefix, timeoutMs: 1_500 });
    try {
      await assert.rejects(store.write(textWrite("notes", "oolong", "c1")), (error: unknown) => {
        assert.ok(error instanceof MemoryStoreError);
        assert.equal(error.outcome, "not-applied");
        assert.match(error.message, /: cannot reach the server \(.*\); nothing was written$/);
        return true;
      });
      proxy.mode = "refuse";
      proxy.dropAll();
      await assert.rejects(store.namespaces(), (error: unknown) => {
        assert.ok(error instanceof MemoryStoreError);
        assert.equal(error.outcome, "not-applied");
        assert.doesNotMatch(error.message, /written|applied/);
        return true;
      });
      // Once Redis is reachable, the store works; the failed write was not queued and sent since.
      proxy.mode = "forward";
      assert.deepEqual(await store.write(textWrite("other", "puer", "c2")), { ok: true });
      assert.equal(await stored(keyPrefix, "notes"), 0);
    } finally {
      proxy.mode = "forward";
      await store.close();
    }
  });
});
