/**
 * A Task Memory store and a receipt store (call receipts, durable agent runs) in Redis, shared across
 * processes and machines, on `ioredis` (an optional peer dependency: `npm install ioredis`).
 *
 * @example
 * ```ts
 * import { TaskMemory } from "toolwright/memory";
 * import { RedisArtifactStore } from "toolwright/memory/redis";
 * const memory = new TaskMemory({ store: new RedisArtifactStore({ url: "redis://127.0.0.1:6379" }) });
 * ```
 * @module
 */
import "./node-check.js";

export {
  RedisArtifactStore,
  type RedisArtifactStoreOptions,
} from "./memory/redis-artifact-store.js";
export {
  RedisReceiptStore,
  type RedisReceiptStoreOptions,
} from "./receipts/redis-receipt-store.js";
