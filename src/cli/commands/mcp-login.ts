import {
  credentialKey,
  FileCredentialStore,
  type McpStoredCredentials,
} from "../../mcp/auth/credential-store.js";
import { McpTool } from "../../mcp/mcp-tool.js";
import { CliError } from "../cli-error.js";
import { requireCommandPackages } from "../command-packages.js";
import { type CliOutput, paint, progress, say, table, warn } from "../output.js";

/** @internal Options every `toolwright mcp` command takes. */
export interface McpAuthFileOptions {
  /** The credential file; the per-user default when absent. */
  readonly authFile?: string | undefined;
}

/** @internal `toolwright mcp login <url>`'s options. */
export interface McpLoginOptions extends McpAuthFileOptions {
  readonly scope?: string | undefined;
  readonly clientId?: string | undefined;
  readonly clientSecret?: string | undefined;
  readonly port?: number | undefined;
  readonly browser: boolean;
  readonly timeoutMs?: number | undefined;
}

const store = (options: McpAuthFileOptions) =>
  new FileCredentialStore(options.authFile === undefined ? {} : { path: options.authFile });

/**
 * @internal `toolwright mcp login <url>`: signs in to a protected MCP server (the browser, or the
 * printed address, and a redirect to 127.0.0.1), keeps the login in the credential file and checks
 * it by listing the server's tools.
 */
export async function mcpLoginCommand(
  url: string,
  options: McpLoginOptions,
  output: CliOutput,
): Promise<number> {
  requireCommandPackages("mcp login", undefined, ["@modelcontextprotocol/client"]);
  const credentials = store(options);
  progress(output, `signing in to ${url} (logins are kept in ${credentials.path})`);
  const tool = await McpTool.connect(
    { url },
    {
      auth: {
        interactive: true,
        store: credentials,
        scope: options.scope,
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        redirectPort: options.port,
        authorizationTimeoutMs: options.timeoutMs,
        // Without a browser the address is only printed; stdout stays for results.
        ...(options.browser
          ? {}
          : {
              openUrl: (address: URL) =>
                warn(output, `To authorize, open this address in a browser:\n  ${address.href}`),
            }),
      },
    },
  );
  try {
    const count = tool.activities().length;
    say(output, `logged in to ${url}: ${count} tool${count === 1 ? "" : "s"}`);
  } finally {
    await tool.close();
  }
  return 0;
}

/** @internal `toolwright mcp logout <url>`: forgets the server's login. */
export async function mcpLogoutCommand(
  url: string,
  options: McpAuthFileOptions,
  output: CliOutput,
): Promise<number> {
  if (!(await store(options).delete(credentialKey(url)))) {
    throw new CliError(`no login is stored for ${url}`, { exitCode: 1 });
  }
  say(output, `logged out of ${url}`);
  return 0;
}

/** @internal `toolwright mcp list`: the servers with a stored login, and how fresh each is. */
export async function mcpListCommand(
  options: McpAuthFileOptions & { json: boolean },
  output: CliOutput,
): Promise<number> {
  const credentials = store(options);
  const servers = await credentials.list();
  const rows = await Promise.all(
    servers.map(async (server) => ({ server, ...describe(await credentials.load(server)) })),
  );
  if (options.json) {
    say(output, JSON.stringify(rows, null, 2));
    return 0;
  }
  if (rows.length === 0) {
    warn(
      output,
      `no MCP logins in ${credentials.path}; add one with \`toolwright mcp login <url>\``,
    );
    return 0;
  }
  const lines = table([
    ["server", "access", "refresh", "scope"],
    ...rows.map((row) => [row.server, row.access, row.refresh ? "yes" : "no", row.scope ?? ""]),
  ]);
  say(output, paint("bold", lines[0] as string, output.stdout));
  for (const line of lines.slice(1)) say(output, line);
  return 0;
}

function describe(saved: McpStoredCredentials | undefined) {
  const tokens = saved?.tokens;
  const expiresAt =
    tokens?.expires_in === undefined || saved?.tokensSavedAt === undefined
      ? undefined
      : saved.tokensSavedAt + tokens.expires_in * 1000;
  const access =
    tokens === undefined
      ? "none"
      : expiresAt === undefined
        ? "valid (no expiry given)"
        : expiresAt <= Date.now()
          ? "expired"
          : `valid until ${new Date(expiresAt).toISOString()}`;
  return { access, refresh: tokens?.refresh_token !== undefined, scope: tokens?.scope };
}
