import {
  OAuthClientFlowError,
  type OAuthClientProvider,
  OAuthError,
  SdkHttpError,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { McpAuthorizationError } from "../../errors/mcp-authorization-error.js";
import { credentialKey } from "./credential-store.js";
import { LoginRequired, type McpOAuthOptions, StoredOAuthProvider } from "./oauth-provider.js";

/**
 * How `McpTool.connect` authorizes with a protected server: an OAuth provider of the official SDK
 * (`OAuthClientProvider` from `@modelcontextprotocol/client`), toolwright's own stored logins
 * (`McpOAuthOptions`), or `false` for none. Without it, a login saved by `toolwright mcp login`
 * for the URL is used when there is one.
 *
 * @example
 * ```ts
 * await McpTool.connect({ url }, { auth: { interactive: true } }); // sign in if needed
 * await McpTool.connect({ url }, { auth: myProvider }); // an SDK OAuthClientProvider
 * ```
 */
export type McpAuth = OAuthClientProvider | McpOAuthOptions | false;

/**
 * A provider that can finish a sign-in it started: after the SDK sent the person to the
 * authorization server, this resolves to the query of the redirect back (`code`, `state`, `iss`).
 * toolwright's own logins implement it; an SDK provider may too, so that `McpTool` completes the
 * flow itself.
 */
interface FinishingProvider {
  takeAuthorizationResponse(): Promise<URLSearchParams> | undefined;
}

/** @internal What a connection authorizes with. */
export interface ConnectionAuth {
  readonly provider: OAuthClientProvider | undefined;
  /** Stops a sign-in still waiting for its redirect. */
  close(): Promise<void>;
}

const none: ConnectionAuth = { provider: undefined, close: async () => undefined };

/**
 * @internal The provider for `url`: the caller's, toolwright's over a credential store, or none
 * (no `auth` and no stored login, or `headers` that already authorize).
 */
export async function resolveAuth(
  url: URL,
  auth: McpAuth | undefined,
  sendsAuthorization: boolean,
): Promise<ConnectionAuth> {
  if (auth === false || (auth === undefined && sendsAuthorization)) return none;
  if (auth !== undefined && isSdkProvider(auth)) return { provider: auth, close: none.close };
  const options: McpOAuthOptions = auth ?? {};
  let provider: StoredOAuthProvider;
  try {
    provider = await StoredOAuthProvider.open(credentialKey(url), options);
  } catch (error) {
    throw new McpAuthorizationError({
      server: credentialKey(url),
      message: `cannot read its stored login: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  // Without a login, nobody to ask and no machine client, a provider could only register a client
  // for nothing: the server's 401 then says what to do.
  if (!options.interactive && !provider.hasLogin && options.clientId === undefined) return none;
  return { provider, close: () => provider.close() };
}

/**
 * @internal Runs `work`; when it fails because the person was sent to sign in (the SDK throws
 * `UnauthorizedError` after redirecting), waits for the redirect, hands it to `finish` (the
 * transport's `finishAuth`) and runs `work` again, at most `rounds` times (a first login, then a
 * step-up to a wider scope), so a server that keeps refusing ends in an error, not a loop.
 */
export async function withAuthorization<T>(
  provider: OAuthClientProvider | undefined,
  finish: (response: URLSearchParams) => Promise<void>,
  work: () => Promise<T>,
  rounds = 2,
): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return await work();
    } catch (error) {
      const pending =
        round < rounds && UnauthorizedError.isInstance(error) && hasFinish(provider)
          ? provider.takeAuthorizationResponse()
          : undefined;
      if (pending === undefined) throw error;
      await finish(await pending);
    }
  }
}

/** @internal Whether `error` (or its cause) is an authorization failure, and what to say about it. */
export function authorizationProblem(
  error: unknown,
  url: string,
  hasLogin: boolean,
): string | undefined {
  const needsLogin = `needs authorization: run \`toolwright mcp login ${url}\`, or connect with { auth: { interactive: true } }`;
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    const current: Error = cause;
    // Plain booleans: the SDK's guards would narrow `current` to `never` (its classes look like Error).
    const unauthorized: boolean = UnauthorizedError.isInstance(current);
    const oauth: boolean =
      OAuthError.isInstance(current) || OAuthClientFlowError.isInstance(current);
    if (current instanceof LoginRequired || unauthorized) return needsLogin;
    if (oauth) {
      return `could not be authorized: ${current.message}`;
    }
    const status = SdkHttpError.isInstance(current) ? (current as SdkHttpError).status : undefined;
    if (status === 401 && !hasLogin) return needsLogin;
    if (status === 401 || status === 403) {
      return `refused the login (HTTP ${status}): ${current.message}; run \`toolwright mcp login ${url}\` again`;
    }
    cause = current.cause;
  }
  return undefined;
}

function isSdkProvider(auth: McpAuth): auth is OAuthClientProvider {
  const candidate = auth as { tokens?: unknown; clientInformation?: unknown };
  return (
    typeof candidate.tokens === "function" && typeof candidate.clientInformation === "function"
  );
}

function hasFinish(
  provider: OAuthClientProvider | undefined,
): provider is OAuthClientProvider & FinishingProvider {
  return (
    typeof (provider as Partial<FinishingProvider> | undefined)?.takeAuthorizationResponse ===
    "function"
  );
}
