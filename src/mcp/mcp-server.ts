import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type {
  CallToolResult,
  JSONRPCRequest,
  Tool as McpToolSpec,
  ServerResult,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { unknownNameMessage } from "../calls/resolve-name.js";
import type { ProviderTools } from "../dialects/provider-tools.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { traceMcpServerCall } from "./mcp-spans.js";
import { listMemoryResources, readMemoryResource } from "./memory-resources.js";
import { memoryUriTemplate } from "./memory-uri.js";
import { callParams, checkListParams, readParams } from "./request-params.js";
import { invalidParams, methodNotFound, RpcError, resourceNotFound } from "./rpc-error.js";
import { toCallToolResult } from "./to-mcp-result.js";
import { notifyingListChanges } from "./tool-list-changes.js";

/** @internal Who the server says it is in the MCP handshake. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
}

/** Longest tool name an unknown-tool message ranks the known names against (ranking costs its length). */
const rankedNameLength = 128;

/**
 * One schema validator for every server (the SDK uses it only to check elicitation answers, which
 * toolwright never asks for): by default each `Server` builds an Ajv instance of its own, most of the
 * cost of a stateless request's fresh server.
 */
const sharedValidator = new AjvJsonSchemaValidator();

/** The names in each compiled MCP tool list (the toolbox caches the list while its tools stay the same). */
const namesOf = new WeakMap<object, ReadonlySet<string>>();

/**
 * @internal One MCP `Server` over a toolbox (one per client session; they share the toolbox): tools
 * under their native names, calls through the toolbox's tolerant pipeline, task-memory namespaces as
 * resources.
 *
 * toolwright's methods are answered by the SDK's fallback handler rather than `setRequestHandler`: the
 * SDK would first run its zod schema over the whole request (every key of `arguments`, twice for
 * `tools/call`), and turn a mismatch into -32603 with a dump of zod issues. Here parameters are checked
 * by hand — `arguments` only for being an object — and a problem is -32602 with toolwright's wording.
 */
export function createMcpServer(toolbox: Toolbox, info: McpServerInfo): Server {
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: { listChanged: true }, resources: {} },
      jsonSchemaValidator: sharedValidator,
      ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
    },
  );
  server.fallbackRequestHandler = async (request: JSONRPCRequest, extra) => {
    switch (request.method) {
      case "tools/list":
        checkListParams(request.params);
        return { tools: listTools(toolbox) };
      case "tools/call": {
        const { name, arguments: input } = callParams(request.params);
        const tools = toolbox.toProviderTools("mcp");
        // MCP clients call exactly what tools/list gave them; a name outside it is a protocol error.
        if (!mcpNames(tools).has(name)) {
          const shown = name.length > rankedNameLength ? name.slice(0, rankedNameLength) : name;
          const known = tools.map((tool) => tool.name);
          throw new RpcError(invalidParams, unknownNameMessage(shown, known));
        }
        // A client that sent a progress token gets the activity's `context.progress` reports.
        const token = progressToken(request.params);
        const onProgress =
          token === undefined
            ? undefined
            : (report: ActivityProgress) =>
                void extra
                  .sendNotification({
                    method: "notifications/progress",
                    params: { progressToken: token, ...report },
                  })
                  .catch(() => undefined);
        const run = async () => {
          const result = await toolbox.execute(
            { id: String(extra.requestId), name, arguments: input },
            {
              dialect: "mcp",
              signal: extra.signal,
              ...(onProgress === undefined ? {} : { onProgress }),
            },
          );
          return toCallToolResult(result.artifact) satisfies CallToolResult;
        };
        // The client's trace context (in `_meta`) becomes the parent of this call's spans.
        const meta = (request.params as { _meta?: unknown } | undefined)?._meta;
        const info = { toolName: name, requestId: extra.requestId, sessionId: extra.sessionId };
        return traceMcpServerCall(info, meta, () => notifyingListChanges(toolbox, server, run));
      }
      case "resources/list":
        checkListParams(request.params);
        return { resources: await listMemoryResources(toolbox) };
      case "resources/templates/list":
        checkListParams(request.params);
        return { resourceTemplates: [memoryTemplate] };
      case "resources/read": {
        const uri = readParams(request.params);
        const result = await readMemoryResource(toolbox, uri);
        if (result === undefined) {
          throw new RpcError(resourceNotFound, `Resource ${uri} not found`, { uri });
        }
        return result satisfies ServerResult;
      }
      default:
        throw new RpcError(methodNotFound, `Method not found: ${request.method}`);
    }
  };
  return server;
}

const memoryTemplate = {
  uriTemplate: memoryUriTemplate,
  name: "task-memory",
  title: "Task memory namespace",
  description:
    "The text of tool output stored in a task memory, by memory_name and artifact_namespace",
  mimeType: "text/plain",
};

/** The names of a compiled tool list, computed once per list rather than per call. */
function mcpNames(tools: ProviderTools["mcp"]): ReadonlySet<string> {
  let names = namesOf.get(tools);
  if (names === undefined) {
    names = new Set(tools.map((tool) => tool.name));
    namesOf.set(tools, names);
  }
  return names;
}

/** The MCP dialect's tools (cached by the toolbox), each with a readable title. */
function listTools(toolbox: Toolbox): McpToolSpec[] {
  return toolbox.toProviderTools("mcp").map((tool) => {
    const owner = toolbox.resolveName(tool.name);
    const title = owner === undefined ? tool.name : `${owner.tool.name}.${owner.activity.name}`;
    return { ...tool, title } as McpToolSpec;
  });
}

/** The request's `_meta.progressToken` (a string or a number), if the client sent one. */
function progressToken(params: unknown): string | number | undefined {
  const meta = (params as { _meta?: { progressToken?: unknown } } | undefined)?._meta;
  const token = meta?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}
