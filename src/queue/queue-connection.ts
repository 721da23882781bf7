import type { ConnectionOptions } from "bullmq";
import type { Redis } from "ioredis";
import { loadPackage, requirePackages } from "../internal/optional-package.js";
import type { QueueConnection } from "./queue-options.js";

/** @internal BullMQ's module, loaded on first use (an optional peer). */
export type BullMQ = typeof import("bullmq");

/** @internal Throws one `MissingDependencyError` naming BullMQ, ioredis or both when missing. */
export function requireQueuePackages(subject: string): void {
  requirePackages(subject, ["bullmq", "ioredis"]);
}

/** @internal Loads BullMQ, or throws `MissingDependencyError` naming it. */
export function loadBullMQ(subject: string): Promise<BullMQ> {
  return loadPackage(subject, "bullmq", () => import("bullmq"));
}

/**
 * @internal BullMQ's connection options: options, never a client, so that BullMQ makes each
 * connection it needs itself (a blocking one per worker and per event reader).
 */
export function bullConnection(connection: QueueConnection): ConnectionOptions {
  // ioredis's own option types declare `key?: T | undefined`, which BullMQ's exact ones do not.
  return typeof connection === "string"
    ? { url: connection }
    : ({ ...connection } as ConnectionOptions);
}

/**
 * @internal A plain ioredis client on the fleet's Redis, for toolwright's own commands and its
 * cancellation channel. Commands wait for a reconnection rather than fail (BullMQ's choice too);
 * every wait of a caller is bounded by its own timers.
 */
export async function redisClient(subject: string, connection: QueueConnection): Promise<Redis> {
  const { Redis: Client } = await loadPackage(subject, "ioredis", () => import("ioredis"));
  const settings = { maxRetriesPerRequest: null };
  if (typeof connection === "string") return listening(new Client(connection, settings));
  // Replies are read in ioredis's default (legacy) form here, as BullMQ reads them.
  const { replyMapping: _legacyReplies, ...options } = connection;
  return listening(new Client({ ...options, ...settings }));
}

function listening(client: Redis): Redis {
  // ioredis reports connection problems as events; unheard they would be printed as unhandled. The
  // commands waiting on the connection carry on once it is back.
  client.on("error", () => {});
  return client;
}

/** @internal Closes an ioredis client, without waiting on a server that is gone. */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
