import { DriverConfigError } from "../../errors/driver-config-error.js";
import { checkOptions } from "../../internal/check-options.js";
import {
  abortSignal,
  aFunction,
  aString,
  nonEmptyString,
  type OptionRules,
  stringRecord,
  timerMs,
  wholeNumber,
} from "../../internal/option-rules.js";

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

const sharedRules: OptionRules = Object.freeze({
  model: nonEmptyString,
  apiKey: aString,
  baseURL: aString,
  maxRetries: wholeNumber(0),
  timeoutMs: timerMs,
  headers: stringRecord,
  fetch: aFunction,
});

/**
 * @internal Checks a driver's options, the shared ones and its own (`own`), naming the driver and
 * the option at fault; `model` is required.
 */
export function checkDriverOptions(driver: string, options: unknown, own: OptionRules = {}): void {
  checkOptions(options, {
    owner: driver,
    rules: { ...sharedRules, ...own },
    required: ["model"],
    error: (option, message) => new DriverConfigError({ driver, option, message }),
  });
}

/** @internal Checks the options of one `generate`, `stream` or `embed` call. */
export function checkCallOptions(
  driver: string,
  method: "generate" | "stream" | "embed",
  options: unknown,
): void {
  checkOptions(options, {
    owner: `${driver}.${method}`,
    rules: callRules,
    error: (option, message) => new DriverConfigError({ driver, option, message }),
  });
}

const callRules: OptionRules = Object.freeze({ signal: abortSignal });

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
