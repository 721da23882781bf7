// The baseline of `npm run conformance:client`: a client for the MCP conformance suite written
// directly on the official SDK (@modelcontextprotocol/client), the way the SDK's documentation and
// its own conformance fixture use it, with no toolwright code. What it fails, the SDK fails.
import {
  Client,
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";

const url = new URL(process.argv.at(-1) ?? "");
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Record<string, string>;
const modern = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION === "2026-07-28";
const redirectUrl = "http://localhost:3000/callback";

/** An in-memory OAuth client whose "browser" follows the authorization server's redirect. */
class HeadlessProvider implements OAuthClientProvider {
  readonly redirectUrl = redirectUrl;
  readonly clientMetadataUrl = "https://conformance-test.local/client-metadata.json";
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: "sdk-conformance-client",
    redirect_uris: [redirectUrl],
  };
  callback: URLSearchParams | undefined;
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier = "";
  #discovery: OAuthDiscoveryState | undefined;

  constructor(client?: OAuthClientInformationMixed) {
    this.#client = client;
  }
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.#client = client;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.#tokens = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.#discovery = state;
  }
  discoveryState() {
    return this.#discovery;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "client") this.#client = undefined;
    if (scope === "all" || scope === "tokens") this.#tokens = undefined;
    if (scope === "all" || scope === "discovery") this.#discovery = undefined;
  }
  async redirectToAuthorization(authorizationUrl: URL) {
    const answer = await fetch(authorizationUrl, { redirect: "manual" });
    const location = answer.headers.get("location");
    if (location === null) throw new Error("no redirect from the authorization endpoint");
    this.callback = new URL(location).searchParams;
  }
}

/** A connected client: `request` runs a call again after a sign-in the server asked for. */
async function connect(options: {
  auth?: OAuthClientProvider;
  elicitation?: boolean;
  knownModern?: boolean;
}): Promise<{ client: Client; request: <T>(work: () => Promise<T>) => Promise<T> }> {
  const headless = options.auth instanceof HeadlessProvider ? options.auth : undefined;
  let transport: StreamableHTTPClientTransport | undefined;
  const finish = async (error: unknown) => {
    const callback = headless?.callback;
    if (
      !(error instanceof UnauthorizedError) ||
      headless === undefined ||
      callback === undefined ||
      transport === undefined
    ) {
      throw error;
    }
    headless.callback = undefined;
    await transport.finishAuth(callback);
  };
  const open = () => {
    const client = new Client(
      { name: "sdk-conformance-client", version: "1.0.0" },
      {
        capabilities: options.elicitation ? { elicitation: { form: { applyDefaults: true } } } : {},
        ...(modern || options.knownModern ? { versionNegotiation: { mode: "auto" as const } } : {}),
      },
    );
    if (options.elicitation)
      client.setRequestHandler("elicitation/create", async (request) => ({
        action: "accept" as const,
        content:
          "requestedSchema" in request.params &&
          Object.hasOwn(request.params.requestedSchema.properties, "confirmed")
            ? { confirmed: true }
            : {},
      }));
    const auth = options.auth;
    transport = new StreamableHTTPClientTransport(url, {
      ...(auth === undefined ? {} : { authProvider: auth }),
      // As the SDK asks of hosts: a refused token drops the cached discovery (SEP-2352).
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (response.status === 401 && new Headers(init?.headers).has("authorization")) {
          await auth?.invalidateCredentials?.("discovery");
        }
        return response;
      },
    });
    return client;
  };
  const prior = options.knownModern
    ? {
        prior: {
          kind: "modern" as const,
          discover: {
            supportedVersions: ["2026-07-28"],
            capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
            serverInfo: { name: "conformance-mock", version: "1.0.0" },
          },
        },
      }
    : {};
  let client = open();
  for (let round = 0; ; round++) {
    try {
      await client.connect(transport as StreamableHTTPClientTransport, prior);
      break;
    } catch (error) {
      if (round === 2) throw error;
      await finish(error);
      client = open();
    }
  }
  const request = async <T>(work: () => Promise<T>): Promise<T> => {
    for (let round = 0; ; round++) {
      try {
        return await work();
      } catch (error) {
        if (round === 2) throw error;
        await finish(error);
      }
    }
  };
  return { client, request };
}

