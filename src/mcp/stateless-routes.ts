import type { Toolbox } from "../toolbox/toolbox.js";
import { type McpRoutes, rejectRequest } from "./mcp-routes.js";
import type { McpServerInfo } from "./mcp-server.js";
import { sdkHandler } from "./sdk-handler.js";

/** @internal Settled options of stateless serving: nothing beyond the HTTP ones. */
export interface StatelessSettings {
  readonly kind: "stateless";
}

/**
 * @internal Stateless Streamable HTTP, for replicas behind a load balancer: every POST, of any revision,
 * gets a fresh MCP server from the SDK's per-request entry (sharing only the toolbox, whose compiled
 * tool lists are cached), answers on its own response and is gone when that response closes. No
 * `Mcp-Session-Id` is issued or read, so any replica can take any request. GET (a server-to-client
 * stream) and DELETE (the end of a session) have nothing to serve: 405.
 *
 * Closing the response (the client aborting its request) aborts the call: the only cancellation that
 * reaches a request here, since a `notifications/cancelled` arrives as a request of its own, on a
 * server (maybe a replica) that never saw the call.
 */
export function statelessRoutes(
  toolbox: Toolbox,
  info: McpServerInfo,
  settings: { readonly maxBodyBytes: number },
): McpRoutes {
  const handler = sdkHandler(toolbox, info, {
    legacy: "stateless",
    maxBodyBytes: settings.maxBodyBytes,
  });
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
      if (closing) {
        return rejectRequest(response, 503, "Service Unavailable: the server is closing");
      }
      return handler.serve(request, response, body.message);
    },
    async close() {
      closing = true;
      await handler.close();
    },
  };
}
