import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type McpRoutes, rejectRequest } from "./mcp-routes.js";
import { createMcpServer, type McpServerInfo } from "./mcp-server.js";

/** @internal Settled options of stateless serving: nothing beyond the HTTP ones. */
export interface StatelessSettings {
  readonly kind: "stateless";
}

/** What a client in flight hears when the server closes: the SDK's client would otherwise wait out its timeout. */
const closingMessage =
  "Server shutting down: the request was cancelled before it was answered; a tool call may or may not have taken effect";

/** The SDK's stateless transport, remembering which requests it has answered. */
class OneRequestTransport extends StreamableHTTPServerTransport {
  readonly answered = new Set<RequestId>();

  override async send(
    message: JSONRPCMessage,
    options?: { relatedRequestId?: RequestId },
  ): Promise<void> {
    if ("id" in message && !("method" in message)) this.answered.add(message.id as RequestId);
    return super.send(message, options);
  }
}

/** One open request: its server and transport, and the ids of the requests its POST carried. */
interface InFlight {
  readonly server: Server;
  readonly transport: OneRequestTransport;
  readonly ids: readonly RequestId[];
}

/**
 * @internal Stateless Streamable HTTP, the MCP SDK's pattern for replicas behind a load balancer: each
 * POST gets a fresh MCP server and transport (sharing only the toolbox, whose compiled tool lists are
 * cached), answers on its own response and is gone when that response closes. No `Mcp-Session-Id` is
 * issued or read, so any replica can take any request. GET (a server-to-client stream) and DELETE (the
 * end of a session) have nothing to serve: 405, as in the SDK's stateless examples.
 *
 * Closing the response (the client aborting its request) closes the request's server, which aborts the
 * call's signal: the only cancellation that reaches a request here, since a `notifications/cancelled`
 * arrives as a request of its own, on a server (maybe a replica) that never saw the call. `close()`
 * answers what is in flight with an error first, so clients of a replica being replaced fail at once.
 */
export function statelessRoutes(
  toolbox: Toolbox,
  info: McpServerInfo,
  settings: { readonly maxBodyBytes: number },
): McpRoutes {
  const open = new Set<InFlight>();
  let closing = false;

  return {
    async handle(request, response, readJson) {
      if (request.method !== "POST") {
        response.setHeader("Allow", "POST");
        return rejectRequest(
          response,
          405,
          `Method Not Allowed: this server is stateless (no sessions), so ${request.method ?? "this method"} has nothing to serve; send each JSON-RPC message as a POST`,
        );
      }
      const body = await readJson();
      if (body === undefined) return;
      if (closing)
        return rejectRequest(response, 503, "Service Unavailable: the server is closing");
      // No `sessionIdGenerator` is the SDK's stateless mode: no session id issued or checked.
      const transport = new OneRequestTransport({ maxRequestBodySize: settings.maxBodyBytes });
      const flight: InFlight = {
        server: createMcpServer(toolbox, info),
        transport,
        ids: requestIds(body.message),
      };
      open.add(flight);
      const release = () => {
        if (open.delete(flight)) void flight.server.close();
      };
      response.once("close", release);
      // The client may have gone between its body's end and now; "close" will not fire again.
      if (response.closed) return release();
      await flight.server.connect(transport);
      await transport.handleRequest(request, response, body.message);
    },
    async close() {
      closing = true;
      const flights = [...open];
      open.clear();
      await Promise.allSettled(
        flights.map(async ({ server, transport, ids }) => {
          for (const id of ids) {
            if (transport.answered.has(id)) continue;
            const error = { code: -32000, message: closingMessage };
            await transport.send({ jsonrpc: "2.0", id, error }).catch(() => undefined);
          }
          await server.close();
        }),
      );
    },
  };
}

/** The ids of the requests (not notifications or responses) in a POSTed message or batch. */
function requestIds(message: unknown): RequestId[] {
  const messages: readonly unknown[] = Array.isArray(message) ? message : [message];
  const ids: RequestId[] = [];
  for (const entry of messages) {
    if (typeof entry !== "object" || entry === null || !("method" in entry)) continue;
    const { id } = entry as { id?: unknown };
    if (typeof id === "string" || typeof id === "number") ids.push(id);
  }
  return ids;
}
