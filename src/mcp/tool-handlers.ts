import {
  type CallToolResult,
  type Tool as McpToolSpec,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { unknownNameMessage } from "../calls/resolve-name.js";
import type { ProviderTools } from "../dialects/provider-tools.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { traceMcpServerCall } from "./mcp-spans.js";
import { type ParamHeader, paramHeadersOf } from "./param-headers.js";
import { toCallToolResult } from "./to-mcp-result.js";

/** What a client in flight hears when the server closes: without an answer it would wait out its timeout. */
const shutdownMessage =
  "Server shutting down: the request was cancelled before it was answered; a tool call may or may not have taken effect";

/** JSON-RPC's first implementation-defined server error. */
const serverErrorCode = -32000;

/** Longest tool name an unknown-tool message ranks the known names against (ranking costs its length). */
const rankedNameLength = 128;

/** What `tools/list` and the HTTP front need of one compiled MCP tool list. */
interface Listing {
  readonly names: ReadonlySet<string>;
  readonly tools: McpToolSpec[];
  /** The arguments each tool mirrors into `Mcp-Param-*` headers, for tools that mirror any. */
  readonly paramHeaders: ReadonlyMap<string, readonly ParamHeader[]>;
  /** Tools whose `x-mcp-header` declarations break the rules, which an HTTP client must drop. */
  readonly headerProblems: readonly string[];
}

/** The listing of each compiled MCP tool list (the toolbox caches the list while its tools stay the same). */
const listings = new WeakMap<object, Listing>();

/**
 * @internal `tools/list` and `tools/call` over a toolbox: every enabled activity under its native name,
 * in the toolbox's order (the same on every request while the tools stay the same), calls through the
 * toolbox's tolerant pipeline. The SDK has checked the request's shape by the time a handler runs.
 */
export function installToolHandlers(server: Server, toolbox: Toolbox, shutdown: AbortSignal): void {
  server.setRequestHandler("tools/list", () => ({ tools: listingOf(toolbox).tools }));
  server.setRequestHandler("tools/call", (request, ctx) => {
    const { name, arguments: input = {} } = request.params;
    // MCP clients call exactly what tools/list gave them; a name outside it is a protocol error.
    if (!listingOf(toolbox).names.has(name)) {
      const shown = name.length > rankedNameLength ? name.slice(0, rankedNameLength) : name;
      const known = toolbox.toProviderTools("mcp").map((tool) => tool.name);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownNameMessage(shown, known));
    }
    const run = async () => {
      const signal = AbortSignal.any([ctx.mcpReq.signal, shutdown]);
      const result = await toolbox
        .execute(
          { id: String(ctx.mcpReq.id), name, arguments: input },
          { dialect: "mcp", signal, ...progressOption(ctx) },
        )
        .finally(() => {
          if (shutdown.aborted) throw new ProtocolError(serverErrorCode, shutdownMessage);
        });
      return toCallToolResult(result.artifact) satisfies CallToolResult;
    };
    // The client's trace context (`traceparent` in `_meta`) becomes the parent of this call's spans.
    const info = { toolName: name, requestId: ctx.mcpReq.id, sessionId: ctx.sessionId };
    return traceMcpServerCall(info, ctx.mcpReq._meta, run);
  });
}

/**
 * @internal The listing of the toolbox's current MCP tools, each with a readable title, built once per
 * compiled list.
 */
export function listingOf(toolbox: Toolbox): Listing {
  const compiled: ProviderTools["mcp"] = toolbox.toProviderTools("mcp");
  let listing = listings.get(compiled);
  if (listing === undefined) {
    const paramHeaders = new Map<string, readonly ParamHeader[]>();
    const headerProblems: string[] = [];
    const tools = compiled.map((tool) => {
      const owner = toolbox.resolveName(tool.name);
      const title = owner === undefined ? tool.name : `${owner.tool.name}.${owner.activity.name}`;
      const declared = paramHeadersOf(tool.inputSchema);
      if (typeof declared === "string") headerProblems.push(`tool "${tool.name}": ${declared}`);
      else if (declared.length > 0) paramHeaders.set(tool.name, declared);
      return { ...tool, title } as McpToolSpec;
    });
    const names = new Set(tools.map((tool) => tool.name));
    listing = { names, tools, paramHeaders, headerProblems };
    listings.set(compiled, listing);
  }
  return listing;
}

/** A client that sent a progress token gets the activity's `context.progress` reports. */
function progressOption(ctx: ServerContext): { onProgress?: (report: ActivityProgress) => void } {
  const token = ctx.mcpReq._meta?.progressToken;
  if (typeof token !== "string" && typeof token !== "number") return {};
  return {
    onProgress: (report) =>
      void ctx.mcpReq
        .notify({
          method: "notifications/progress",
          params: { progressToken: token, ...report },
        })
        .catch(() => undefined),
  };
}
