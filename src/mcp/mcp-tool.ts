import type {
  DiscoverResult,
  Tool as McpServerTool,
  PriorDiscovery,
} from "@modelcontextprotocol/client";
import type { ActivityContext } from "../activity/activity-context.js";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { CallerError } from "../caller/caller-error.js";
import { McpConfigError } from "../errors/mcp-config-error.js";
import { loadPackage, requirePackage } from "../internal/optional-package.js";
import { Tool } from "../tool/tool.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { McpAuth } from "./auth/authorization.js";
import { inCallScope } from "./call-scoped-fetch.js";
import { fromCallToolResult, type McpCallResult } from "./from-mcp-result.js";
import { recordServerTools } from "./mcp-activities.js";
import type { McpConnection, McpServerTarget } from "./mcp-connection.js";
import { checkConnectArguments } from "./mcp-option-rules.js";
import { traceMcpClientCall } from "./mcp-spans.js";
import type { McpElicitHandler, McpRoot, McpSampleHandler } from "./server-requests.js";

/**
 * Options of `McpTool.connect`: the usual tool options (`name`, `allowlist` by activity name,
 * `timeoutMs`, `offPrompt` …) and the connection's limits.
 *
 * @example
 * ```ts
 * await McpTool.connect(target, { name: "Files", denylist: ["write_file"], connectTimeoutMs: 10_000 });
 * ```
 */
export interface McpToolOptions extends ToolOptions {
  /** Starting the server, the MCP handshake and listing its tools, in milliseconds; 30,000 by default. */
  connectTimeoutMs?: number | undefined;
  /** How long one call waits for the server's answer, in milliseconds; 60,000 by default. */
  requestTimeoutMs?: number | undefined;
  /**
   * How to authorize with a protected HTTP server (OAuth 2.1, on the official SDK): toolwright's
   * stored logins (`{ interactive, store, … }`), an SDK `OAuthClientProvider`, or `false`. By
   * default a login saved by `toolwright mcp login` for this URL is used, and refreshed.
   */
  auth?: McpAuth | undefined;
  /**
   * The protocol revision: `"auto"` (HTTP's default) asks the server (`server/discover`, revision
   * 2026-07-28) and falls back to the `initialize` handshake of 2025-11-25 and earlier;
   * `"legacy"` (stdio's default) only shakes hands; `"2026-07-28"` insists on that revision.
   */
  protocolVersion?: "auto" | "legacy" | "2026-07-28" | undefined;
  /**
   * What the server answered to `server/discover` at an earlier connection (`tool.discovery`), or
   * `{ kind: "legacy" }` for a server known to need the handshake: connecting then asks nothing.
   */
  prior?: PriorDiscovery | undefined;
  /**
   * Answers the server's questions to the person (elicitation: a form, or an address to open).
   * Without it the client declares no elicitation, and a server must not ask.
   */
  onElicit?: McpElicitHandler | undefined;
  /**
   * Runs the server's sampling requests through a model of your choice. Without it, and without
   * `allowSampling`, the server may not sample.
   */
  onSample?: McpSampleHandler | undefined;
  /**
   * Lets the server use the caller's model: its sampling requests go to whoever called the tool (an
   * `Agent`'s own driver, the client of `serveMcp`). Off by default: a server sees no model unless
   * you allow it here (or give `onSample`).
   */
  allowSampling?: boolean | undefined;
  /**
   * Follows a tool the server runs as a task (the Tasks extension of 2026-07-28; the experimental
   * tasks of 2025-11-25 for a tool whose `execution.taskSupport` is `"required"`): the call polls
   * `tasks/get` rather than holding its request open, answers the task's questions, and cancels the
   * task when aborted. On by default; `false` uses no tasks; `"prefer"` also runs a 2025-11-25 tool
   * whose task support is `"optional"` as a task (for long calls).
   */
  tasks?: boolean | "prefer" | undefined;
  /** The roots offered to the server (`roots/list`); none declared by default. */
  roots?: readonly McpRoot[] | undefined;
}

