import type { Redis } from "ioredis";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { checkMemoryOptions } from "../memory/check-memory-options.js";
import { RedisConnection, redisStoreOptionRules } from "../memory/redis-connection.js";
import type { JsonObject } from "../schema/json.js";
import { newReceipt, startFields } from "./new-receipt.js";
import type * as spec from "./receipt-store.js";
import {
  beginScript,
  finishScript,
  releaseScript,
  restartScript,
  saveRunScript,
} from "./redis-receipt-scripts.js";

/**
 * Options of a {@link RedisReceiptStore}.
 *
 * @example
 * ```ts
 * const options: RedisReceiptStoreOptions = { url: "redis://127.0.0.1:6379/0", keyPrefix: "shop:receipts:" };
 * ```
 */
export interface RedisReceiptStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Prefix of every key the store uses; `"toolwright:receipts:"` by default. */
  keyPrefix?: string;
  /** Longest wait for Redis (connecting or answering), in milliseconds; 5,000 by default. */
  timeoutMs?: number;
}

type Reply = (string | number)[];

interface ScriptCommands {
  toolwrightReceiptBegin(...args: (string | number)[]): Promise<Reply>;
  toolwrightReceiptRestart(...args: (string | number)[]): Promise<number>;
  toolwrightReceiptFinish(...args: (string | number)[]): Promise<number>;
  toolwrightReceiptRelease(...args: (string | number)[]): Promise<number>;
  toolwrightRunSave(...args: (string | number)[]): Promise<number>;
}

type Client = Redis & ScriptCommands;

/**
 * Call receipts and durable runs on a Redis server, shared by every process and machine that uses
 * it: each change is one Lua script (atomic for every client), receipts with a retention expire by
 * Redis's own clock. Plain Redis 6.2 or later, standalone. Needs `ioredis`, loaded on first use. Run
 * Redis with AOF persistence (`appendonly yes`) for receipts to outlive a Redis restart.
 *
 * @example
 * ```ts
 * const store = new RedisReceiptStore({ url: process.env.REDIS_URL! });
 * const agent = new Agent({ driver, tools, durable: { store } });
 * ```
 */
export class RedisReceiptStore implements spec.ReceiptStore {
  readonly specificationVersion = "v1";
  /** The server's URL with its password hidden. */
  readonly url: string;
  readonly keyPrefix: string;
  readonly #connection: RedisConnection<Client>;

  constructor(options: RedisReceiptStoreOptions) {
    checkMemoryOptions("RedisReceiptStore", options, redisStoreOptionRules, ["url"]);
    this.#connection = new RedisConnection<Client>({
      subject: "RedisReceiptStore",
      url: options.url,
      timeoutMs: options.timeoutMs ?? 5_000,
      holds: "receipt",
      scripts: {
        toolwrightReceiptBegin: beginScript,
        toolwrightReceiptRestart: restartScript,
        toolwrightReceiptFinish: finishScript,
        toolwrightReceiptRelease: releaseScript,
        toolwrightRunSave: saveRunScript,
      },
    });
    this.url = this.#connection.url;
    this.keyPrefix = options.keyPrefix ?? "toolwright:receipts:";
  }

  async begin(start: spec.ReceiptStart): Promise<spec.ReceiptBegin> {
    const reply = await this.#connection.run(
      (client) =>
        client.toolwrightReceiptBegin(
          this.keyPrefix,
          ...startFields(start),
          expiry(start.expiresAt),
        ),
      "write",
    );
    if (reply[0] === 1) return { created: true, receipt: newReceipt(start) };
    return { created: false, receipt: receiptOf(start, reply.slice(1)) };
  }

  async restart(restart: spec.ReceiptRestart): Promise<boolean> {
    const done = await this.#connection.run(
      (client) =>
        client.toolwrightReceiptRestart(
          this.keyPrefix,
          restart.scope,
          restart.key,
          restart.attempt,
          restart.startedAt,
          expiry(restart.expiresAt),
        ),
      "write",
    );
    return done === 1;
  }

  async finish(finish: spec.ReceiptFinish): Promise<void> {
    await this.#connection.run(
      (client) =>
        client.toolwrightReceiptFinish(
          this.keyPrefix,
          finish.scope,
          finish.key,
          JSON.stringify(finish.result),
          finish.finishedAt,
          expiry(finish.expiresAt),
        ),
      "write",
    );
  }

  async get(address: spec.ReceiptAddress): Promise<spec.Receipt | undefined> {
    const key = `${this.keyPrefix}r:${address.scope.length}:${address.scope}:${address.key}`;
    return this.#connection.run(async (client) => {
      const [fields, ttl] = await Promise.all([client.hgetall(key), client.pttl(key)]);
      if (Object.keys(fields).length === 0) return undefined;
      const receipt = receiptOf(address, Object.entries(fields).flat());
      return { ...receipt, expiresAt: ttl < 0 ? undefined : Date.now() + ttl };
    });
  }

  async release(scope: string): Promise<void> {
    await this.#connection.run(
      (client) => client.toolwrightReceiptRelease(this.keyPrefix, scope),
      "write",
    );
  }

  async saveRun(write: spec.RunWrite): Promise<boolean> {
    const saved = await this.#connection.run(
      (client) =>
        client.toolwrightRunSave(
          this.keyPrefix,
          write.runId,
          write.revision,
          JSON.stringify(write.state),
          expiry(write.expiresAt),
        ),
      "write",
    );
    return saved === 1;
  }

  async loadRun(runId: string): Promise<spec.StoredRun | undefined> {
    const [revision, state] = await this.#connection.run((client) =>
      client.hmget(`${this.keyPrefix}run:${runId}`, "revision", "state"),
    );
    if (revision === null || revision === undefined || state === null || state === undefined) {
      return undefined;
    }
    return { state: JSON.parse(state) as JsonObject, revision: Number(revision) };
  }

  async deleteRun(runId: string): Promise<void> {
    await this.#connection.run((client) => client.del(`${this.keyPrefix}run:${runId}`), "write");
  }

  close(): Promise<void> {
    return this.#connection.close();
  }
}

function expiry(at: number | undefined): string | number {
  return at === undefined ? "" : Math.ceil(at);
}

/** A receipt from its stored hash, as a flat field, value list. */
function receiptOf(address: spec.ReceiptAddress, flat: readonly (string | number)[]): spec.Receipt {
  const fields = new Map<string, string>();
  for (let index = 0; index + 1 < flat.length; index += 2) {
    fields.set(String(flat[index]), String(flat[index + 1]));
  }
  const result = fields.get("result");
  const finished = fields.get("finished");
  return {
    scope: address.scope,
    key: address.key,
    tool: fields.get("tool") ?? "",
    activity: fields.get("activity") ?? "",
    inputHash: fields.get("hash") ?? "",
    attempt: Number(fields.get("attempt") ?? 1),
    startedAt: Number(fields.get("started") ?? 0),
    finishedAt: finished === undefined ? undefined : Number(finished),
    result: result === undefined ? undefined : (JSON.parse(result) as ArtifactJSON),
    expiresAt: undefined,
  };
}
