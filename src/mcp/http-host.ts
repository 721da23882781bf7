import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import {
  bearerMatches,
  defaultAllowedHosts,
  defaultAllowedOrigins,
  hostAllowed,
  originAllowed,
} from "./http-guards.js";
import { createMcpServer, type McpServerInfo } from "./mcp-server.js";
import type { McpServerHandle } from "./serve-mcp-options.js";

/** @internal Settled HTTP options (defaults applied, values checked). */
export interface HttpSettings {
  readonly host: string;
  readonly port: number;
  readonly token: string | undefined;
  readonly allowedHosts: readonly string[] | undefined;
  readonly allowedOrigins: readonly string[] | undefined;
  readonly maxBodyBytes: number;
  readonly maxSessions: number;
  readonly sessionIdleMs: number;
}

interface Session {
  readonly server: Server;
  readonly transport: StreamableHTTPServerTransport;
  /** Requests (and SSE streams) still open. */
  open: number;
  lastSeen: number;
}

/** The path MCP's Streamable HTTP transport is served at. */
const mcpPath = "/mcp";

/**
 * @internal Serves a toolbox over Streamable HTTP at `/mcp`: one MCP server and transport per client
 * session (sessions never share state but the toolbox), guarded in this order: path, `Host`, `Origin`,
 * bearer token, session, then the SDK's own checks (body size, content type, protocol version).
 */
export async function serveHttp(
  toolbox: Toolbox,
  info: McpServerInfo,
  settings: HttpSettings,
): Promise<McpServerHandle> {
  const sessions = new Map<string, Session>();
  let opening = 0;
  let allowedHosts: readonly string[] = [];
  let allowedOrigins: readonly string[] = [];

  const openSession = async (request: IncomingMessage, response: ServerResponse) => {
    opening += 1;
    let session: Session | undefined;
    try {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        maxRequestBodySize: settings.maxBodyBytes,
        onsessioninitialized: (id) => {
          if (session !== undefined) sessions.set(id, session);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      const server = createMcpServer(toolbox, info);
      session = { server, transport, open: 0, lastSeen: Date.now() };
      await server.connect(transport);
      await serve(session, request, response);
      // Anything but an initialize request leaves no session behind.
      if (transport.sessionId === undefined) await server.close();
    } finally {
      opening -= 1;
    }
  };

  const serve = (session: Session, request: IncomingMessage, response: ServerResponse) => {
    session.open += 1;
    response.once("close", () => {
      session.open -= 1;
      session.lastSeen = Date.now();
    });
    return session.transport.handleRequest(request, response);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== mcpPath) return reject(response, 404, `Not found: MCP is served at ${mcpPath}`);
    if (!hostAllowed(request.headers.host, allowedHosts)) {
      return reject(response, 403, `Invalid Host header: ${request.headers.host ?? "(none)"}`);
    }
    if (!originAllowed(request.headers.origin, allowedOrigins)) {
      return reject(response, 403, `Invalid Origin header: ${request.headers.origin}`);
    }
    if (
      settings.token !== undefined &&
      !bearerMatches(request.headers.authorization, settings.token)
    ) {
      response.setHeader("WWW-Authenticate", 'Bearer realm="toolwright"');
      return reject(response, 401, "Unauthorized: send Authorization: Bearer <token>");
    }
    const sessionId = request.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (session === undefined) return reject(response, 404, "Session not found", -32001);
      return serve(session, request, response);
    }
    if (request.method !== "POST") {
      return reject(response, 400, "Bad Request: no Mcp-Session-Id; start a session with POST");
    }
    if (sessions.size + opening >= settings.maxSessions) {
      return reject(response, 503, `Too many sessions (${settings.maxSessions}); try again later`);
    }
    return openSession(request, response);
  };

  const httpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) reject(response, 500, `Internal error: ${messageOf(error)}`);
      else response.destroy();
    });
  });
  httpServer.listen(settings.port, settings.host);
  await Promise.race([
    once(httpServer, "listening"),
    once(httpServer, "error").then(([error]) => Promise.reject(error)),
  ]);
  const port = (httpServer.address() as AddressInfo).port;
  allowedHosts = settings.allowedHosts ?? defaultAllowedHosts(settings.host);
  allowedOrigins = settings.allowedOrigins ?? defaultAllowedOrigins(allowedHosts, port);

  // Clients rarely end their session (DELETE); one with nothing open for sessionIdleMs is gone.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const session of sessions.values()) {
        if (session.open === 0 && now - session.lastSeen >= settings.sessionIdleMs) {
          void session.server.close();
        }
      }
    },
    Math.min(settings.sessionIdleMs, 60_000),
  );
  sweep.unref();

  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(sweep);
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.allSettled([...sessions.values()].map((session) => session.server.close()));
      sessions.clear();
      // Open SSE streams would keep close() waiting for clients that never hang up.
      httpServer.closeAllConnections();
      await stopped;
      resolveClosed();
    })();
    return closing;
  };
  const shownHost = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  return { url: `http://${shownHost}:${port}${mcpPath}`, closed, close };
}

function reject(response: ServerResponse, status: number, message: string, code = -32000): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
