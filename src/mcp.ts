/**
 * MCP both ways, on the official `@modelcontextprotocol/sdk` (an optional peer dependency): serve a
 * toolbox as an MCP server (stdio or Streamable HTTP), and turn any MCP server into a Tool.
 *
 * @example
 * ```ts
 * import { McpTool, serveMcp } from "toolwright/mcp";
 * const files = await McpTool.connect({ command: "mcp-server-filesystem", args: ["./docs"] });
 * const server = await serveMcp(new Toolbox([new CalculatorTool(), files]), { transport: "http", port: 3000 });
 * ```
 * @module
 */
import "./node-check.js";
// Toolbox pulls in decorated classes (the memory tool): Symbol.metadata must exist first.
import "./polyfill.js";

export type { McpChangeNotifier } from "./mcp/change-feed.js";
export type { McpHttpTarget, McpServerTarget, McpStdioTarget } from "./mcp/mcp-connection.js";
export { McpTool, type McpToolOptions } from "./mcp/mcp-tool.js";
export { serveMcp } from "./mcp/serve-mcp.js";
export type {
  HttpServeOptions,
  McpServeCommonOptions,
  McpServerHandle,
  ServeMcpOptions,
  StdioServeOptions,
} from "./mcp/serve-mcp-options.js";
export type { McpNaming } from "./mcp/served-catalog.js";
export { toCallToolResult } from "./mcp/to-mcp-result.js";
