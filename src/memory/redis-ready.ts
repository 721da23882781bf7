import type { Redis } from "ioredis";

/** A wait for Redis that ran out: the time limit, or the connection attempts. */
class RedisUnreachableError extends Error {}

/**
 * @internal Resolves once `client` can take a command, connecting it when it never was. Rejects after
 * `ms`, or once a connection attempt and one retry failed (a server that refuses connections is
 * reported at once, not after the whole time limit). The store runs ioredis without its offline queue
 * and issues commands only on a ready connection, so a command that could not be issued was never
 * sent and never will be: no queue sends it after its caller was told it failed.
 */
export function whenReady(client: Redis, ms: number): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  if (client.status === "wait" || client.status === "end") {
    // Connection errors also arrive as "error" events, which the store records for its messages.
    client.connect().catch(() => undefined);
  }
  return new Promise<void>((resolve, reject) => {
    let failedAttempts = 0;
    const settle = (error?: Error) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      client.off("reconnecting", onReconnecting);
      client.off("end", onEnd);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onReady = () => settle();
    const onReconnecting = () => {
      if (++failedAttempts >= 2) settle(new RedisUnreachableError("connection attempts failed"));
    };
    const onEnd = () => settle(new RedisUnreachableError("the connection was closed"));
    const timer = setTimeout(
      () => settle(new RedisUnreachableError(`not connected within ${ms} ms`)),
      ms,
    );
    client.on("ready", onReady);
    client.on("reconnecting", onReconnecting);
    client.on("end", onEnd);
  });
}
