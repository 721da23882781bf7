import type OpenAI from "openai";
import { anObject, aString, type OptionRules } from "../../internal/option-rules.js";
import { checkDriverOptions, type DriverOptions, requireApiKey } from "../shared/driver-options.js";
import { lazyClient } from "../shared/lazy-client.js";
import { type Connect, sdkConnect } from "../shared/provider-call.js";
import { stainlessClientOptions } from "../shared/stainless-sdk.js";
import { toOpenAIError } from "./openai-error.js";

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

const optionRules = { organization: aString, project: aString, client: anObject };

/**
 * @internal Checks the options now (also that `openai` is installed; `own` are the driver's own
 * option rules); the calls of an OpenAI driver (any endpoint) go through the client made on first
 * use, their failures mapped by `toOpenAIError`.
 */
export function connectOpenAI(
  driver: string,
  options: OpenAIDriverOptions,
  own: OptionRules = {},
): Connect<OpenAI> {
  checkDriverOptions(driver, options, { ...optionRules, ...own });
  const source = { driver, packageName: "openai", load: () => import("openai") };
  const client = lazyClient(source, options.client, () => {
    const settings = {
      ...stainlessClientOptions(options, requireApiKey(driver, options.apiKey, ["OPENAI_API_KEY"])),
      ...(options.organization !== undefined && { organization: options.organization }),
      ...(options.project !== undefined && { project: options.project }),
    };
    return (sdk: OpenAISdk) => new sdk.OpenAI(settings);
  });
  return sdkConnect(client, toOpenAIError);
}
