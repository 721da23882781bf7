import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { McpConfigError } from "../errors/mcp-config-error.js";
import { packageVersion } from "../internal/package-version.js";
import { Toolbox } from "../toolbox/toolbox.js";
import { type HttpSettings, serveHttp } from "./http-host.js";
import { createMcpServer, type McpServerInfo } from "./mcp-server.js";
import type {
  HttpServeOptions,
  McpServerHandle,
  ServeMcpOptions,
  StdioServeOptions,
} from "./serve-mcp-options.js";

const subject = "serveMcp";

/**
 * Serves a toolbox as an MCP server, over stdio or Streamable HTTP (at `/mcp`), and resolves once it
 * is serving. Tools are listed under their native names with the MCP dialect's `inputSchema` and
 * annotations; calls run through the toolbox's tolerant pipeline, so invalid input comes back as an
 * `isError` result the model can fix, while an unknown tool is a protocol error (-32602). Artifacts
 * become MCP content (JSON → `structuredContent`, images → image blocks, memory references →
 * `resource_link`) and the task memory's namespaces are readable resources.
 *
 * @example
 * ```ts
 * import { serveMcp } from "toolwright/mcp";
 * const server = await serveMcp(new Toolbox([new CalculatorTool()]), { transport: "http", port: 0 });
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
  const info: McpServerInfo = {
    name: checkText(options.name, "name") ?? "toolwright",
    version: checkText(options.version, "version") ?? packageVersion(),
    instructions: checkText(options.instructions, "instructions"),
  };
  // Compiling once now turns a schema MCP cannot carry into an error here, not in a client's session.
  toolbox.toProviderTools("mcp");
  if (options.transport === "stdio") return serveStdio(toolbox, info, options);
  if (options.transport === "http") return serveHttp(toolbox, info, httpSettings(options));
  throw new McpConfigError({
    subject,
    option: "transport",
    message: `must be "stdio" or "http"; got ${JSON.stringify((options as { transport?: unknown }).transport)}`,
  });
}

async function serveStdio(
  toolbox: Toolbox,
  info: McpServerInfo,
  options: StdioServeOptions,
): Promise<McpServerHandle> {
  const stdin = options.stdin ?? process.stdin;
  const server = createMcpServer(toolbox, info);
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stdin.off("end", onEnd);
      await server.close();
      resolveClosed();
    })();
    return closing;
  };
  // The client hanging up (stdin at its end) ends the server, so a stdio process can exit.
  const onEnd = () => void close();
  await server.connect(new StdioServerTransport(stdin, options.stdout ?? process.stdout));
  stdin.once("end", onEnd);
  return { closed, close };
}

function httpSettings(options: HttpServeOptions): HttpSettings {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    fail("port", `must be an integer from 0 to 65535; got ${String(port)}`);
  }
  const token = options.token;
  if (token !== undefined && (typeof token !== "string" || token.trim() === "")) {
    fail("token", "must be a non-empty string (or left out)");
  }
  return {
    host: checkText(options.host, "host") ?? "127.0.0.1",
    port,
    token,
    allowedHosts: checkList(options.allowedHosts, "allowedHosts"),
    allowedOrigins: checkList(options.allowedOrigins, "allowedOrigins"),
    maxBodyBytes: checkPositive(options.maxBodyBytes, "maxBodyBytes") ?? 4 * 1024 * 1024,
    maxSessions: checkPositive(options.maxSessions, "maxSessions") ?? 256,
    sessionIdleMs: checkPositive(options.sessionIdleMs, "sessionIdleMs") ?? 30 * 60_000,
  };
}

function checkText(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") {
    fail(option, `must be a non-empty string; got ${JSON.stringify(value)}`);
  }
  return value as string;
}

function checkList(value: unknown, option: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item === "")) {
    fail(option, "must be an array of non-empty strings");
  }
  return value as readonly string[];
}

function checkPositive(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    fail(option, `must be a positive integer; got ${String(value)}`);
  }
  return value as number;
}

function fail(option: string, message: string): never {
  throw new McpConfigError({ subject, option, message });
}
