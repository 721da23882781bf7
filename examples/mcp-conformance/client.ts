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
import { FileCredentialStore, McpTool, type McpToolOptions } from "../../src/mcp.js";

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

/** Connects, lists the tools and calls each as `argumentsFor` says (skipping those it leaves out). */
async function connectAndCall(
  options: McpToolOptions,
  argumentsFor: (name: string) => Record<string, unknown> | undefined = () => ({}),
): Promise<void> {
  const tool = await McpTool.connect(
    { url },
    { protocolVersion: modern ? "auto" : "legacy", ...options },
  );
  try {
    for (const { name } of tool.activities()) {
      const input = argumentsFor(tool.serverToolName(name) ?? name);
      if (input === undefined) continue;
      const result = await tool.run(name, input);
      console.error(`${name}: ${result.toText().slice(0, 200)}`);
    }
  } finally {
    await tool.close();
  }
}

const scenarios: Record<string, () => Promise<void>> = {
  initialize: () => connectAndCall({}, () => undefined),
  tools_call: () =>
    connectAndCall({}, (name) => (name === "add_numbers" ? { a: 5, b: 3 } : undefined)),
  "json-schema-ref-no-deref": () => connectAndCall({}, () => undefined),
  "auth/pre-registration": () =>
    connectAndCall(
      withLogin({
        clientId: String(context.client_id),
        clientSecret: String(context.client_secret),
      }),
    ),
  "auth/client-credentials-basic": () =>
    connectAndCall(
      withLogin({
        grant: "client_credentials",
        clientId: String(context.client_id),
        clientSecret: String(context.client_secret),
      }),
    ),
};

const run =
  scenarios[scenario] ??
  (scenario.startsWith("auth/") ? () => connectAndCall(withLogin()) : undefined);
if (run === undefined) {
  console.error(`no client behaviour for scenario ${JSON.stringify(scenario)}`);
  process.exit(1);
}
try {
  await run();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
