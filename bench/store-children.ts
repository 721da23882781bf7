import { startRedis } from "../test/fixtures/redis-server.js";
import { runChild } from "./child.js";

/** What one run per store gave: each store's figures, and why Redis was left out (if it was). */
export interface PerStore<T> {
  readonly results: T[];
  readonly redisMissing: string | undefined;
}

/**
 * Runs a store bench script once per store (memory, sqlite, then redis when a server can be had:
 * TOOLWRIGHT_REDIS_URL, or redis-server on PATH), each in a process of its own so its peak RSS is
 * its own; `args` gives each run its flags (`--redis <url>` is added for Redis).
 */
export async function runPerStore<T>(
  label: string,
  script: URL,
  args: readonly string[],
): Promise<PerStore<T>> {
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  let redisMissing: string | undefined;
  try {
    redis = await startRedis();
  } catch (error) {
    redisMissing = (error as Error).message;
  }
  const results: T[] = [];
  try {
    for (const store of ["memory", "sqlite", ...(redis === undefined ? [] : ["redis"])]) {
      console.error(`bench: ${label} ${store}…`);
      const flags = ["--store", store, ...args];
      if (store === "redis" && redis !== undefined) flags.push("--redis", redis.url);
      results.push(await runChild<T>(script, flags));
    }
  } finally {
    await redis?.stop();
  }
  return { results, redisMissing };
}
