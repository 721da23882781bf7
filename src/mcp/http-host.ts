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
  repeatedHeader,
} from "./http-guards.js";
import { createMcpServer, type McpServerInfo } from "./mcp-server.js";
import { declaredLength, readBody } from "./read-body.js";
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
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
}

interface Session {
  readonly server: Server;
  readonly transport: StreamableHTTPServerTransport;
  /** Requests (and SSE streams) still open. */
  open: number;
  lastSeen: number;
}

/** A parsed JSON body (a wrapper, since `null` is a body too). */
interface Parsed {
  readonly message: unknown;
}

/** The path MCP's Streamable HTTP transport is served at. */
const mcpPath = "/mcp";

/**
 * @internal Serves a toolbox over Streamable HTTP at `/mcp`: one MCP server and transport per client
 * session (sessions never share state but the toolbox), guarded in this order: path, repeated headers,
 * `Host`, `Origin`, bearer token, session, then the body (size and deadline, read here so the SDK never
 * waits on a client), then the SDK's own checks (content type, protocol version).
 */
export async function serveHttp(
  toolbox: Toolbox,
  info: McpServerInfo,
  settings: HttpSettings,
): Promise<McpServerHandle> {
  const sessions = new Map<string, Session>();
  /** Sessions whose `initialize` arrived whole and is being answered, not yet in `sessions`. */
  let opening = 0;
  let allowedHosts: readonly string[] = [];
  let allowedOrigins: readonly string[] = [];

  const openSession = async (request: IncomingMessage, response: ServerResponse, body: Parsed) => {
    opening += 1;
    let counted = true;
    const uncount = () => {
      if (counted) opening -= 1;
      counted = false;
    };
    let session: Session | undefined;
    try {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        maxRequestBodySize: settings.maxBodyBytes,
        onsessioninitialized: (id) => {
          if (session !== undefined) sessions.set(id, session);
          uncount();
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      const server = createMcpServer(toolbox, info);
      session = { server, transport, open: 0, lastSeen: Date.now() };
      await server.connect(transport);
      await serve(session, request, response, body);
      // An initialize the SDK refused (a bad protocol version, …) leaves no session behind.
      if (transport.sessionId === undefined) await server.close();
    } finally {
      uncount();
    }
  };

  const serve = (
    session: Session,
    request: IncomingMessage,
    response: ServerResponse,
    body?: Parsed,
  ) => {
    session.open += 1;
    response.once("close", () => {
      session.open -= 1;
      session.lastSeen = Date.now();
    });
    return session.transport.handleRequest(request, response, body?.message);
  };

  /** The POST body as JSON; on any problem the answer is sent here and the result is undefined. */
  const readJson = async (
    request: IncomingMessage,
    response: ServerResponse,
    expectContinue: boolean,
  ): Promise<Parsed | undefined> => {
    const declared = declaredLength(request);
    if (expectContinue && (declared === undefined || declared <= settings.maxBodyBytes)) {
      response.removeHeader("Connection");
      response.writeContinue();
    }
    const read = await readBody(request, {
      maxBytes: settings.maxBodyBytes,
      timeoutMs: settings.bodyTimeoutMs,
      awaitingContinue: expectContinue,
    });
    switch (read.outcome) {
      case "too-large":
        reject(
          response,
          413,
          `Payload Too Large: the request body must not exceed ${settings.maxBodyBytes} bytes`,
          { close: read.close },
        );
        return undefined;
      case "timeout":
        reject(
          response,
          408,
          `Request Timeout: the body did not arrive within ${settings.bodyTimeoutMs} ms`,
          { close: true },
        );
        return undefined;
      case "aborted":
        response.destroy();
        return undefined;
    }
    try {
      return { message: JSON.parse(read.text) as unknown };
    } catch {
      reject(response, 400, "Parse error: Invalid JSON", { code: -32700 });
      return undefined;
    }
  };

  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    expectContinue: boolean,
  ) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== mcpPath) return reject(response, 404, `Not found: MCP is served at ${mcpPath}`);
    const repeated = repeatedHeader(request.rawHeaders);
    if (repeated !== undefined) {
      return reject(response, 400, `Bad Request: more than one ${repeated} header`);
    }
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
    const sessionHeader = request.headers["mcp-session-id"];
    const sessionId = typeof sessionHeader === "string" ? sessionHeader : undefined;
    if (sessionId !== undefined && !sessions.has(sessionId)) {
      return reject(response, 404, "Session not found", { code: -32001 });
    }
    if (request.method !== "POST") {
      if (sessionId === undefined) {
        return reject(response, 400, "Bad Request: no Mcp-Session-Id; start a session with POST");
      }
      return serve(sessions.get(sessionId) as Session, request, response);
    }
    const body = await readJson(request, response, expectContinue);
    if (body === undefined) return;
    if (sessionId !== undefined) {
      // The session may have ended while its body arrived.
      const session = sessions.get(sessionId);
      if (session === undefined)
        return reject(response, 404, "Session not found", { code: -32001 });
      return serve(session, request, response, body);
    }
    if (!startsSession(body.message)) {
      return reject(
        response,
        400,
        "Bad Request: no Mcp-Session-Id; start a session with an initialize request",
      );
    }
    if (sessions.size + opening >= settings.maxSessions) {
      return reject(response, 503, `Too many sessions (${settings.maxSessions}); try again later`);
    }
    return openSession(request, response, body);
  };

  const dispatch =
    (expectContinue: boolean) => (request: IncomingMessage, response: ServerResponse) => {
      // Refused before "100 Continue", the client never sends its body: the connection cannot be reused.
      if (expectContinue) response.setHeader("Connection", "close");
      handle(request, response, expectContinue).catch((error: unknown) => {
        if (!response.headersSent) reject(response, 500, `Internal error: ${messageOf(error)}`);
        else response.destroy();
      });
    };
  const httpServer = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      // A backstop for bodies nothing here reads (DELETE, GET): ours has its own deadline.
      requestTimeout: settings.headersTimeoutMs + settings.bodyTimeoutMs,
      // Node checks both timeouts only this often (30 s by default), so a short one needs a short period.
      connectionsCheckingInterval: Math.min(
        1_000,
        Math.max(10, Math.floor(settings.headersTimeoutMs / 4)),
      ),
    },
    dispatch(false),
  );
  // Answering `Expect: 100-continue` here lets an oversized body be refused before it is sent.
  httpServer.on("checkContinue", dispatch(true));
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

/** An `initialize` request, alone or in a batch (the SDK refuses one batched with anything else). */
function startsSession(message: unknown): boolean {
  const messages: readonly unknown[] = Array.isArray(message) ? message : [message];
  return messages.some(
    (entry) =>
      typeof entry === "object" &&
      entry !== null &&
      (entry as { method?: unknown }).method === "initialize",
  );
}

function reject(
  response: ServerResponse,
  status: number,
  message: string,
  options: { code?: number; close?: boolean } = {},
): void {
  response.writeHead(status, {
    "Content-Type": "application/json",
    // The connection is not reused: a body is left unread, or the client is too slow to keep.
    ...(options.close === true ? { Connection: "close" } : {}),
  });
  response.end(
    JSON.stringify({ jsonrpc: "2.0", error: { code: options.code ?? -32000, message }, id: null }),
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
