import { loadPackage, requirePackage } from "../../internal/optional-package.js";

/**
 * @internal A provider SDK module and the client made from it. The driver needs the module too: its
 * error classes tell an HTTP error from a timeout.
 */
export interface SdkClient<Sdk, Client> {
  readonly sdk: Sdk;
  readonly client: Client;
}

/**
 * @internal Where a driver's SDK comes from: the package (named in a `MissingDependencyError`) and
 * its dynamic import.
 */
export interface SdkSource<Sdk> {
  readonly driver: string;
  readonly packageName: string;
  load(): Promise<Sdk>;
}

/**
 * @internal Loads a provider SDK on the driver's first request and uses the client the user gave or
 * makes one from the SDK, once: a subpath such as `toolwright/openai` then imports without the SDK,
 * and a missing SDK is a `MissingDependencyError`. Without a given client the SDK is checked to
 * resolve now and `settings` runs now (it reads the API key), returning how to make the client.
 *
 * @example
 * ```ts
 * const client = lazyClient(source, options.client, () => {
 *   const settings = { apiKey: requireApiKey(driver, options.apiKey, ["OPENAI_API_KEY"]) };
 *   return (sdk) => new sdk.OpenAI(settings);
 * });
 * const { sdk, client: openai } = await client();
 * ```
 */
export function lazyClient<Sdk, Client>(
  source: SdkSource<Sdk>,
  given: Client | undefined,
  settings: () => (sdk: Sdk) => Client,
): () => Promise<SdkClient<Sdk, Client>> {
  let create = (_sdk: Sdk): Client => given as Client;
  if (given === undefined) {
    requirePackage(source.driver, source.packageName);
    create = settings();
  }
  let pending: Promise<SdkClient<Sdk, Client>> | undefined;
  return () => {
    pending ??= loadPackage(source.driver, source.packageName, () => source.load()).then((sdk) => ({
      sdk,
      client: create(sdk),
    }));
    return pending;
  };
}
