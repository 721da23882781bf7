import { CliError } from "../cli-error.js";
import { loadToolbox } from "../load-toolbox.js";
import { type CliOutput, paint, progress, warn } from "../output.js";

/** @internal Options of `toolwright serve`. */
export interface ServeOptions {
  readonly http: boolean;
  readonly host: string;
  readonly port: number;
  readonly token: string | undefined;
  /** The token came from TOOLWRIGHT_TOKEN, which stdio serving ignores. */
  readonly tokenFromEnvironment: boolean;
  readonly allowedHost: readonly string[] | undefined;
  readonly allowedOrigin: readonly string[] | undefined;
  readonly db: string;
}

/**
 * @internal `toolwright serve [module]`: the toolbox as an MCP server, on stdio (stdout carries the
 * protocol, so everything else goes to stderr) or Streamable HTTP; runs until the client hangs up
 * (stdio) or the process is interrupted.
 */
export async function serveCommand(
  modulePath: string | undefined,
  options: ServeOptions,
  output: CliOutput,
): Promise<number> {
  if (
    !options.http &&
    ((options.token !== undefined && !options.tokenFromEnvironment) ||
      options.allowedHost !== undefined ||
      options.allowedOrigin !== undefined)
  ) {
    throw new CliError("--token, --allowed-host and --allowed-origin apply to --http; add --http");
  }
  let mcp: typeof import("../../mcp/serve-mcp.js");
  try {
    mcp = await import("../../mcp/serve-mcp.js");
  } catch (error) {
    throw new CliError(
      "toolwright serve needs the MCP SDK: npm install @modelcontextprotocol/sdk",
      { cause: error },
    );
  }
  const loaded = await loadToolbox(modulePath, { db: options.db });
  try {
    const count = loaded.toolbox.toProviderTools("mcp").length;
    const server = options.http
      ? await mcp.serveMcp(loaded.toolbox, {
          transport: "http",
          host: options.host,
          port: options.port,
          token: options.token,
          allowedHosts: options.allowedHost,
          allowedOrigins: options.allowedOrigin,
        })
      : await mcp.serveMcp(loaded.toolbox, { transport: "stdio" });
    const where = server.url ?? "stdio";
    warn(
      output,
      `${paint("green", "toolwright MCP server", output.stderr)} on ${paint("bold", where, output.stderr)} · ${count} tools from ${loaded.source}${options.http && options.token !== undefined ? " · bearer token required" : ""}`,
    );
    const stop = () => void server.close();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    await server.closed;
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    progress(output, "server stopped");
    return 0;
  } finally {
    await loaded.close();
  }
}
