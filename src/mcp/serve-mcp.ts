import { McpConfigError } from "../errors/mcp-config-error.js";
import { loadPackage, requirePackage } from "../internal/optional-package.js";
import { packageVersion } from "../internal/package-version.js";
import { Toolbox } from "../toolbox/toolbox.js";
import { ChangeFeed } from "./change-feed.js";
import { closingHandle } from "./closing-handle.js";
import { isLoopbackHost } from "./http-guards.js";
import type { HttpSettings } from "./http-host.js";
import { checkServeOptions } from "./mcp-option-rules.js";
import type { McpServerInfo } from "./mcp-server.js";
import type {
  HttpServeOptions,
  McpReceiptOptions,
  McpServerHandle,
  ServeMcpOptions,
  StdioServeOptions,
} from "./serve-mcp-options.js";

const subject = "serveMcp";
/** 2 MiB: JSON.parse of the worst such body (all distinct keys) takes about 0.1 s on a small VM. */
const defaultMaxBodyBytes = 2 * 1024 * 1024;
const serverSdk = "@modelcontextprotocol/server";
const nodeSdk = "@modelcontextprotocol/node";

/**
 * Serves a toolbox as an MCP server, over stdio or Streamable HTTP (at `/mcp`), and resolves once it
 * is serving. Tools are listed under their native names with the MCP dialect's `inputSchema` and
 * annotations; calls run through the toolbox's tolerant pipeline, so invalid input comes back as an
 * `isError` result the model can fix, while an unknown tool is a protocol error (-32602). Artifacts
 * become MCP content (JSON → `structuredContent`, images → image blocks, memory references →
 * `resource_link`) and the task memory's namespaces are readable resources. Over HTTP a `host` other
 * than loopback needs a `token` (`McpConfigError` otherwise); bodies, headers and sessions are bounded
 * (`maxBodyBytes`, `headersTimeoutMs`, `bodyTimeoutMs`, `maxSessions`). With `sessions: "stateless"`
 * each request gets a server of its own and no session id, so replicas behind a load balancer can
 * serve one client.
 *
 * @example
 * ```ts
 * import { serveMcp } from "toolwright/mcp";
 * const server = await serveMcp(new Toolbox([new CalculatorTool()]), { transport: "http", port: 0, token });
 * console.error(`listening on ${server.url}`); // http://127.0.0.1:<port>/mcp
 * ```
 */
export async function serveMcp(
  toolbox: Toolbox,
  options: ServeMcpOptions = { transport: "stdio" },
): Promise<McpServerHandle> {
  if (!(toolbox instanceof Toolbox)) {
    throw new McpConfigError({ subject, option: "toolbox", message: "must be a Toolbox" });
  }
  checkServeOptions(options);
  const settings = options.transport === "http" ? httpSettings(options) : undefined;
  // The SDK loads only now, so `toolwright/mcp` imports without it and a missing SDK is named here.
  requirePackage(subject, serverSdk);
  const [{ catalogOf }, { roundStateCodec }, { TaskRunner, taskSettings }] = await loadPackage(
    subject,
    serverSdk,
    () =>
      Promise.all([
        import("./served-catalog.js"),
        import("./state-codec.js"),
        import("./tasks/task-runner.js"),
      ]),
  );
  const shutdown = new AbortController();
  const info: McpServerInfo = {
    name: options.name ?? "toolwright",
    version: options.version ?? packageVersion(),
    instructions: options.instructions,
    shutdown: shutdown.signal,
    changes: new ChangeFeed(),
    stateCodec: roundStateCodec(options.stateKey),
    naming: options.naming ?? "native",
    principal: options.transport === "http" ? options.principal : "none",
    tasks: new TaskRunner(taskSettings(toolbox, options.tasks), shutdown.signal),
    receipts: options.receipts ?? ownReceipts(toolbox),
  };
  // Listing once now turns what MCP cannot carry into an error here, not in a client's session.
  const catalog = catalogOf(toolbox, info.naming);
  // Clients over HTTP must drop a tool with broken x-mcp-header declarations (SEP-2243); stdio
  // clients may ignore the annotation.
  const problem =
    catalog.problems[0] ??
    (settings === undefined
      ? undefined
      : catalog.headerProblems.map((text) => `${text} (HTTP clients would drop the tool)`)[0]);
  if (problem !== undefined) {
    throw new McpConfigError({ subject, option: "toolbox", message: problem });
  }
  if (settings === undefined) {
    return serveStdio(toolbox, info, options as StdioServeOptions, shutdown);
  }
  requirePackage(subject, nodeSdk);
  const { serveHttp } = await loadPackage(subject, serverSdk, () => import("./http-host.js"));
  return serveHttp(toolbox, info, settings, shutdown);
}

async function serveStdio(
  toolbox: Toolbox,
  info: McpServerInfo,
  options: StdioServeOptions,
  shutdown: AbortController,
): Promise<McpServerHandle> {
  const [{ createMcpServer }, stdio] = await loadPackage(subject, serverSdk, () =>
    Promise.all([import("./mcp-server.js"), import("@modelcontextprotocol/server/stdio")]),
  );
  const stdin = options.stdin ?? process.stdin;
  const transport = new stdio.StdioServerTransport(stdin, options.stdout ?? process.stdout);
  // The SDK's entry decides the revision from the client's first message: `initialize` pins a 2025-era
  // server for the connection, a 2026-07-28 request is answered per request.
  const kindOf = (era: "legacy" | "modern") => (era === "modern" ? "round" : "session");
  const served = stdio.serveStdio(
    // One client per process: it has the default space of task memory, as before principals existed.
    (context) => createMcpServer(toolbox, info, kindOf(context.era), undefined),
    {
      transport,
    },
  );
  const handle = closingHandle(async () => {
    stdin.off("end", onEnd);
    shutdown.abort();
    await served.close();
  });
  // The client hanging up (stdin at its end) ends the server, so a stdio process can exit.
  const onEnd = () => void handle.close();
  stdin.once("end", onEnd);
  return { ...handle, notify: info.changes };
}

/** The toolbox's receipt store, scoped per client by the server rather than the toolbox's one scope. */
function ownReceipts(toolbox: Toolbox): McpReceiptOptions | undefined {
  const own = toolbox.receipts;
  if (own === undefined) return undefined;
  const { scope: _shared, ...rest } = own;
  return rest;
}

function httpSettings(options: HttpServeOptions): HttpSettings {
  // Types and ranges were checked with the other options (`mcp-option-rules.ts`).
  const host = options.host ?? "127.0.0.1";
  if (options.token === undefined && !isLoopbackHost(host)) {
    throw new McpConfigError({
      subject,
      option: "token",
      message: `is required when "host" is not a loopback address (got ${JSON.stringify(host)}): anyone who can reach the port could call the tools`,
    });
  }
  return {
    host,
    port: options.port ?? 0,
    token: options.token,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    sessions:
      options.sessions === "stateless"
        ? { kind: "stateless" }
        : {
            kind: "stateful",
            maxSessions: options.maxSessions ?? 256,
            sessionIdleMs: options.sessionIdleMs ?? 30 * 60_000,
            eventsPerSession: options.streamEvents ?? 1_000,
            sseRetryMs: options.sseRetryMs ?? 2_000,
          },
    headersTimeoutMs: options.headersTimeoutMs ?? 10_000,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 30_000,
  };
}
