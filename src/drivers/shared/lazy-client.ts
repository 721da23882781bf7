import { loadPackage } from "../../internal/optional-package.js";

/**
 * @internal A provider SDK module and the client made from it. The driver needs the module too: its
 * error classes tell an HTTP error from a timeout.
 */
export interface SdkClient<Sdk, Client> {
  readonly sdk: Sdk;
  readonly client: Client;
}

/**
 * @internal Loads a provider SDK on the driver's first request and makes its client once (or uses
 * the client the user gave): a subpath such as `toolwright/openai` then imports without the SDK,
 * and a missing SDK is a `MissingDependencyError` (the constructor checked it resolves already).
 */
export function lazyClient<Sdk, Client>(
  driver: string,
  packageName: string,
  load: () => Promise<Sdk>,
  create: (sdk: Sdk) => Client,
  given?: Client,
): () => Promise<SdkClient<Sdk, Client>> {
  let pending: Promise<SdkClient<Sdk, Client>> | undefined;
  return () => {
    pending ??= loadPackage(driver, packageName, load).then((sdk) => ({
      sdk,
      client: given ?? create(sdk),
    }));
    return pending;
  };
}