async function callTools(
  options: Parameters<typeof connect>[0],
  argumentsFor: (name: string) => Record<string, unknown> | undefined = () => ({}),
): Promise<void> {
  const { client, request } = await connect(options);
  const { tools } = await request(() => client.listTools());
  for (const tool of tools) {
    const input = argumentsFor(tool.name);
    if (input === undefined) continue;
    await request(() => client.callTool({ name: tool.name, arguments: input })).catch(
      (error: unknown) => console.error(`${tool.name}: ${String(error)}`),
    );
  }
  await client.close();
}

const toolCalls = new Map(
  (
    (context.toolCalls ?? []) as unknown as { name: string; arguments: Record<string, unknown> }[]
  ).map((call) => [call.name, call.arguments]),
);

const handlers: Record<string, () => Promise<void>> = {
  initialize: () => callTools({}, () => undefined),
  "request-metadata": () => callTools({}, () => undefined),
  "json-schema-ref-no-deref": () => callTools({}, () => undefined),
  tools_call: () => callTools({}, (name) => (name === "add_numbers" ? { a: 5, b: 3 } : undefined)),
  "elicitation-sep1034-client-defaults": () => callTools({ elicitation: true }),
  "http-custom-headers": () => callTools({ knownModern: true }, (name) => toolCalls.get(name)),
  "http-invalid-tool-headers": () =>
    callTools({ knownModern: true }, () => ({ region: "us-west1" })),
  "http-standard-headers": () => callTools({ knownModern: true }),
  "sep-2322-client-request-state": () => callTools({ knownModern: true, elicitation: true }),
  "json-schema-2020-12-preservation": async () => {
    const { client } = await connect({});
    const { tools } = await client.listTools();
    const focal = tools.find((tool) => tool.name === "json_schema_2020_12_tool");
    await client.callTool({ name: "json_schema_echo", arguments: { schema: focal?.inputSchema } });
    await client.close();
  },
  "auth/pre-registration": () =>
    callTools({
      auth: new HeadlessProvider({
        client_id: context.client_id ?? "",
        client_secret: context.client_secret ?? "",
      }),
    }),
  "auth/client-credentials-basic": () =>
    callTools({
      auth: new ClientCredentialsProvider({
        clientId: context.client_id ?? "",
        clientSecret: context.client_secret ?? "",
      }),
    }),
  "auth/client-credentials-jwt": () =>
    callTools({
      auth: new PrivateKeyJwtProvider({
        clientId: context.client_id ?? "",
        privateKey: context.private_key_pem ?? "",
        algorithm: context.signing_algorithm ?? "ES256",
      }),
    }),
  "auth/enterprise-managed-authorization": () =>
    callTools({
      auth: new CrossAppAccessProvider({
        clientId: context.client_id ?? "",
        clientSecret: context.client_secret ?? "",
        assertion: async ({ authorizationServerUrl, resourceUrl, fetchFn }) =>
          (
            await requestJwtAuthorizationGrant({
              tokenEndpoint: context.idp_token_endpoint ?? "",
              audience: authorizationServerUrl,
              resource: resourceUrl,
              idToken: context.idp_id_token ?? "",
              clientId: context.idp_client_id ?? "",
              fetchFn,
            })
          ).jwtAuthGrant,
      }),
    }),
};

const handler =
  handlers[scenario] ??
  (scenario.startsWith("auth/")
    ? () => callTools({ auth: new HeadlessProvider() })
    : () => callTools({}));
try {
  await handler();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