interface ConnectionState {
  readonly connection: McpConnection;
  readonly serverNames: ReadonlyMap<string, string>;
  readonly serverTools: ReadonlyMap<string, McpServerTool>;
  readonly requestTimeoutMs: number;
}

const subject = "McpTool.connect";
const mcpSdk = "@modelcontextprotocol/client";

// Constructor tokens: only `connect` can make an McpTool, because only it has a live connection.
const tokens = new WeakMap<object, ConnectionState>();
const states = new WeakMap<object, ConnectionState>();

/**
 * A Tool made from an MCP server: one activity per server tool (names that toolwright does not accept
 * are rewritten reversibly), the server's input schemas as given, its tool hints as annotations, and
 * its results mapped back to artifacts (`isError` → `ErrorArtifact`). A server that dies or stops
 * answering mid-call gives an `ErrorArtifact`, never a hang. Tools are read once, at `connect`.
 *
 * @example
 * ```ts
 * import { McpTool } from "toolwright/mcp";
 * const files = await McpTool.connect({ command: "mcp-server-filesystem", args: ["./docs"] });
 * const toolbox = new Toolbox([files]);
 * // … run an agent …
 * await files.close();
 * ```
 */
export class McpTool extends Tool {
  /** Use `McpTool.connect`: constructing one directly throws `McpConfigError`. */
  constructor(connection: unknown, options: ToolOptions = {}) {
    const state =
      typeof connection === "object" && connection !== null ? tokens.get(connection) : undefined;
    if (state === undefined) {
      throw new McpConfigError({
        subject: "McpTool",
        option: "constructor",
        message: "is not public; create one with `await McpTool.connect(target, options)`",
      });
    }
    super(options);
    states.set(this, state);
  }

  /**
   * Starts (`command`) or reaches (`url`) an MCP server, runs the handshake, lists its tools and
   * resolves to a Tool with one activity per server tool. The tool is named after the server (the last
   * part of its name) unless `options.name` says otherwise. Throws `McpConnectionError` when the server
   * cannot be started or reached, with the end of its stderr.
   *
   * @example
   * ```ts
   * const everything = await McpTool.connect({ command: "node", args: ["node_modules/@modelcontextprotocol/server-everything/dist/index.js"] });
   * (await everything.run("get-sum", { a: 2, b: 3 })).toText(); // "The sum of 2 and 3 is 5."
   * ```
   */
  static async connect(target: McpServerTarget, options: McpToolOptions = {}): Promise<McpTool> {
    checkConnectArguments(target, options);
    const {
      connectTimeoutMs,
      requestTimeoutMs,
      auth,
      protocolVersion,
      prior,
      onElicit,
      onSample,
      roots,
      allowSampling,
      tasks,
      ...toolOptions
    } = options;
    const connectTimeout = connectTimeoutMs ?? 30_000;
    const requestTimeout = requestTimeoutMs ?? 60_000;
    // The SDK loads only now, so `toolwright/mcp` imports without it and a missing SDK is named here.
    requirePackage(subject, mcpSdk);
    const { openConnection } = await loadPackage(
      subject,
      mcpSdk,
      () => import("./mcp-connection.js"),
    );
    const { connection, tools } = await openConnection(target, {
      timeoutMs: connectTimeout,
      auth,
      protocolVersion,
      prior,
      handlers: { onElicit, onSample, roots },
      allowSampling,
      tasks,
    });
    try {
      const name = toolOptions.name ?? defaultName(connection);
      const Connected = class extends McpTool {};
      const inherited = (McpTool as { [Symbol.metadata]?: object | null })[Symbol.metadata];
      const metadata: object = Object.create(inherited ?? null);
      Object.defineProperty(Connected, Symbol.metadata, { value: metadata });
      Object.defineProperty(Connected, "name", { value: "McpTool" });
      const serverNames = recordServerTools(metadata, name, tools, callServerTool);
      const token = {};
      const serverTools = new Map(
        tools.map((spec) => [spec.name, Object.freeze(structuredClone(spec)) as McpServerTool]),
      );
      tokens.set(token, { connection, serverNames, serverTools, requestTimeoutMs: requestTimeout });
      return new Connected(token, { ...toolOptions, name });
    } catch (error) {
      await connection.end("connect failed").catch(() => undefined);
      throw error;
    }
  }

