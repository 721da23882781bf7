import type { IncomingMessage, ServerResponse } from "node:http";
import { type NodeIncomingMessageLike, toNodeHandler } from "@modelcontextprotocol/node";
import { classifyInboundRequest, createMcpHandler } from "@modelcontextprotocol/server";
import type { Toolbox } from "../toolbox/toolbox.js";
import { principalOf, requestPrincipal } from "./mcp-principal.js";
import { rejectRequest } from "./mcp-routes.js";
import { createMcpServer, type McpServerInfo } from "./mcp-server.js";
import { paramHeaderMismatch } from "./param-headers.js";
import { catalogOf, type ServedCatalog } from "./served-catalog.js";

/** 2026-07-28's `HeaderMismatch`: HTTP headers that contradict the body. */
const headerMismatch = -32020;

/** @internal The SDK's per-request entry (`createMcpHandler`) on a Node request whose body was read. */
export interface SdkHandler {
  serve(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void>;
  /** Aborts the exchanges in flight and closes their servers. */
  close(): Promise<void>;
}

/**
 * @internal The SDK's HTTP entry over a toolbox: a fresh MCP server per request, speaking 2026-07-28
 * (`server/discover`, the `_meta` envelope, `input_required`, `subscriptions/listen`, the header checks
 * that revision requires) and, with `legacy: "stateless"`, 2025-era requests too, each on its own.
 * With `legacy: "reject"` it serves only 2026-07-28, for a front that routes 2025-era clients to
 * sessions of their own.
 */
export function sdkHandler(
  toolbox: Toolbox,
  info: McpServerInfo,
  options: { readonly legacy: "stateless" | "reject"; readonly maxBodyBytes: number },
): SdkHandler {
  // The SDK builds a 2025-era server only for one stateless request: it has no session to ask on.
  const kindOf = (era: "legacy" | "modern") => (era === "modern" ? "round" : "request");
  const handler = createMcpHandler(
    // Built in the request's own asynchronous context, which holds its principal (see serve below).
    (context) => createMcpServer(toolbox, info, kindOf(context.era), requestPrincipal.getStore()),
    {
      legacy: options.legacy,
    },
  );
  // 2026-07-28 clients hear of changes on their `subscriptions/listen` streams, which the SDK serves.
  const unsubscribe = info.changes.subscribe((change) => {
    if (change.kind === "resource") handler.notify.resourceUpdated(change.uri);
    else handler.notify[`${change.kind}Changed`]();
  });
  const serveNode = toNodeHandler(handler, { maxRequestBodySize: options.maxBodyBytes });
  return {
    async serve(request, response, body) {
      // Classifying costs a parse of the body: only a call of a tool that declares headers needs it.
      const declared = declaredParamHeaders(catalogOf(toolbox, info.naming), body);
      const mismatch =
        declared !== undefined && isModernRequest(request, body)
          ? paramMismatch(declared, request, body)
          : undefined;
      if (mismatch !== undefined) {
        return rejectRequest(response, 400, `Header mismatch: ${mismatch}`, {
          code: headerMismatch,
          id: (body as { id?: string | number }).id ?? null,
        });
      }
      const principal =
        info.principal === "none" ? undefined : principalOf(info.principal, request, undefined);
      return requestPrincipal.run(principal, () =>
        serveNode(request as NodeIncomingMessageLike, response, body),
      );
    },
    close: () => {
      unsubscribe();
      return handler.close();
    },
  };
}

type CallMessage = { method?: unknown; params?: { name?: unknown; arguments?: unknown } };

/** The `Mcp-Param-*` headers the tool a `tools/call` names declares, or `undefined`. */
function declaredParamHeaders(catalog: ServedCatalog, body: unknown) {
  const message = body as CallMessage | null;
  if (message?.method !== "tools/call" || typeof message.params?.name !== "string")
    return undefined;
  return catalog.paramHeaders.get(message.params.name);
}

/**
 * Why a 2026-07-28 `tools/call`'s `Mcp-Param-*` headers differ from its arguments (the check the SDK
 * makes for its own tool registry, made here for toolwright's tools), or `undefined`.
 */
function paramMismatch(
  declared: NonNullable<ReturnType<typeof declaredParamHeaders>>,
  request: IncomingMessage,
  body: unknown,
) {
  return paramHeaderMismatch(declared, (body as CallMessage).params?.arguments, request.headers);
}

/**
 * @internal Whether a request belongs to the 2026-07-28 revision (it claims the per-request `_meta`
 * envelope, or is a malformed claim the SDK's entry must answer), by the SDK's own classification.
 */
export function isModernRequest(request: IncomingMessage, body: unknown): boolean {
  const version = firstHeader(request, "mcp-protocol-version");
  const method = firstHeader(request, "mcp-method");
  const outcome = classifyInboundRequest({
    httpMethod: request.method ?? "POST",
    body,
    ...(version === undefined ? {} : { protocolVersionHeader: version }),
    ...(method === undefined ? {} : { mcpMethodHeader: method }),
  });
  return outcome.kind !== "legacy";
}

function firstHeader(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
