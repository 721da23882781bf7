import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import type { Toolbox } from "../toolbox/toolbox.js";
import { closingHandle } from "./closing-handle.js";
import {
  bearerMatches,
  defaultAllowedHosts,
  defaultAllowedOrigins,
  type HttpAccess,
  headerProblem,
} from "./http-guards.js";
import { type McpRoutes, type ParsedBody, rejectRequest as reject } from "./mcp-routes.js";
import type { McpServerInfo } from "./mcp-server.js";
import { declaredLength, readBody } from "./read-body.js";
import type { McpServerHandle } from "./serve-mcp-options.js";
import { type StatefulSettings, sessionRoutes } from "./session-routes.js";
import { type StatelessSettings, statelessRoutes } from "./stateless-routes.js";

/** @internal Settled HTTP options (defaults applied, values checked). */
export interface HttpSettings extends HttpAccess {
  readonly maxBodyBytes: number;
  /** One MCP server per client session, or one per request. */
  readonly sessions: StatefulSettings | StatelessSettings;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
}

/** How long `close()` waits for the answers of calls it aborted before it closes every connection. */
const closeGraceMs = 1_000;

/** The path MCP's Streamable HTTP transport is served at. */
const mcpPath = "/mcp";

/**
 * @internal Serves a toolbox over Streamable HTTP at `/mcp`: one MCP server and transport per client
 * session, or per request when stateless (either way sharing nothing but the toolbox), guarded in this
 * order: path, repeated headers, `Host`, `Origin`, bearer token, then the routes' own checks (session,
 * method), then the body (size and deadline, read here so the SDK never waits on a client), then the
 * SDK's own checks (content type, protocol version).
 */
export async function serveHttp(
  toolbox: Toolbox,
  info: McpServerInfo,
  settings: HttpSettings,
  shutdown: AbortController,
): Promise<McpServerHandle> {
  const routes: McpRoutes =
    settings.sessions.kind === "stateless"
      ? statelessRoutes(toolbox, info, settings)
      : sessionRoutes(toolbox, info, { ...settings.sessions, maxBodyBytes: settings.maxBodyBytes });
  let allowedHosts: readonly string[] = [];
  let allowedOrigins: readonly string[] = [];

  /** The POST body as JSON; on any problem the answer is sent here and the result is undefined. */
  const readJson = async (
    request: IncomingMessage,
    response: ServerResponse,
    expectContinue: boolean,
  ): Promise<ParsedBody | undefined> => {
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

  /** POST responses still open: `close()` lets calls in flight answer before it cuts connections. */
  const open = new Set<ServerResponse>();
  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    expectContinue: boolean,
  ) => {
    // Clients send the bare path; anything else is parsed as a URL (query, dot segments, escapes).
    const path =
      request.url === mcpPath ? mcpPath : new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== mcpPath) return reject(response, 404, `Not found: MCP is served at ${mcpPath}`);
    const problem = headerProblem(request, allowedHosts, allowedOrigins);
    if (problem !== undefined) return reject(response, problem.status, problem.message);
    if (
      settings.token !== undefined &&
      !bearerMatches(request.headers.authorization, settings.token)
    ) {
      response.setHeader("WWW-Authenticate", 'Bearer realm="toolwright"');
      return reject(response, 401, "Unauthorized: send Authorization: Bearer <token>");
    }
    return routes.handle(request, response, () => readJson(request, response, expectContinue));
  };

  const dispatch =
    (expectContinue: boolean) => (request: IncomingMessage, response: ServerResponse) => {
      // Refused before "100 Continue", the client never sends its body: the connection cannot be reused.
      if (expectContinue) response.setHeader("Connection", "close");
      // A POST answers one message or batch; GET streams stay open until closed, so they are not awaited.
      if (request.method === "POST") {
        open.add(response);
        response.once("close", () => open.delete(response));
      }
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
  try {
    await Promise.race([
      once(httpServer, "listening"),
      once(httpServer, "error").then(([error]) => Promise.reject(error)),
    ]);
  } catch (error) {
    await routes.close();
    throw error;
  }
  const port = (httpServer.address() as AddressInfo).port;
  allowedHosts = settings.allowedHosts ?? defaultAllowedHosts(settings.host);
  allowedOrigins = settings.allowedOrigins ?? defaultAllowedOrigins(allowedHosts, port);

  const ending = closingHandle(async () => {
    const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    // Calls in flight see the abort and answer with an error; streams that stay open do not wait.
    shutdown.abort();
    await Promise.race([
      Promise.allSettled([...open].map((response) => once(response, "close"))),
      delay(closeGraceMs, undefined, { ref: false }),
    ]);
    await routes.close();
    // Open SSE streams would keep close() waiting for clients that never hang up.
    httpServer.closeAllConnections();
    await stopped;
  });
  const shownHost = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  return { url: `http://${shownHost}:${port}${mcpPath}`, ...ending, notify: info.changes };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
