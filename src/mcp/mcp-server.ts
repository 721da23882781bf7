import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpToolSpec,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { listMemoryResources, readMemoryResource } from "./memory-resources.js";
import { memoryUriTemplate } from "./memory-uri.js";
import { toCallToolResult } from "./to-mcp-result.js";

/** JSON-RPC code the MCP specification gives an unknown resource. */
const resourceNotFound = -32002;

/** @internal Who the server says it is in the MCP handshake. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
}

/**
 * @internal One MCP `Server` over a toolbox (one per client session; they share the toolbox): tools
 * under their native names, calls through the toolbox's tolerant pipeline, task-memory namespaces as
 * resources.
 */
export function createMcpServer(toolbox: Toolbox, info: McpServerInfo): Server {
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: {}, resources: {} },
      ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(toolbox) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    // MCP clients call exactly what tools/list gave them; a name outside it is a protocol error.
    if (!toolbox.toProviderTools("mcp").some((tool) => tool.name === name)) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
    }
    const result = await toolbox.execute(
      { id: String(extra.requestId), name, arguments: request.params.arguments ?? {} },
      { dialect: "mcp", signal: extra.signal },
    );
    return toCallToolResult(result.artifact) satisfies CallToolResult;
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: await listMemoryResources(toolbox),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: memoryUriTemplate,
        name: "task-memory",
        title: "Task memory namespace",
        description:
          "The text of tool output stored in a task memory, by memory_name and artifact_namespace",
        mimeType: "text/plain",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const result = await readMemoryResource(toolbox, request.params.uri);
    if (result === undefined) {
      throw new McpError(resourceNotFound, `Resource ${request.params.uri} not found`, {
        uri: request.params.uri,
      });
    }
    return result;
  });
  return server;
}

/** The MCP dialect's tools (cached by the toolbox), each with a readable title. */
function listTools(toolbox: Toolbox): McpToolSpec[] {
  return toolbox.toProviderTools("mcp").map((tool) => {
    const owner = toolbox.resolveName(tool.name);
    const title = owner === undefined ? tool.name : `${owner.tool.name}.${owner.activity.name}`;
    return { ...tool, title } as McpToolSpec;
  });
}