  /**
   * The server's name, version and title, as it gave them in the handshake.
   *
   * @example
   * ```ts
   * tool.serverInfo.name; // "mcp-servers/everything"
   * ```
   */
  get serverInfo(): { readonly name: string; readonly version: string; readonly title?: string } {
    const info = stateOf(this).connection.client.getServerVersion();
    return {
      name: info?.name ?? "",
      version: info?.version ?? "",
      ...(info?.title === undefined ? {} : { title: info.title }),
    };
  }

  /**
   * The server's own name for an activity (they differ only when the server's name had to be rewritten).
   *
   * @example
   * ```ts
   * tool.serverToolName("get_weather_"); // "get weather?"
   * ```
   */
  serverToolName(activityName: string): string | undefined {
    return stateOf(this).serverNames.get(activityName);
  }

  /**
   * The server's definition of an activity's tool, exactly as `tools/list` gave it (its input
   * schema with every keyword, `$schema` included; output schema, annotations, `_meta`).
   *
   * @example
   * ```ts
   * tool.serverTool("get_weather_")?.inputSchema; // { $schema: "https://json-schema.org/draft/2020-12/schema", … }
   * ```
   */
  serverTool(activityName: string): McpServerTool | undefined {
    const { serverNames, serverTools } = stateOf(this);
    const serverName = serverNames.get(activityName);
    return serverName === undefined ? undefined : serverTools.get(serverName);
  }

  /**
   * What the server answered to `server/discover` (protocol 2026-07-28), to pass as `prior` to a
   * later `connect` so it skips asking; `undefined` for a server reached with the handshake.
   *
   * @example
   * ```ts
   * const again = await McpTool.connect(target, { prior: { kind: "modern", discover: tool.discovery! } });
   * ```
   */
  get discovery(): DiscoverResult | undefined {
    return stateOf(this).connection.client.getDiscoverResult();
  }

  /**
   * Ends the session and stops a server this tool started. Calls made afterwards give an `ErrorArtifact`.
   *
   * @example
   * ```ts
   * await tool.close();
   * ```
   */
  async close(): Promise<void> {
    await stateOf(this).connection.end("the tool was closed");
  }
}

function stateOf(tool: object): ConnectionState {
  const state = states.get(tool);
  if (state === undefined) throw new TypeError("not a connected McpTool");
  return state;
}

