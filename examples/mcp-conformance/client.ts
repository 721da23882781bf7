// An MCP client for the official conformance suite (@modelcontextprotocol/conformance), written only
// with toolwright's public API, the way a user connects a remote MCP server to their agent. The suite
// starts a test server per scenario and runs this file with the server's URL as the last argument,
// the scenario in MCP_CONFORMANCE_SCENARIO and its data in MCP_CONFORMANCE_CONTEXT.
//
//   npm run conformance:client            every client scenario, toolwright beside the SDK's own client
//   node --import tsx examples/mcp-conformance/client.ts http://127.0.0.1:3000/mcp
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CrossAppAccessProvider, requestJwtAuthorizationGrant } from "@modelcontextprotocol/client";
import { Toolbox } from "../../src/index.js";
import {
  FileCredentialStore,
  type McpElicitation,
  type McpElicitationResult,
  McpTool,
  type McpToolOptions,
} from "../../src/mcp.js";

const url = process.argv.at(-1) ?? "";
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Record<string, unknown>;
const modern = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION === "2026-07-28";

// A login that nobody types: the browser step is a script that follows the authorization server's
// redirect back to toolwright's 127.0.0.1 endpoint, as `toolwright mcp login` tests do.
async function followRedirect(authorizationUrl: URL): Promise<void> {
  const answer = await fetch(authorizationUrl, { redirect: "manual" });
  const location = answer.headers.get("location");
  if (location === null) throw new Error(`no redirect from ${authorizationUrl.href}`);
  await fetch(location);
}

function withLogin(extra: McpToolOptions["auth"] = {}): McpToolOptions {
  const folder = mkdtempSync(join(tmpdir(), "toolwright-conformance-"));
  process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
  return {
    auth: {
      interactive: true,
      openUrl: followRedirect,
      store: new FileCredentialStore({ path: join(folder, "mcp-auth.json") }),
      // Used when the authorization server accepts Client ID Metadata Documents (SEP-991).
      clientMetadataUrl: "https://conformance-test.local/client-metadata.json",
      ...extra,
    },
  };
}

/**
 * The person answering a server's questions: they accept every form and fill in nothing, so each
 * field gets the default the form declares (SEP-1034), and a question without defaults gets a
 * plain confirmation.
 */
function acceptDefaults(question: McpElicitation): McpElicitationResult {
  console.error(`server asks: ${question.message}`);
  if (question.mode !== "form") return { action: "decline" };
  const fields = Object.keys(question.requestedSchema?.properties ?? {});
  return { action: "accept", content: fields.includes("confirmed") ? { confirmed: true } : {} };
}

/**
 * Connects, lists the tools and calls each as `argumentsFor` says (skipping those it leaves out),
 * through a Toolbox: the path a model's calls take, with toolwright's decoding and repairs.
 */
async function connectAndCall(
  options: McpToolOptions,
  argumentsFor: (name: string) => Record<string, unknown> | undefined = () => ({}),
): Promise<void> {
  const tool = await McpTool.connect(
    { url },
    { protocolVersion: modern ? "auto" : "legacy", onElicit: acceptDefaults, ...options },
  );
  try {
    const toolbox = new Toolbox([tool]);
    for (const { name } of tool.activities()) {
      const input = argumentsFor(tool.serverToolName(name) ?? name);
      if (input === undefined) continue;
      const { artifact } = await toolbox.execute({
        name: toolbox.nativeName(tool, name),
        arguments: input,
      });
      console.error(`${name}: ${artifact.toText().slice(0, 200)}`);
    }
  } finally {
    await tool.close();
  }
}

/**
 * The suite's 2026-07-28 mocks answer neither `server/discover` nor `initialize`: the client is
 * told what a discovery would have said, as a host that cached it from an earlier connection does.
 */
const knownModernServer: McpToolOptions = {
  prior: {
    kind: "modern",
    discover: {
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
      serverInfo: { name: "conformance-mock", version: "1.0.0" },
    },
  },
};

