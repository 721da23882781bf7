// The serve-load scenario's yardstick: a plain server on the official SDK (v2, `@modelcontextprotocol/
// server` and `/node`) doing the same work as serveMcp's: one tool adding two numbers (zod input), over
// Streamable HTTP on 127.0.0.1, behind the same checks a careful deployment has (path, bearer token,
// Host). Sessions for 2025-era clients on the SDK's Node transport (its serving guide), or stateless:
// `createMcpHandler`, a fresh server per request, for 2025 and 2026-07-28 clients alike.
import { randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  localhostHostValidation,
  type NodeIncomingMessageLike,
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import { createMcpHandler, isInitializeRequest, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

function loadServer(): McpServer {
  const server = new McpServer({ name: "sdk-load", version: "1.0.0" });
  server.registerTool(
    "LoadTool_add",
    {
      description: "Adds two numbers",
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
  );
  return server;
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }));
}

/** Starts the SDK server; resolves to its URL and a way to stop it. */
export async function startSdkServer(options: {
  readonly token: string;
  readonly stateless: boolean;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const expected = Buffer.from(`Bearer ${options.token}`);
  const validHost = localhostHostValidation();
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const stateless = createMcpHandler(loadServer);
  const serveStateless = toNodeHandler(stateless);

  const serveSession = async (request: IncomingMessage, response: ServerResponse) => {
    const id = request.headers["mcp-session-id"];
    const known = typeof id === "string" ? sessions.get(id) : undefined;
    if (request.method !== "POST") {
      if (known === undefined) return refuse(response, 404, "Session not found");
      return known.handleRequest(request, response);
    }
    let text = "";
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text) as unknown;
    if (known !== undefined) return known.handleRequest(request, response, body);
    if (!isInitializeRequest(body)) return refuse(response, 400, "No session");
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await loadServer().connect(transport);
    return transport.handleRequest(request, response, body);
  };

  const http = createServer((request, response) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/mcp") {
      return refuse(response, 404, "Not found");
    }
    if (!validHost(request, response)) return;
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refuse(response, 401, "Unauthorized");
    }
    const served = options.stateless
      ? serveStateless(request as NodeIncomingMessageLike, response)
      : serveSession(request, response);
    served.catch(() => {
      if (!response.headersSent) refuse(response, 500, "Internal error");
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await stateless.close();
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
