import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown by `McpTool.connect` and `toolwright mcp login` when a protected MCP server cannot be
 * authorized: no stored login and no way to ask for one, the person did not finish signing in in
 * time, the authorization server refused, or its answer failed a check (issuer, state, resource).
 * Names the server; `cause` holds the OAuth error when there is one.
 *
 * @example
 * ```ts
 * await McpTool.connect({ url: "https://mcp.example.com/mcp" });
 * // McpAuthorizationError: MCP server "https://mcp.example.com/mcp" needs authorization: run `toolwright mcp login https://mcp.example.com/mcp` …
 * ```
 */
export class McpAuthorizationError extends ToolwrightError {
  static override readonly brand: string = "toolwright/McpAuthorizationError";
  /** The server's URL. */
  readonly server: string;

  constructor(details: { server: string; message: string; cause?: unknown }) {
    super("mcp_authorization_failed", `MCP server "${details.server}" ${details.message}`, {
      cause: details.cause,
    });
    this.server = details.server;
  }
}
