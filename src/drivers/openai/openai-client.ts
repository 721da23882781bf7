import OpenAI from "openai";
import { checkDriverOptions, type DriverOptions, requireApiKey } from "../shared/driver-options.js";

/**
 * Options of the OpenAI drivers: the shared driver options, an organization and project, or a
 * ready `OpenAI` client (for Azure, a gateway, custom auth), which then wins over the rest.
 *
 * @example
 * ```ts
 * const options: OpenAIDriverOptions = { model: "gpt-4.1-mini", baseURL: process.env.OPENAI_BASE_URL };
 * ```
 */
export interface OpenAIDriverOptions extends DriverOptions {
  organization?: string | undefined;
  project?: string | undefined;
  /** A configured client; `apiKey`, `baseURL`, `maxRetries`, `timeoutMs`, `headers`, `fetch` are then unused. */
  client?: OpenAI | undefined;
}

/** @internal */
export function createOpenAIClient(driver: string, options: OpenAIDriverOptions): OpenAI {
  checkDriverOptions(driver, options);
  if (options.client !== undefined) return options.client;
  return new OpenAI({
    apiKey: requireApiKey(driver, options.apiKey, ["OPENAI_API_KEY"]),
    ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
    ...(options.organization !== undefined && { organization: options.organization }),
    ...(options.project !== undefined && { project: options.project }),
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    ...(options.headers !== undefined && { defaultHeaders: options.headers }),
    ...(options.fetch !== undefined && { fetch: options.fetch }),
  });
}