/** The calls the suite asks for in MCP_CONFORMANCE_CONTEXT (`toolCalls`), by tool name. */
const requestedCalls = new Map(
  ((context.toolCalls ?? []) as { name: string; arguments: Record<string, unknown> }[]).map(
    (call) => [call.name, call.arguments],
  ),
);

const scenarios: Record<string, () => Promise<void>> = {
  initialize: () => connectAndCall({}, () => undefined),
  "request-metadata": () => connectAndCall({}, () => undefined),
  "json-schema-ref-no-deref": () => connectAndCall({}, () => undefined),
  tools_call: () =>
    connectAndCall({}, (name) => (name === "add_numbers" ? { a: 5, b: 3 } : undefined)),
  "http-custom-headers": () =>
    connectAndCall(knownModernServer, (name) => requestedCalls.get(name)),
  "http-invalid-tool-headers": () =>
    connectAndCall(knownModernServer, () => ({ region: "us-west1" })),
  "http-standard-headers": () => connectAndCall(knownModernServer),
  "sep-2322-client-request-state": () => connectAndCall(knownModernServer),
  "json-schema-2020-12-preservation": echoObservedSchema,
  "auth/pre-registration": () =>
    connectAndCall(
      withLogin({
        clientId: String(context.client_id),
        clientSecret: String(context.client_secret),
      }),
    ),
  "auth/client-credentials-jwt": () =>
    connectAndCall(
      withLogin({
        grant: "client_credentials",
        clientId: String(context.client_id),
        privateKey: String(context.private_key_pem),
        signingAlgorithm: String(context.signing_algorithm ?? "ES256"),
      }),
    ),
  "auth/wif-jwt-bearer": () =>
    connectAndCall(
      withLogin({
        grant: "jwt_bearer",
        clientId: String(context.client_id),
        assertion: String(context.valid_jwt),
      }),
    ),
  "auth/enterprise-managed-authorization": crossAppAccess,
  "auth/dpop": () => connectAndCall(withLogin({ dpop: true })),
  "auth/dpop-nonce": () => connectAndCall(withLogin({ dpop: true })),
  "auth/client-credentials-basic": () =>
    connectAndCall(
      withLogin({
        grant: "client_credentials",
        clientId: String(context.client_id),
        clientSecret: String(context.client_secret),
      }),
    ),
};

/**
 * Enterprise-managed authorization (SEP-990) with the official SDK's own provider, which `auth`
 * takes as it is: the IdP's ID token becomes an ID-JAG, exchanged for an access token.
 */
async function crossAppAccess(): Promise<void> {
  const auth = new CrossAppAccessProvider({
    clientId: String(context.client_id),
    clientSecret: String(context.client_secret),
    assertion: async ({ authorizationServerUrl, resourceUrl, fetchFn }) => {
      const grant = await requestJwtAuthorizationGrant({
        tokenEndpoint: String(context.idp_token_endpoint),
        audience: authorizationServerUrl,
        resource: resourceUrl,
        idToken: String(context.idp_id_token),
        clientId: String(context.idp_client_id),
        fetchFn,
      });
      return grant.jwtAuthGrant;
    },
  });
  await connectAndCall({ auth });
}

/** Hands the input schema McpTool read from the server back to it, to show nothing was lost. */
async function echoObservedSchema(): Promise<void> {
  const tool = await McpTool.connect({ url }, { protocolVersion: modern ? "auto" : "legacy" });
  try {
    const result = await tool.run("json_schema_echo", {
      schema: tool.serverTool("json_schema_2020_12_tool")?.inputSchema,
    });
    console.error(result.toText().slice(0, 500));
  } finally {
    await tool.close();
  }
}

const run =
  scenarios[scenario] ??
  (scenario.startsWith("auth/") ? () => connectAndCall(withLogin()) : () => connectAndCall({}));
try {
  await run();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
