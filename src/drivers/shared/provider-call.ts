import type { FailureContext } from "./driver-failure.js";
import type { SdkClient } from "./lazy-client.js";

/**
 * @internal One call to a provider: the client to send it with, how whatever the SDK throws
 * becomes what the caller sees, and the hooks of a call that holds resources of its own.
 */
export interface ProviderCall<Client> {
  readonly client: Client;
  /** Maps a failure of this call (after the SDK's own retries) to the error the caller gets. */
  failure(error: unknown, context: FailureContext): unknown;
  /** The answer has started to arrive (a time limit that covers only the wait for it stops). */
  started?(): void;
  /** The call is over, however it ended (a consumer that stopped early ends its request). */
  end?(): void;
}

/**
 * @internal Opens one call; the first one loads the provider SDK (a missing one rejects with a
 * `MissingDependencyError`). The prompt skeleton and any other endpoint of a provider (embeddings)
 * share it.
 */
export type Connect<Client> = (signal: AbortSignal | undefined) => Promise<ProviderCall<Client>>;

/**
 * @internal Calls through an SDK client loaded on first use, its failures mapped by the provider's
 * error function, which reads the SDK's own error classes.
 *
 * @example
 * ```ts
 * const connect = sdkConnect(lazyClient(source, { create }), toOpenAIError);
 * ```
 */
export function sdkConnect<Sdk, Client>(
  load: () => Promise<SdkClient<Sdk, Client>>,
  toError: (error: unknown, context: FailureContext, sdk: Sdk) => unknown,
): Connect<Client> {
  return async () => {
    const { sdk, client } = await load();
    return { client, failure: (error, context) => toError(error, context, sdk) };
  };
}

/**
 * @internal Makes one whole (not streamed) call: opens it, sends, and turns a failure into the
 * provider's driver error; the call is ended however it went.
 *
 * @example
 * ```ts
 * const vectors = await callProvider(connect, context, (client) => client.embeddings.create(body));
 * ```
 */
export async function callProvider<Client, Result>(
  connect: Connect<Client>,
  context: FailureContext,
  send: (client: Client) => Promise<Result>,
): Promise<Result> {
  const call = await connect(context.signal);
  try {
    return await send(call.client);
  } catch (error) {
    throw call.failure(error, context);
  } finally {
    call.end?.();
  }
}
