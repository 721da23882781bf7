import type OpenAI from "openai";
import type { ClientOptions } from "openai";
import { anObject, aString } from "../../internal/option-rules.js";
import { requirePackage } from "../../internal/optional-package.js";
import { checkDriverOptions, type DriverOptions, requireApiKey } from "../shared/driver-options.js";
import { lazyClient, type SdkClient } from "../shared/lazy-client.js";

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

/** @internal The `openai` module, loaded on the first request. */
export type OpenAISdk = typeof import("openai");

/** @internal The SDK and client of an OpenAI driver, on demand. */
export type OpenAIClient = () => Promise<SdkClient<OpenAISdk, OpenAI>>;

const optionRules = { organization: aString, project: aString, client: anObject };

/** @internal Checks the options now (also that `openai` is installed); makes the client on first use. */
export function createOpenAIClient(driver: string, options: OpenAIDriverOptions): OpenAIClient {
  checkDriverOptions(driver, options, optionRules);
  const source = { driver, packageName: "openai", load: () => import("openai") };
  if (options.client !== undefined) return lazyClient(source, { client: options.client });
  requirePackage(driver, source.packageName);
  const settings: ClientOptions = {
    apiKey: requireApiKey(driver, options.apiKey, ["OPENAI_API_KEY"]),
    ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
    ...(options.organization !== undefined && { organization: options.organization }),
    ...(options.project !== undefined && { project: options.project }),
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    ...(options.headers !== undefined && { defaultHeaders: options.headers }),
    ...(options.fetch !== undefined && { fetch: options.fetch }),
  };
  return lazyClient(source, { create: (sdk) => new sdk.OpenAI(settings) });
}