async function callServerTool(
  tool: object,
  serverName: string,
  input: unknown,
  context: ActivityContext,
): Promise<Artifact> {
  const { connection, requestTimeoutMs, serverTools } = stateOf(tool);
  const server = connection.label;
  if (connection.ended !== undefined) {
    return new ErrorArtifact(
      `MCP server "${server}" is not connected (${connection.ended.reason}); the tool "${serverName}" cannot run`,
      { code: "mcp_server_closed" },
    );
  }
  const call = connection.track(context.signal);
  try {
    // The server's progress reports become this activity's own (so they reach our caller, or our
    // own MCP client), and each one restarts the request timeout, as the spec allows.
    const onprogress = (report: {
      progress: number;
      total?: number | undefined;
      message?: string | undefined;
    }) => reportProgress(context, report.progress, report.total, report.message);
    // A task's status messages count as progress too (the Tasks extension has no other reports).
    let statuses = 0;
    const onStatus = (message: string) => reportProgress(context, ++statuses, undefined, message);
    const capabilities = connection.callMeta(context.canAsk);
    const spec = serverTools.get(serverName);
    const send = (meta: Record<string, unknown>) =>
      connection.client.callTool(
        {
          name: serverName,
          arguments: input as Record<string, unknown>,
          ...(spec === undefined ? {} : connection.taskParams(spec)),
          _meta: { ...meta, ...capabilities },
        },
        {
          signal: call.signal,
          timeout: requestTimeoutMs,
          onprogress,
          resetTimeoutOnProgress: true,
        },
      );
    const { value: result, refusal } = await connection.forwarding.during(context, () =>
      traceMcpClientCall(
        { toolName: serverName, sessionId: connection.client.transport?.sessionId },
        (meta) =>
          inCallScope(call.signal, async () => {
            try {
              return await connection.authorized(() => send(meta));
            } catch (error) {
              const task = connection.followTask(error, {
                signal: call.signal,
                timeoutMs: requestTimeoutMs,
                meta: capabilities,
                onStatus,
                onProgress: onprogress,
              });
              if (task === undefined) throw error;
              return await task;
            }
          }),
      ),
    );
    // The server's failure after its question was refused: the refusal says why.
    if (refusal !== undefined && (result as McpCallResult).isError === true) {
      return new ErrorArtifact(refusal.message, { code: refusal.code, cause: result });
    }
    return fromCallToolResult(result as McpCallResult);
  } catch (error) {
    // Our own timeout or the caller's abort: the run pipeline reports it.
    if (context.signal.aborted) throw error;
    if (CallerError.isInstance(error) || isRemoteTaskError(error)) {
      return new ErrorArtifact(error.message, { code: error.code, cause: error });
    }
    return callFailure(error, connection, serverName);
  } finally {
    call.release();
  }
}

function reportProgress(
  context: ActivityContext,
  done: number,
  total: number | undefined,
  message: string | undefined,
): void {
  try {
    context.progress(done, total, message);
  } catch {
    // A server's malformed report (negative, not finite) is its problem, not this call's.
  }
}

/** A task of the server's that failed, was cancelled or asked what it may not (remote-task.ts). */
function isRemoteTaskError(error: unknown): error is Error & { code: string } {
  return (
    error instanceof Error &&
    error.name === "RemoteTaskError" &&
    typeof (error as { code?: unknown }).code === "string"
  );
}

function callFailure(error: unknown, connection: McpConnection, serverName: string): ErrorArtifact {
  const server = connection.label;
  const lost = connection.ended;
  const kind = connection.errorKind(error);
  if (lost !== undefined || kind === "closed") {
    const stderr = connection.stderrTail().trim();
    const why = lost?.reason ?? "the server closed the connection";
    return new ErrorArtifact(
      `MCP server "${server}" went away while "${serverName}" was running (${why})${stderr === "" ? "" : `; its last output: ${stderr.slice(-500)}`}`,
      { code: "mcp_server_closed", cause: error },
    );
  }
  if (kind === "unauthorized") {
    return new ErrorArtifact(
      `MCP server "${server}" did not accept the call to "${serverName}": it ${connection.authorizationProblem(error) ?? "needs authorization"}`,
      { code: "mcp_unauthorized", cause: error },
    );
  }
  if (kind === "timeout") {
    return new ErrorArtifact(`MCP server "${server}" did not answer "${serverName}" in time`, {
      code: "timeout",
      cause: error,
    });
  }
  if (kind === "refused") {
    return new ErrorArtifact(
      `MCP server "${server}" refused "${serverName}": ${messageOf(error)}`,
      {
        code: "mcp_error",
        cause: error,
      },
    );
  }
  return new ErrorArtifact(
    `MCP server "${server}" could not run "${serverName}": ${messageOf(error)}`,
    {
      code: "mcp_server_unreachable",
      cause: error,
    },
  );
}

function defaultName(connection: McpConnection): string {
  const serverName = connection.client.getServerVersion()?.name ?? "";
  const last =
    serverName
      .split("/")
      .filter((part) => part !== "")
      .at(-1) ?? "";
  const cleaned = last.replace(/[^\p{L}\p{N}_.-]/gu, "_").slice(0, 128);
  return cleaned === "" ? "McpTool" : cleaned;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
