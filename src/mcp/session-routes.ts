import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { Server } from "@modelcontextprotocol/server";
import type { Toolbox } from "../toolbox/toolbox.js";
import { BoundedEventStore } from "./event-store.js";
import { principalOf } from "./mcp-principal.js";
import { type McpRoutes, type ParsedBody, rejectRequest } from "./mcp-routes.js";
import { createMcpServer, type McpServerInfo } from "./mcp-server.js";
import { isModernRequest, sdkHandler } from "./sdk-handler.js";

/** @internal Settled options of stateful serving (defaults applied, values checked). */
export interface StatefulSettings {
  readonly kind: "stateful";
  /** Most sessions open at once. */
  readonly maxSessions: number;
  /** A session with nothing open for this long is closed. */
  readonly sessionIdleMs: number;
  /** Server-sent events each session keeps for clients that reconnect with `Last-Event-ID`. */
  readonly eventsPerSession: number;
  /** The `retry` (milliseconds) the priming event of each stream tells clients to wait before reconnecting. */
  readonly sseRetryMs: number;
}

interface Session {
  readonly server: Server;
  readonly transport: NodeStreamableHTTPServerTransport;
  /** Requests (and SSE streams) still open. */
  open: number;
  lastSeen: number;
}

/**
 * @internal 2025-era clients get one MCP server and transport per session (sessions never share state
 * but the toolbox): a session starts with a POSTed `initialize` and is named by `Mcp-Session-Id` after
 * that; its streams are resumable (`Last-Event-ID`, from a bounded event store); sessions are capped,
 * and closed on `DELETE`, on idling out, or by `close()`. 2026-07-28 requests, which have no sessions,
 * go to the SDK's per-request entry.
 */
export function sessionRoutes(
  toolbox: Toolbox,
  info: McpServerInfo,
  settings: StatefulSettings & { readonly maxBodyBytes: number },
): McpRoutes {
  const modern = sdkHandler(toolbox, info, {
    legacy: "reject",
    maxBodyBytes: settings.maxBodyBytes,
  });
  const sessions = new Map<string, Session>();
  /** Sessions whose `initialize` arrived whole and is being answered, not yet in `sessions`. */
  let opening = 0;

  const serve = (
    session: Session,
    request: IncomingMessage,
    response: ServerResponse,
    body?: ParsedBody,
  ) => {
    session.open += 1;
    response.once("close", () => {
      session.open -= 1;
      session.lastSeen = Date.now();
    });
    return session.transport.handleRequest(request, response, body?.message);
  };

  const openSession = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: ParsedBody,
  ) => {
    opening += 1;
    let counted = true;
    const uncount = () => {
      if (counted) opening -= 1;
      counted = false;
    };
    let session: Session | undefined;
    try {
      // The id is chosen first: the session's principal (mcp-principal.ts) is named after it.
      const sessionId = randomUUID();
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => sessionId,
        maxRequestBodySize: settings.maxBodyBytes,
        eventStore: new BoundedEventStore(settings.eventsPerSession),
        retryInterval: settings.sseRetryMs,
        onsessioninitialized: (id) => {
          if (session !== undefined) sessions.set(id, session);
          uncount();
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      const principal =
        info.principal === "none" ? undefined : principalOf(info.principal, request, sessionId);
      const server = createMcpServer(toolbox, info, "session", principal);
      session = { server, transport, open: 0, lastSeen: Date.now() };
      await server.connect(transport);
      await serve(session, request, response, body);
      // An initialize the SDK refused (a bad protocol version, …) leaves no session behind.
      if (transport.sessionId === undefined) await server.close();
    } finally {
      uncount();
    }
  };

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

  return {
    async handle(request, response, readJson) {
      const sessionHeader = request.headers["mcp-session-id"];
      const sessionId = typeof sessionHeader === "string" ? sessionHeader : undefined;
      if (sessionId !== undefined && !sessions.has(sessionId)) {
        return rejectRequest(response, 404, "Session not found", { code: -32001 });
      }
      if (request.method !== "POST") {
        if (sessionId === undefined) {
          return rejectRequest(
            response,
            400,
            "Bad Request: no Mcp-Session-Id; start a session with POST",
          );
        }
        return serve(sessions.get(sessionId) as Session, request, response);
      }
      const body = await readJson();
      if (body === undefined) return;
      if (sessionId === undefined && isModernRequest(request, body.message)) {
        return modern.serve(request, response, body.message);
      }
      if (sessionId !== undefined) {
        // The session may have ended while its body arrived.
        const session = sessions.get(sessionId);
        if (session === undefined) {
          return rejectRequest(response, 404, "Session not found", { code: -32001 });
        }
        return serve(session, request, response, body);
      }
      if (!startsSession(body.message)) {
        return rejectRequest(
          response,
          400,
          "Bad Request: no Mcp-Session-Id; start a session with an initialize request",
        );
      }
      if (sessions.size + opening >= settings.maxSessions) {
        return rejectRequest(
          response,
          503,
          `Too many sessions (${settings.maxSessions}); try again later`,
        );
      }
      return openSession(request, response, body);
    },
    async close() {
      clearInterval(sweep);
      await Promise.allSettled([
        modern.close(),
        ...[...sessions.values()].map((session) => session.server.close()),
      ]);
      sessions.clear();
    },
  };
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
