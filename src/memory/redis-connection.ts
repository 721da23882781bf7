import type { Redis } from "ioredis";
import { MemoryConfigError } from "../errors/memory-config-error.js";
import { MemoryStoreError } from "../errors/memory-store-error.js";
import { aString, type OptionRules, wholeNumber } from "../internal/option-rules.js";
import { loadPackage, requirePackage } from "../internal/optional-package.js";
import { whenReady } from "./redis-ready.js";

/** @internal The options every Redis store takes: `url`, `keyPrefix`, `timeoutMs`. */
export const redisStoreOptionRules: OptionRules = Object.freeze({
  url: aString,
  keyPrefix: aString,
  timeoutMs: { ...wholeNumber(1), expected: "a positive whole number of milliseconds" },
});

/** @internal What a store's connection needs: who it is, where, its time limit and its Lua scripts. */
export interface RedisConnectionSettings {
  /** The store's class name, for errors. */
  readonly subject: string;
  readonly url: string;
  readonly timeoutMs: number;
  /** What the store keeps, for its errors' wording. */
  readonly holds: "artifact" | "receipt";
  /** Lua scripts by command name (no keys declared: every key is built inside the script). */
  readonly scripts: Readonly<Record<string, string>>;
}

/**
 * @internal One store's connection to Redis: ioredis loaded and connected on first use, every
 * operation on a ready connection within the store's time limit, failures as `MemoryStoreError`s
 * saying whether a write may have been applied. `C` is the client with the scripts' commands.
 */
export class RedisConnection<C extends Redis = Redis> {
  /** The server's URL with its password hidden. */
  readonly url: string;
  readonly #settings: RedisConnectionSettings;
  #client: Promise<C> | undefined;
  #lastError: Error | undefined;
  #ready: Promise<void> | undefined;

  constructor(settings: RedisConnectionSettings) {
    const url = settings.url;
    if (!["redis:", "rediss:"].includes(URL.parse(url)?.protocol ?? "")) {
      throw new MemoryConfigError({
        subject: settings.subject,
        option: "url",
        message: `must be a redis:// or rediss:// URL; got ${JSON.stringify(redact(url))}`,
      });
    }
    requirePackage(settings.subject, "ioredis");
    this.url = redact(url);
    this.#settings = settings;
  }

  /**
   * Runs one operation within the time limit, on a ready connection (see redis-ready.ts). Failures
   * become `MemoryStoreError`s whose `outcome` is `"unknown"` only for a write that was sent.
   */
  async run<T>(
    operation: (client: C) => Promise<T>,
    kind: "read" | "stage" | "write" = "read",
  ): Promise<T> {
    const timeoutMs = this.#settings.timeoutMs;
    const started = performance.now();
    this.#client ??= this.#connect();
    const client = await this.#client;
    try {
      // Calls made while it connects share one wait (and one set of listeners on the client).
      if (client.status !== "ready") {
        this.#ready ??= whenReady(client, timeoutMs).finally(() => {
          this.#ready = undefined;
        });
        await this.#ready;
      }
    } catch (error) {
      const reason = this.#lastError ?? error;
      throw this.error(
        kind,
        `cannot reach the server (${messageOf(reason)})`,
        "not-applied",
        reason,
      );
    }
    const remaining = Math.max(1, timeoutMs - (performance.now() - started));
    try {
      return await withTimeout(operation(client), remaining);
    } catch (error) {
      // ioredis refuses a command at once when the connection dropped just before it: never sent.
      const sent = !messageOf(error).startsWith("Stream isn't writeable");
      const lost = client.status !== "ready" && this.#lastError !== undefined;
      let message = messageOf(error);
      // Ours or ioredis's `commandTimeout` (the same limit, as a backstop): whichever fires first.
      if (error instanceof TimeoutError || message === "Command timed out") {
        message = `no answer within ${timeoutMs} ms`;
      } else if (lost) message = `lost the connection (${messageOf(this.#lastError)})`;
      const reason = lost ? this.#lastError : error;
      throw this.error(kind, message, sent && kind === "write" ? "unknown" : "not-applied", reason);
    }
  }

  async close(): Promise<void> {
    const pending = this.#client;
    this.#client = undefined;
    if (pending === undefined) return;
    const client = await pending.catch(() => undefined);
    if (client === undefined) return;
    if (client.status !== "ready") {
      client.disconnect();
      return;
    }
    try {
      await withTimeout(client.quit(), this.#settings.timeoutMs);
    } catch {
      client.disconnect();
    }
  }

  /** @internal A store's failure as a `MemoryStoreError`, saying whether a write may have applied. */
  error(
    kind: "read" | "stage" | "write",
    message: string,
    outcome: "not-applied" | "unknown",
    cause: unknown,
  ): MemoryStoreError {
    let text = message;
    // A staged write changes nothing anyone sees until its commit, the one "write" of it.
    if (kind !== "read") {
      text +=
        outcome === "unknown"
          ? "; the write may have been applied: retrying the same write stores it once"
          : "; nothing was written";
    }
    return new MemoryStoreError({
      store: "redis",
      location: this.url,
      message: text,
      cause,
      outcome,
      holds: this.#settings.holds,
    });
  }

  async #connect(): Promise<C> {
    const { subject, url, timeoutMs, scripts } = this.#settings;
    let Driver: typeof Redis;
    try {
      ({ Redis: Driver } = await loadPackage(subject, "ioredis", () => import("ioredis")));
    } catch (error) {
      this.#client = undefined;
      throw error;
    }
    const client = new Driver(url, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      maxRetriesPerRequest: 1,
      // Commands wait for a connection in `run`, not in a queue that would send them after their
      // caller gave up (a write reported failed, then applied behind its back).
      enableOfflineQueue: false,
      // ioredis re-sends commands in flight when a connection drops (its default); the stores' writes
      // are safe to re-send because each applies once.
      autoResendUnfulfilledCommands: true,
      // Keep reconnecting (a long-lived agent outlives a Redis restart); each call is bounded anyway.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    // ioredis reports connection problems as events; without a listener they are printed as unhandled.
    client.on("error", (error: Error) => {
      this.#lastError = error;
    });
    // A socket error from before the last (re)connection says nothing about a later failure.
    client.on("ready", () => {
      this.#lastError = undefined;
    });
    for (const [name, lua] of Object.entries(scripts)) {
      client.defineCommand(name, { numberOfKeys: 0, lua });
    }
    return client as C;
  }
}

class TimeoutError extends Error {}

/** @internal `promise`, or a rejection after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** @internal A Redis URL with its password hidden. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//***@");
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
