import { DriverConfigError } from "../../errors/driver-config-error.js";

/**
 * Options every provider driver accepts; each driver adds its own (and takes a ready SDK `client`).
 *
 * @example
 * ```ts
 * const options: DriverOptions = { model: "gpt-4.1-mini", maxRetries: 4, timeoutMs: 60_000 };
 * ```
 */
export interface DriverOptions {
  /** Model id, such as `gpt-4.1-mini`, `claude-sonnet-4-5`, `gemini-2.5-flash`, `qwen3`. */
  model: string;
  /** API key; each SDK falls back to its own environment variable. */
  apiKey?: string | undefined;
  /** Base URL of the API (a proxy, a gateway, a local server). */
  baseURL?: string | undefined;
  /** Retries the SDK makes on 408/409/429/5xx and connection errors, where the SDK retries. */
  maxRetries?: number | undefined;
  /** Time limit of one attempt, in milliseconds. */
  timeoutMs?: number | undefined;
  /** Extra HTTP headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /** A `fetch` implementation for the SDK to use (a proxy agent, a recorder). */
  fetch?: typeof globalThis.fetch | undefined;
}

/** @internal Checks the shared options, naming the driver and the option at fault. */
export function checkDriverOptions(driver: string, options: DriverOptions): void {
  if (typeof options?.model !== "string" || options.model.trim() === "") {
    throw new DriverConfigError({ driver, option: "model", message: "must be a non-empty string" });
  }
  const { maxRetries, timeoutMs } = options;
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) {
    throw new DriverConfigError({
      driver,
      option: "maxRetries",
      message: `must be a whole number ≥ 0, got ${String(maxRetries)}`,
    });
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new DriverConfigError({
      driver,
      option: "timeoutMs",
      message: `must be a positive number of milliseconds, got ${String(timeoutMs)}`,
    });
  }
}

/** @internal The API key from the options or the environment, or a config error naming both. */
export function requireApiKey(
  driver: string,
  apiKey: string | undefined,
  environment: readonly string[],
): string {
  const key = apiKey ?? environment.map((name) => process.env[name]).find((value) => value);
  if (key === undefined || key === "") {
    throw new DriverConfigError({
      driver,
      option: "apiKey",
      message: `is missing: pass it or set ${environment.join(" or ")}`,
    });
  }
  return key;
}
