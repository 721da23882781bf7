import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown by `McpTool.connect` when the MCP server cannot be reached or started, or fails the MCP
 * handshake: the command does not exist, the process exits, the URL refuses or answers 401. Names
 * the server and keeps the last lines it wrote to stderr.
 *
 * @example
 * ```ts
 * await McpTool.connect({ command: "no-such-server" });
 * // McpConnectionError: MCP server "no-such-server": cannot start: spawn no-such-server ENOENT
 * ```
 */
export class McpConnectionError extends ToolwrightError {
  static override readonly brand: string = "toolwright/McpConnectionError";
  /** The command line or URL of the server. */
  readonly server: string;
  /** The end of what the server wrote to stderr (stdio servers), if anything. */
  readonly stderr: string;

  constructor(details: { server: string; message: string; stderr?: string; cause?: unknown }) {
    const stderr = details.stderr?.trim() ?? "";
    super(
      "mcp_connection_failed",
      `MCP server "${details.server}": ${details.message}${stderr === "" ? "" : `\n${stderr}`}`,
      { cause: details.cause },
    );
    this.server = details.server;
    this.stderr = stderr;
  }
}
