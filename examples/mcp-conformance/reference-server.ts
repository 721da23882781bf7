// Run: PORT=3000 npx tsx examples/mcp-conformance/reference-server.ts — the conformance suite's
// fixture server on the official SDK v2 alone (no toolwright): what `npm run conformance` runs beside
// server.ts, so every scenario toolwright fails is shown next to the SDK's own result. 2026-07-28
// requests go to `createMcpHandler`; 2025-era clients get sessions on the SDK's Node transport with
// an in-memory event store, as the SDK's serving guide shows.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  localhostHostValidation,
  type NodeIncomingMessageLike,
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import {
  acceptedContent,
  classifyInboundRequest,
  createMcpHandler,
  type EventStore,
  type GetPromptResult,
  inputRequired,
  isInitializeRequest,
  type JSONRPCMessage,
  McpServer,
  ResourceTemplate,
  type ServerContext,
} from "@modelcontextprotocol/server";
import * as z from "zod";
import { testPngBase64 } from "./fixture-data.js";
import { registerContentTools, registerRoundTripTools, stateCodec } from "./reference-tools.js";

function referenceServer(): McpServer {
  const server = new McpServer(
    { name: "sdk-reference", version: "1.0.0" },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      requestState: { verify: stateCodec.verify },
    },
  );
  registerContentTools(server);
  registerRoundTripTools(server, modern.notify);
  const textResource = (name: string, uri: string, body: string) =>
    server.registerResource(name, uri, { mimeType: "text/plain" }, async () => ({
      contents: [{ uri, mimeType: "text/plain", text: body }],
    }));
  textResource(
    "static-text",
    "test://static-text",
    "This is the content of the static text resource.",
  );
  textResource("watched-resource", "test://watched-resource", "Watched resource content");
  server.registerResource(
    "static-binary",
    "test://static-binary",
    { mimeType: "image/png" },
    async () => ({
      contents: [{ uri: "test://static-binary", mimeType: "image/png", blob: testPngBase64 }],
    }),
  );
  server.registerResource(
    "template",
    new ResourceTemplate("test://template/{id}/data", { list: undefined }),
    { mimeType: "application/json" },
    async (uri, { id }) => ({
      contents: [
        {
          uri: uri.toString(),
          mimeType: "application/json",
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    }),
  );
  server.server.setRequestHandler("resources/subscribe", async () => ({}));
  server.server.setRequestHandler("resources/unsubscribe", async () => ({}));
  const say = (content: GetPromptResult["messages"][number]["content"]) =>
    ({ role: "user", content }) as const;
  server.registerPrompt("test_simple_prompt", { description: "No arguments" }, async () => ({
    messages: [say({ type: "text", text: "This is a simple prompt for testing." })],
  }));
  server.registerPrompt(
    "test_prompt_with_arguments",
    { description: "Two arguments", argsSchema: z.object({ arg1: z.string(), arg2: z.string() }) },
    async ({ arg1, arg2 }) => ({
      messages: [
        say({ type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` }),
      ],
    }),
  );
  server.registerPrompt(
    "test_prompt_with_embedded_resource",
    { description: "Embeds a resource", argsSchema: z.object({ resourceUri: z.string() }) },
    async ({ resourceUri }) => ({
      messages: [
        say({
          type: "resource",
          resource: {
            uri: resourceUri,
            mimeType: "text/plain",
            text: "Embedded resource content.",
          },
        }),
        say({ type: "text", text: "Please process the embedded resource above." }),
      ],
    }),
  );
  server.registerPrompt("test_prompt_with_image", { description: "An image" }, async () => ({
    messages: [
      say({ type: "image", data: testPngBase64, mimeType: "image/png" }),
      say({ type: "text", text: "Please analyze the image above." }),
    ],
  }));
  server.registerPrompt(
    "test_input_required_result_prompt",
    { description: "Asks for context before rendering" },
    async (ctx: unknown) => {
      const { mcpReq } = ctx as ServerContext;
      const context = acceptedContent<{ context: string }>(mcpReq.inputResponses, "user_context");
      if (context === undefined) {
        return inputRequired({
          inputRequests: {
            user_context: inputRequired.elicit({
              message: "What context should the prompt use?",
              requestedSchema: {
                type: "object",
                properties: { context: { type: "string" } },
                required: ["context"],
              },
            }),
          },
        });
      }
      return { messages: [say({ type: "text", text: `Use the context: ${context.context}` })] };
    },
  );
  server.server.setRequestHandler("completion/complete", async () => ({
    completion: { values: [], total: 0, hasMore: false },
  }));
  return server;
}

/** An unbounded in-memory event store, enough for a conformance run. */
function memoryEventStore(): EventStore {
  const events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];
  return {
    async storeEvent(streamId, message) {
      const id = `${streamId}_${events.length}`;
      events.push({ id, streamId, message });
      return id;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const index = events.findIndex((event) => event.id === lastEventId);
      const streamId = events[index]?.streamId ?? "";
      for (const event of events.slice(index + 1)) {
        if (event.streamId === streamId) await send(event.id, event.message);
      }
      return streamId;
    },
  };
}

const modern = createMcpHandler(referenceServer, { legacy: "reject" });
const modernNode = toNodeHandler(modern);
const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
const validHost = localhostHostValidation();

async function serveLegacy(request: IncomingMessage, response: ServerResponse, body: unknown) {
  const id = request.headers["mcp-session-id"];
  const session = typeof id === "string" ? sessions.get(id) : undefined;
  if (session !== undefined) return session.handleRequest(request, response, body);
  if (id === undefined && isInitializeRequest(body)) {
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      eventStore: memoryEventStore(),
      retryInterval: 5_000,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await referenceServer().connect(transport);
    return transport.handleRequest(request, response, body);
  }
  response.writeHead(id === undefined ? 400 : 404, { "Content-Type": "application/json" });
  response.end(
    JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "No session" } }),
  );
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  if (!validHost(request, response)) return;
  let text = "";
  for await (const chunk of request) text += chunk;
  const body = text === "" ? undefined : (JSON.parse(text) as unknown);
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const version = header("mcp-protocol-version");
  const method = header("mcp-method");
  const inbound = classifyInboundRequest({
    httpMethod: request.method ?? "GET",
    ...(version === undefined ? {} : { protocolVersionHeader: version }),
    ...(method === undefined ? {} : { mcpMethodHeader: method }),
    body,
  });
  if (inbound.kind !== "legacy") {
    return modernNode(request as NodeIncomingMessageLike, response, body);
  }
  return serveLegacy(request, response, body);
}

const port = Number(process.env.PORT ?? 3000);
createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end();
  });
}).listen(port, "127.0.0.1", () => {
  console.error(`SDK reference server on http://127.0.0.1:${port}/mcp`);
});
