import { basename } from "node:path";
import {
  type FetchLike,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { McpConfigError } from "../errors/mcp-config-error.js";
import { callScopedFetch } from "./call-scoped-fetch.js";
import type { McpHttpTarget, McpServerTarget, McpStdioTarget } from "./mcp-connection.js";

const subject = "McpTool.connect";
const stderrKeep = 4_000;

/** @internal A transport for a target, what to call the server in messages, and its stderr's end. */
export interface ClientTransport {
  readonly transport: Transport;
  readonly label: string;
  stderrTail(): string;
}

/** @internal The target's URL, checked (http or https), or `undefined` for a stdio target. */
export function targetUrl(target: McpServerTarget): URL | undefined {
  if (!("url" in target) || target.url === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new McpConfigError({
      subject,
      option: "url",
      message: `is not a URL; got ${JSON.stringify(String(target.url))}`,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new McpConfigError({ subject, option: "url", message: "must be an http: or https: URL" });
  }
  return url;
}

/** @internal Starts a stdio server's transport (not yet its process: `connect` does that). */
export function stdioTransport(target: McpStdioTarget): ClientTransport {
  const args = target.args ?? [];
  const stderr = target.stderr ?? "pipe";
  const transport = new StdioClientTransport({
    command: target.command,
    args: [...args],
    ...(target.env === undefined ? {} : { env: { ...target.env } }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    stderr,
  });
  let tail = "";
  // Reading the pipe also keeps a chatty server from blocking on a full stderr buffer.
  transport.stderr?.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-stderrKeep);
  });
  const label = [target.command, ...args]
    .map((part, index) => (index < 2 && part.includes("/") ? basename(part) : part))
    .join(" ");
  return { transport, label, stderrTail: () => tail };
}

/**
 * A token the server no longer accepts may mean it moved to another authorization server: the
 * discovery kept from the last login is dropped before the SDK re-authorizes, so it reads the
 * server's metadata again (SEP-2352; the SDK leaves this to the host).
 */
function forgetDiscoveryOn401(base: FetchLike, auth: OAuthClientProvider): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.status === 401 && new Headers(init?.headers).has("authorization")) {
      await auth.invalidateCredentials?.("discovery");
    }
    return response;
  };
}

/** @internal A Streamable HTTP transport to `url`, authorized by `auth` when given. */
export function httpTransport(
  url: URL,
  target: McpHttpTarget,
  auth: OAuthClientProvider | undefined,
): ClientTransport & { readonly transport: StreamableHTTPClientTransport } {
  const headers = target.headers === undefined ? undefined : { ...target.headers };
  const transport = new StreamableHTTPClientTransport(url, {
    ...(headers === undefined ? {} : { requestInit: { headers } }),
    ...(auth === undefined ? {} : { authProvider: auth }),
    // A cancelled call's POST closes too: the only cancellation a stateless server can see.
    fetch: auth === undefined ? callScopedFetch() : forgetDiscoveryOn401(callScopedFetch(), auth),
    // A stream the server ends on purpose (polling, SEP-1699) is resumed with Last-Event-ID after
    // the server's `retry`, a few times; a server that is gone is found by the ping in
    // `mcp-connection.ts` rather than waited for here.
    reconnectionOptions: {
      maxRetries: 3,
      initialReconnectionDelay: 1_000,
      maxReconnectionDelay: 5_000,
      reconnectionDelayGrowFactor: 1.5,
    },
  });
  const shown = new URL(url);
  shown.username = "";
  shown.password = "";
  return { transport, label: shown.href, stderrTail: () => "" };
}
