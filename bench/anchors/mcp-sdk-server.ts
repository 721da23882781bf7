// The serve-load scenario's yardstick: a plain server on the official SDK (v2, `@modelcontextprotocol/
// server` and `/node`) doing the same work as serveMcp's: one tool adding two numbers (zod input), over
// Streamable HTTP on 127.0.0.1, behind the checks the SDK's own node:http example composes (Host and
// Origin) plus the ones serveMcp has too (path, bearer token, a 2 MiB body limit). Sessions for
// 2025-era clients on the SDK's Node transport (its serving guide), with 2026-07-28 requests routed
// to `createMcpHandler` as serveMcp routes them; or stateless: `createMcpHandler` alone, a fresh
// server per request, for 2025 and 2026-07-28 clients alike.
import { randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  localhostHostValidation,
  localhostOriginValidation,
  type NodeIncomingMessageLike,
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import {
  classifyInboundRequest,
  createMcpHandler,
  isInitializeRequest,
  McpServer,
} from "@modelcontextprotocol/server";
import { z } from "zod";

/** serveMcp's default body limit, so both servers refuse the same bodies. */
const maxBodyBytes = 2 * 1024 * 1024;

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

/** The body as text, or undefined past the limit. */
async function readText(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Whether a request is 2026-07-28's (the SDK's own classification, as serveMcp makes it). */
function isModern(request: IncomingMessage, body: unknown): boolean {
  const version = request.headers["mcp-protocol-version"];
  const method = request.headers["mcp-method"];
  const outcome = classifyInboundRequest({
    httpMethod: request.method ?? "POST",
    body,
    ...(typeof version === "string" ? { protocolVersionHeader: version } : {}),
    ...(typeof method === "string" ? { mcpMethodHeader: method } : {}),
  });
  return outcome.kind !== "legacy";
}

/** Starts the SDK server; resolves to its URL and a way to stop it. */
export async function startSdkServer(options: {
  readonly token: string;
  readonly stateless: boolean;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const expected = Buffer.from(`Bearer ${options.token}`);
  const validHost = localhostHostValidation();
  const validOrigin = localhostOriginValidation();
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const handler = createMcpHandler(loadServer, {
    legacy: options.stateless ? "stateless" : "reject",
  });
  const serveHandler = toNodeHandler(handler, { maxRequestBodySize: maxBodyBytes });

  const serveSession = async (request: IncomingMessage, response: ServerResponse) => {
    const id = request.headers["mcp-session-id"];
    const known = typeof id === "string" ? sessions.get(id) : undefined;
    if (request.method !== "POST") {
      if (known === undefined) return refuse(response, 404, "Session not found");
      return known.handleRequest(request, response);
    }
    const text = await readText(request);
    if (text === undefined) return refuse(response, 413, "Payload Too Large");
    const body = JSON.parse(text) as unknown;
    if (known !== undefined) return known.handleRequest(request, response, body);
    if (isModern(request, body)) {
      return serveHandler(request as NodeIncomingMessageLike, response, body);
    }
    if (!isInitializeRequest(body)) return refuse(response, 400, "No session");
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      maxRequestBodySize: maxBodyBytes,
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
    if (!validHost(request, response) || !validOrigin(request, response)) return;
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refuse(response, 401, "Unauthorized");
    }
    const served = options.stateless
      ? serveHandler(request as NodeIncomingMessageLike, response)
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
      await handler.close();
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
