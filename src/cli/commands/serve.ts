import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import type { HttpAccess } from "../../mcp/http-guards.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { CliError } from "../cli-error.js";
import { requireCommandPackages } from "../command-packages.js";
import { checkListenFlags, listenAddress } from "../listen-flags.js";
import { loadToolbox } from "../load-toolbox.js";
import { type CliOutput, paint, progress, warn } from "../output.js";
import {
  describeReceipts,
  openReceiptStore,
  type ReceiptFlag,
  receiptPackages,
} from "../receipt-flag.js";
import { serveUntilSignal } from "../serve-until-signal.js";

/** @internal Options of `toolwright serve`. */
export interface ServeOptions extends HttpAccess {
  readonly http: boolean;
  /** The token came from TOOLWRIGHT_TOKEN, which stdio serving ignores. */
  readonly tokenFromEnvironment: boolean;
  /** No sessions: a fresh MCP server per request, so replicas can share clients (`--stateless`). */
  readonly stateless: boolean;
  readonly db: string;
  /** Serve activities not annotated `readOnly` over HTTP too (`--allow-writes`). */
  readonly allowWrites: boolean;
  /** The built-in FileManagerTool's root (`--files`); undefined when not given. */
  readonly files: string | undefined;
  /** Call receipts (`--receipts [where]`): false without the flag. */
  readonly receipts: ReceiptFlag;
}

/**
 * @internal Where the built-in FileManagerTool works when `serve` is not told otherwise: a folder of
 * its own, so a client can never reach the project around it (`.git`, sources, dotfiles).
 */
export const defaultFilesRoot = ".toolwright/files";

/**
 * @internal `toolwright serve [module]`: the toolbox as an MCP server, on stdio (stdout carries the
 * protocol, so everything else goes to stderr) or Streamable HTTP; runs until the client hangs up
 * (stdio) or the process is interrupted. Over HTTP a bearer token is always required (generated and
 * printed when none is given) and only `readOnly` activities are served unless `--allow-writes`.
 */
export async function serveCommand(
  modulePath: string | undefined,
  options: ServeOptions,
  output: CliOutput,
): Promise<number> {
  checkFlags(modulePath, options);
  requireCommandPackages("serve", modulePath, [
    "@modelcontextprotocol/server",
    ...(options.http ? ["@modelcontextprotocol/node"] : []),
    ...receiptPackages(options.receipts),
  ]);
  let mcp: typeof import("../../mcp/serve-mcp.js");
  try {
    mcp = await import("../../mcp/serve-mcp.js");
  } catch (error) {
    throw new CliError(
      "toolwright serve needs the MCP SDK: npm install @modelcontextprotocol/server",
      { cause: error },
    );
  }
  const filesRoot =
    modulePath === undefined ? await filesFolder(options.files ?? defaultFilesRoot) : undefined;
  const store = await openReceiptStore(options.receipts, options.db);
  const receipts = store === undefined ? {} : { receipts: { store } };
  const loaded = await loadToolbox(modulePath, { db: options.db, filesRoot });
  try {
    const hidden = options.http && !options.allowWrites ? hideWrites(loaded.toolbox) : 0;
    const count = loaded.toolbox.toProviderTools("mcp").length;
    const address = options.http ? listenAddress(options) : undefined;
    const server =
      address === undefined
        ? await mcp.serveMcp(loaded.toolbox, { transport: "stdio", ...receipts })
        : await mcp.serveMcp(loaded.toolbox, {
            transport: "http",
            ...address,
            ...receipts,
            sessions: options.stateless ? "stateless" : "stateful",
          });
    const where = server.url ?? "stdio";
    const notes = [
      `${count} tools from ${loaded.source}`,
      ...(filesRoot === undefined ? [] : [`files in ${filesRoot}`]),
      ...(hidden === 0
        ? []
        : [`${hidden} write ${hidden === 1 ? "activity" : "activities"} hidden (--allow-writes)`]),
      ...(options.stateless ? ["stateless (no sessions)"] : []),
      ...(options.http ? ["bearer token required"] : []),
      ...(store === undefined ? [] : [describeReceipts(options.receipts, options.db)]),
    ];
    warn(
      output,
      `${paint("green", "toolwright MCP server", output.stderr)} on ${paint("bold", where, output.stderr)} · ${notes.join(" · ")}`,
    );
    if (options.http && options.token === undefined) {
      // As Jupyter does: a fresh secret each run, shown only to whoever started the server.
      warn(output, `  clients must send: Authorization: Bearer ${address?.token}`);
      warn(output, "  (token generated for this run; choose one with --token or TOOLWRIGHT_TOKEN)");
    }
    await serveUntilSignal(server);
    progress(output, "server stopped");
    return 0;
  } finally {
    await loaded.close();
    await store?.close();
  }
}

function checkFlags(modulePath: string | undefined, options: ServeOptions): void {
  if (
    !options.http &&
    ((options.token !== undefined && !options.tokenFromEnvironment) ||
      options.allowedHosts !== undefined ||
      options.allowedOrigins !== undefined)
  ) {
    throw new CliError("--token, --allowed-host and --allowed-origin apply to --http; add --http");
  }
  if (!options.http && options.stateless) {
    throw new CliError(
      "--stateless applies to --http (a stdio server serves the one client that started it); add --http",
    );
  }
  if (!options.http && options.allowWrites) {
    throw new CliError(
      "--allow-writes applies to --http (stdio serves every activity); add --http",
    );
  }
  if (options.http) checkListenFlags(options, "the server");
  if (modulePath !== undefined && options.files !== undefined) {
    throw new CliError(
      "--files sets the root of the built-in FileManagerTool; a module's tools bring their own options",
    );
  }
}

/** The FileManagerTool's root, created if missing, as an absolute path. */
async function filesFolder(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    await mkdir(absolute, { recursive: true });
  } catch (error) {
    throw new CliError(`cannot create the --files folder ${path}`, { cause: error });
  }
  return absolute;
}

/**
 * Disables every activity not annotated `readOnly` (FileManagerTool's writes, a writable SQL tool,
 * REST calls other than GET, a module's unannotated activities) and returns how many.
 */
function hideWrites(toolbox: Toolbox): number {
  let hidden = 0;
  for (const tool of toolbox.tools) {
    const writes = tool
      .activities()
      .filter((activity) => activity.annotations.readOnly !== true)
      .map((activity) => activity.name);
    if (writes.length === 0) continue;
    tool.denylist = [...(tool.denylist ?? []), ...writes];
    hidden += writes.length;
  }
  return hidden;
}
