/**
 * MCP both ways, on the official SDK's v2 packages (optional peer dependencies:
 * `@modelcontextprotocol/server` and `/node` to serve, `@modelcontextprotocol/client` to connect):
 * serve a toolbox as an MCP server (stdio or Streamable HTTP), and turn any MCP server into a Tool.
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

// Thrown only by McpTool and `toolwright mcp login`: exported here, so the root entry stays light.
export { McpAuthorizationError } from "./errors/mcp-authorization-error.js";
export type { McpAuth } from "./mcp/auth/authorization.js";
export {
  defaultCredentialFile,
  FileCredentialStore,
  type McpCredentialStore,
  type McpStoredCredentials,
  type McpStoredTokens,
} from "./mcp/auth/credential-store.js";
export type { McpOAuthOptions } from "./mcp/auth/oauth-provider.js";
export type { McpChangeNotifier } from "./mcp/change-feed.js";
export type { McpHttpTarget, McpServerTarget, McpStdioTarget } from "./mcp/mcp-connection.js";
export type { PrincipalRequest, PrincipalResolver } from "./mcp/mcp-principal.js";
export { McpTool, type McpToolOptions } from "./mcp/mcp-tool.js";
export { samplingWithDriver } from "./mcp/sampling-driver.js";
export { serveMcp } from "./mcp/serve-mcp.js";
export type {
  HttpServeOptions,
  McpReceiptOptions,
  McpServeCommonOptions,
  McpServerHandle,
  McpTaskOptions,
  ServeMcpOptions,
  StdioServeOptions,
} from "./mcp/serve-mcp-options.js";
export type { McpNaming } from "./mcp/served-catalog.js";
export type {
  McpElicitation,
  McpElicitationResult,
  McpElicitHandler,
  McpRoot,
  McpSampleHandler,
  McpSamplingRequest,
} from "./mcp/server-requests.js";
export { toCallToolResult } from "./mcp/to-mcp-result.js";
