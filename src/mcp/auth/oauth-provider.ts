import { randomBytes } from "node:crypto";
import {
  type AddClientAuthentication,
  createPrivateKeyJwtAuth,
  DpopSession,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { McpCredentialStore, McpStoredCredentials } from "./credential-store.js";
import { FileCredentialStore } from "./credential-store.js";
import { freeLoopbackPort, type LoopbackRedirect, listenForRedirect } from "./loopback-redirect.js";
import { openInBrowser } from "./open-browser.js";

/**
 * toolwright's own OAuth client for MCP servers (`McpTool.connect(target, { auth })`, `toolwright
 * mcp login`): the official SDK runs the protocol (discovery, registration, PKCE, refresh, step-up,
 * issuer and resource checks); these options say where logins are kept and how a person signs in.
 *
 * @example
 * ```ts
 * // Sign in now if needed (browser + redirect to 127.0.0.1), keep the login in the default file.
 * await McpTool.connect({ url: "https://mcp.example.com/mcp" }, { auth: { interactive: true } });
 * ```
 */
export interface McpOAuthOptions {
  /** Where logins are kept; a per-user 0600 file by default (`FileCredentialStore`). */
  store?: McpCredentialStore | undefined;
  /**
   * Whether a person may be sent to sign in when there is no usable login (a browser, or the
   * printed address, and a redirect to 127.0.0.1). `false` (the default for `McpTool.connect`):
   * only a stored login is used (refreshed when it expires); without one, connecting fails with
   * `McpAuthorizationError` naming `toolwright mcp login`.
   */
  interactive?: boolean | undefined;
  /**
   * Shows the authorization address to the person; by default it is printed to stderr and opened
   * in the system browser. A headless login can follow the redirect itself here.
   */
  openUrl?: ((url: URL) => void | Promise<void>) | undefined;
  /** `client_name` sent when registering; "toolwright" by default. */
  clientName?: string | undefined;
  /** The scope to ask for; by default the server's challenge, else its `scopes_supported`. */
  scope?: string | undefined;
  /** An https URL of this client's metadata document (a Client ID Metadata Document). */
  clientMetadataUrl?: string | undefined;
  /** A client registered beforehand: its id (and secret, for a confidential client). */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /**
   * How tokens are obtained: `"authorization_code"` (a person signs in; the default),
   * `"client_credentials"` (a machine client with `clientId` and a secret or `privateKey`), or
   * `"jwt_bearer"` (a workload's identity token, `assertion`, exchanged for access; RFC 7523).
   */
  grant?: "authorization_code" | "client_credentials" | "jwt_bearer" | undefined;
  /** The signed JWT a `"jwt_bearer"` grant presents, or a function that fetches a fresh one. */
  assertion?: string | (() => string | Promise<string>) | undefined;
  /**
   * A PEM private key the client proves itself with (`private_key_jwt`, RFC 7523) instead of a
   * secret; `signingAlgorithm` names its algorithm ("ES256" by default).
   */
  privateKey?: string | undefined;
  signingAlgorithm?: string | undefined;
  /** Asks for sender-constrained tokens (DPoP, RFC 9449): each request carries a signed proof. */
  dpop?: boolean | undefined;
  /** The 127.0.0.1 port of the redirect URI; by default the last login's, else any free port. */
  redirectPort?: number | undefined;
  /** How long to wait for the person to finish signing in; 5 minutes by default. */
  authorizationTimeoutMs?: number | undefined;
}

/** @internal Thrown from `redirectToAuthorization` when no person can be asked to sign in. */
export class LoginRequired extends Error {
  override readonly name = "LoginRequired";
}

const callbackPath = "/callback";
const jwtBearerGrant = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * @internal The SDK's `OAuthClientProvider` over a credential store, for one server: what the SDK
 * saves is written through to the store; a redirect to sign in starts a loopback endpoint and waits
 * for it in `authorizationResponse()`.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  readonly addClientAuthentication?: AddClientAuthentication;
  readonly dpop?: () => Promise<DpopSession>;
  readonly #key: string;
  readonly #options: McpOAuthOptions;
  readonly #store: McpCredentialStore;
  #saved: McpStoredCredentials = {};
  #port = 0;
  #verifier: string | undefined;
  #state: string | undefined;
  #receiver: LoopbackRedirect | undefined;
  #pending: Promise<URLSearchParams> | undefined;

  private constructor(key: string, options: McpOAuthOptions) {
    this.#key = key;
    this.#options = options;
    this.#store = options.store ?? new FileCredentialStore();
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl;
    const { clientId, privateKey } = options;
    if (privateKey !== undefined && clientId !== undefined) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: clientId,
        subject: clientId,
        privateKey,
        alg: options.signingAlgorithm ?? "ES256",
      });
    }
    if (options.dpop) {
      // One key for the life of this login: its nonces and proofs belong together.
      let session: Promise<DpopSession> | undefined;
      this.dpop = () => {
        session ??= DpopSession.create();
        return session;
      };
    }
  }

  /** Loads what the store has for `key` (the server's URL) and picks the redirect port. */
  static async open(key: string, options: McpOAuthOptions): Promise<StoredOAuthProvider> {
    const provider = new StoredOAuthProvider(key, options);
    provider.#saved = (await provider.#store.load(key)) ?? {};
    const savedPort = provider.#saved.redirectUrl ? new URL(provider.#saved.redirectUrl).port : "";
    provider.#port =
      options.redirectPort ??
      (savedPort !== "" ? Number(savedPort) : options.interactive ? await freeLoopbackPort() : 0);
    return provider;
  }

  /** Whether anything usable is stored: tokens, or a machine client that can get some. */
  get hasLogin(): boolean {
    return this.#saved.tokens !== undefined || this.#machine;
  }

  get #machine(): boolean {
    return this.#options.grant === "client_credentials" || this.#options.grant === "jwt_bearer";
  }

  get redirectUrl(): string | undefined {
    if (this.#machine) return undefined;
    return `http://127.0.0.1:${this.#port}${callbackPath}`;
  }

  get clientMetadata(): OAuthClientMetadata {
    const redirect = this.redirectUrl;
    return {
      client_name: this.#options.clientName ?? "toolwright",
      redirect_uris: redirect === undefined ? [] : [redirect],
      ...(this.#machine ? this.#machineMetadata() : {}),
      ...(this.#options.scope === undefined ? {} : { scope: this.#options.scope }),
    };
  }

  #machineMetadata(): Partial<OAuthClientMetadata> {
    const { grant, privateKey, clientSecret } = this.#options;
    const method =
      privateKey !== undefined
        ? "private_key_jwt"
        : clientSecret !== undefined
          ? "client_secret_basic"
          : "none";
    return {
      grant_types: [grant === "jwt_bearer" ? jwtBearerGrant : "client_credentials"],
      token_endpoint_auth_method: method,
    };
  }

  state(): string {
    this.#state = randomBytes(16).toString("base64url");
    return this.#state;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { clientId, clientSecret } = this.#options;
    if (clientId !== undefined) {
      return {
        client_id: clientId,
        ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
      };
    }
    if (ctx === undefined) return undefined;
    return this.#saved.clients?.[ctx.issuer] as StoredOAuthClientInformation | undefined;
  }

  async saveClientInformation(
    information: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ): Promise<void> {
    const issuer = ctx?.issuer ?? information.issuer ?? "";
    await this.#save({
      clients: { ...this.#saved.clients, [issuer]: { ...information } },
      ...(this.redirectUrl === undefined ? {} : { redirectUrl: this.redirectUrl }),
    });
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    const tokens = this.#saved.tokens as StoredOAuthTokens | undefined;
    // Tokens another authorization server issued are not for this one (SEP-2352).
    if (ctx !== undefined && tokens?.issuer !== undefined && tokens.issuer !== ctx.issuer) {
      return undefined;
    }
    return tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.#save({ tokens: { ...tokens }, tokensSavedAt: Date.now() });
  }

  saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    return this.#save({ discovery: JSON.parse(JSON.stringify(state)) as Record<string, unknown> });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#saved.discovery as OAuthDiscoveryState | undefined;
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error("no authorization is in progress");
    return this.#verifier;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const { grant, assertion } = this.#options;
    if (!this.#machine) return undefined;
    const params =
      grant === "jwt_bearer"
        ? new URLSearchParams({
            grant_type: jwtBearerGrant,
            assertion: typeof assertion === "function" ? await assertion() : (assertion ?? ""),
          })
        : new URLSearchParams({ grant_type: "client_credentials" });
    if (scope !== undefined && scope !== "") params.set("scope", scope);
    return params;
  }

  async invalidateCredentials(
    scope: "all" | "client" | "tokens" | "verifier" | "discovery",
  ): Promise<void> {
    if (scope === "verifier" || scope === "all") this.#verifier = undefined;
    if (scope === "verifier") return;
    const { clients, tokens, tokensSavedAt, discovery, ...rest } = this.#saved;
    await this.#replace({
      ...rest,
      ...(scope === "all" || scope === "client" ? {} : { clients }),
      ...(scope === "all" || scope === "tokens" ? {} : { tokens, tokensSavedAt }),
      ...(scope === "all" || scope === "discovery" ? {} : { discovery }),
    });
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.#options.interactive) {
      throw new LoginRequired("signing in is needed, and this connection may not ask anyone");
    }
    const expected = this.#state;
    await this.#receiver?.close();
    const receiver = await listenForRedirect({
      port: this.#port,
      path: callbackPath,
      timeoutMs: this.#options.authorizationTimeoutMs ?? 300_000,
    });
    this.#receiver = receiver;
    this.#pending = receiver.response
      .then((params) => {
        if (params.get("state") !== expected) {
          throw new Error("the redirect's state does not match the request's (a forged redirect?)");
        }
        const refused = params.get("error");
        // Only the error code, a fixed OAuth word: the description is the server's text, not ours.
        if (refused !== null && !params.has("code")) {
          throw new Error(`the authorization server answered "${refused.slice(0, 64)}"`);
        }
        return params;
      })
      .finally(() => {
        void receiver.close();
        if (this.#receiver === receiver) this.#receiver = undefined;
      });
    this.#pending.catch(() => undefined);
    await (this.#options.openUrl ?? ((href: URL) => openInBrowser(href)))(url);
  }

  /**
   * The redirect's query once the person has signed in, if a sign-in was started since the last
   * call; the state has been checked.
   */
  takeAuthorizationResponse(): Promise<URLSearchParams> | undefined {
    const pending = this.#pending;
    this.#pending = undefined;
    return pending;
  }

  /** Stops waiting for a redirect. */
  async close(): Promise<void> {
    this.#pending = undefined;
    await this.#receiver?.close();
    this.#receiver = undefined;
  }

  #save(change: Partial<McpStoredCredentials>): Promise<void> {
    return this.#replace({ ...this.#saved, ...change });
  }

  async #replace(next: McpStoredCredentials): Promise<void> {
    this.#saved = next;
    await this.#store.save(this.#key, next);
  }
}
