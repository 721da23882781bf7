import {
  CLIENT_CAPABILITIES_META_KEY,
  type Client,
  type Tool as McpToolSpec,
  type OAuthClientProvider,
  type PriorDiscovery,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import type { CallerAbilities } from "../caller/caller-types.js";
import { McpAuthorizationError } from "../errors/mcp-authorization-error.js";
import { McpConnectionError } from "../errors/mcp-connection-error.js";
import { packageVersion } from "../internal/package-version.js";
import {
  authorizationProblem,
  type ConnectionAuth,
  type McpAuth,
  resolveAuth,
  withAuthorization,
} from "./auth/authorization.js";
import { CallerForwarding } from "./caller-forwarding.js";
import {
  type ClientTransport,
  httpTransport,
  stdioTransport,
  targetUrl,
} from "./client-transport.js";
import type { McpCallResult } from "./from-mcp-result.js";
import { followTask } from "./remote-task.js";
import {
  answerServerRequests,
  capabilitiesFor,
  clientCapabilities,
  type ServerRequestHandlers,
} from "./server-requests.js";
import { createdTask, TaskAwareClient, tasksExtension } from "./task-client.js";

/**
 * An MCP server started as a child process, spoken to over its stdin and stdout.
 *
 * @example
 * ```ts
 * const target: McpStdioTarget = { command: "npx", args: ["mcp-server-filesystem", "/srv/docs"] };
 * ```
 */
export interface McpStdioTarget {
  /** The program to run. */
  command: string;
  args?: readonly string[] | undefined;
  /** Added to a safe default environment (PATH, HOME, …), not to all of this process's variables. */
  env?: Readonly<Record<string, string>> | undefined;
  /** The server's working directory; this process's by default. */
  cwd?: string | undefined;
  /**
   * The server's stderr: `"pipe"` (the default) keeps its last lines for error messages, `"inherit"`
   * shows it on this process's stderr, `"ignore"` drops it.
   */
  stderr?: "pipe" | "inherit" | "ignore" | undefined;
}

/**
 * An MCP server reached over Streamable HTTP.
 *
 * @example
 * ```ts
 * const target: McpHttpTarget = { url: "http://127.0.0.1:3000/mcp", headers: { Authorization: `Bearer ${token}` } };
 * ```
 */
export interface McpHttpTarget {
  url: string | URL;
  /** Sent with every request (authorization, for instance). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * Where an MCP server is: a command to start, or a URL.
 *
 * @example
 * ```ts
 * const tool = await McpTool.connect({ url: "http://127.0.0.1:3000/mcp" } satisfies McpServerTarget);
 * ```
 */
export type McpServerTarget = McpStdioTarget | McpHttpTarget;

/** @internal A live client session with one server. */
export interface McpConnection {
  readonly client: Client;
  /** The command line or URL, for messages. */
  readonly label: string;
  /** The end of the server's stderr (stdio with `stderr: "pipe"`). */
  stderrTail(): string;
  /** Why the connection ended, once it has; `undefined` while it is up. */
  readonly ended: { reason: string } | undefined;
  /** Closes the session (and stops a stdio server), recording why. */
  end(reason: string): Promise<void>;
  /** A signal for one call: aborted with `signal`, or when the server is found gone. */
  track(signal: AbortSignal): { readonly signal: AbortSignal; release(): void };
  /**
   * Runs one request; when it fails because the server wants a (wider) login and a person may be
   * asked, waits for the sign-in and runs it again.
   */
  authorized<T>(request: () => Promise<T>): Promise<T>;
  /**
   * What a failed call's error means: the connection closed, the request timed out, the server
   * refused (another MCP error), authorization failed, or `undefined` for anything else. Here, so
   * that only this module (loaded with the SDK) needs the SDK's error classes.
   */
  errorKind(error: unknown): "closed" | "timeout" | "refused" | "unauthorized" | undefined;
  /** For an `unauthorized` error: what to tell the model and the person. */
  authorizationProblem(error: unknown): string | undefined;
  /** Sends the server's questions during a call to that call's caller. */
  readonly forwarding: CallerForwarding;
  /**
   * The `_meta` of one call: on revision 2026-07-28, the capabilities this call can answer (its
   * caller's, the handlers given) and the Tasks extension; nothing on earlier revisions.
   */
  callMeta(canAsk: CallerAbilities): Record<string, unknown>;
  /**
   * When a call's error is the server's answer that it runs the call as a task: follows the task to
   * its result. `undefined` for any other error.
   */
  followTask(
    error: unknown,
    options: {
      signal: AbortSignal;
      timeoutMs: number;
      /** The call's own capabilities (`callMeta`), repeated on every tasks request. */
      meta: Record<string, unknown>;
      onStatus: (message: string) => void;
      onProgress: (report: { progress: number; total?: number; message?: string }) => void;
    },
  ): Promise<McpCallResult> | undefined;
  /**
   * The `task` parameter of a call to `tool` on a 2025-11-25 server that offers experimental tasks
   * for `tools/call`: `{ task: {} }` when the tool's `execution.taskSupport` is `"required"` (or
   * `"optional"` with `tasks: "prefer"`), else nothing (the 2026-07-28 extension needs none).
   */
  taskParams(tool: McpToolSpec): { task?: Record<string, never> };
}

/** @internal How `openConnection` connects. */
export interface ConnectionOptions {
  /** Starting, handshake (or discovery) and listing, in milliseconds. */
  readonly timeoutMs: number;
  readonly auth?: McpAuth | undefined;
  /**
   * `"auto"`: ask the server for its revision (`server/discover`, 2026-07-28) and fall back to the
   * `initialize` handshake; `"legacy"`: only the handshake; a revision: that one or fail.
   */
  readonly protocolVersion?: "auto" | "legacy" | "2026-07-28" | undefined;
  /** What the server said at an earlier connection (`server/discover`), to skip asking again. */
  readonly prior?: PriorDiscovery | undefined;
  readonly handlers?: ServerRequestHandlers | undefined;
  /** Whether the server may use the caller's model (sampling forwarded to the caller). */
  readonly allowSampling?: boolean | undefined;
  /** Whether tasks are followed; `"prefer"`: also run `"optional"` tools as 2025-11-25 tasks. */
  readonly tasks?: boolean | "prefer" | undefined;
}

/** @internal Starts or reaches the server, runs the MCP handshake and lists every tool (all pages). */
export async function openConnection(
  target: McpServerTarget,
  options: ConnectionOptions,
): Promise<{ connection: McpConnection; tools: McpToolSpec[] }> {
  const url = targetUrl(target);
  const sendsAuthorization = Object.keys((target as McpHttpTarget).headers ?? {}).some(
    (name) => name.toLowerCase() === "authorization",
  );
  const auth: ConnectionAuth =
    url === undefined
      ? { provider: undefined, close: async () => undefined }
      : await resolveAuth(url, options.auth, sendsAuthorization);
  const open = () => {
    const opened =
      url === undefined
        ? stdioTransport(target as McpStdioTarget)
        : httpTransport(url, target as McpHttpTarget, auth.provider);
    const forwarding = new CallerForwarding({
      server: opened.label,
      allowSampling: options.allowSampling === true,
    });
    const handlers = forwarding.handlers(options.handlers ?? {});
    const client = new TaskAwareClient(
      { name: "toolwright", version: packageVersion() },
      {
        capabilities: clientCapabilities(handlers),
        versionNegotiation: { mode: negotiation(options.protocolVersion, url !== undefined) },
      },
    );
    answerServerRequests(client, opened.label, handlers);
    return { opened, client, forwarding, handlers };
  };
  let current = open();
  const finish = (response: URLSearchParams) =>
    (current.opened.transport as StreamableHTTPClientTransport).finishAuth(response);
  try {
    // A sign-in during connect leaves that transport started: the next round needs a fresh one.
    let round = 0;
    await withAuthorization(auth.provider, finish, async () => {
      if (round++ > 0) {
        await current.client.close().catch(() => undefined);
        current = open();
      }
      await current.client.connect(current.opened.transport, {
        timeout: options.timeoutMs,
        ...(options.prior === undefined ? {} : { prior: options.prior }),
      });
    });
    const connection = liveConnection(current, auth, {
      given: options.handlers ?? {},
      tasks: options.tasks ?? true,
    });
    const tools = await connection.authorized(() =>
      listAllTools(current.client, options.timeoutMs),
    );
    return { connection, tools };
  } catch (error) {
    await current.client.close().catch(() => undefined);
    await auth.close();
    const label = current.opened.label;
    const problem =
      url === undefined
        ? undefined
        : authorizationProblem(error, label, auth.provider !== undefined);
    if (problem !== undefined)
      throw new McpAuthorizationError({ server: label, message: problem, cause: error });
    throw new McpConnectionError({
      server: label,
      message: `cannot connect: ${messageOf(error)}`,
      stderr: current.opened.stderrTail(),
      cause: error,
    });
  }
}

function negotiation(
  version: ConnectionOptions["protocolVersion"],
  http: boolean,
): "auto" | "legacy" | { pin: string } {
  // Over stdio a probe costs a second process (the SDK's sibling probe): only when asked.
  const mode = version ?? (http ? "auto" : "legacy");
  return mode === "auto" || mode === "legacy" ? mode : { pin: mode };
}

async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolSpec[]> {
  const tools: McpToolSpec[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
      timeout: timeoutMs,
    });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

function liveConnection(
  live: {
    opened: ClientTransport;
    client: TaskAwareClient;
    forwarding: CallerForwarding;
    handlers: ServerRequestHandlers;
  },
  auth: ConnectionAuth,
  options: { given: ServerRequestHandlers; tasks: boolean | "prefer" },
): McpConnection {
  const { opened, client, forwarding, handlers } = live;
  const { transport, label, stderrTail } = opened;
  const state: { ended: { reason: string } | undefined } = { ended: undefined };
  const inflight = new Set<AbortController>();
  const lose = (reason: string) => {
    state.ended ??= { reason };
    for (const controller of inflight) controller.abort(new Error(reason));
  };
  client.onclose = () => lose("the server closed the connection");
  if (transport instanceof StreamableHTTPClientTransport && client.getProtocolEra() !== "modern") {
    // A response stream that breaks may mean the server died, and the SDK would then wait for the
    // request timeout: ask the server (ping) and give up on the calls in flight if it is gone.
    // (On 2026-07-28 every request has its own stream, whose end fails that request.)
    let checking = false;
    client.onerror = () => {
      if (checking || state.ended !== undefined || inflight.size === 0) return;
      checking = true;
      client.ping({ timeout: 5_000 }).then(
        () => {
          checking = false;
        },
        (error: unknown) => {
          checking = false;
          lose(`the server stopped answering: ${messageOf(error)}`);
        },
      );
    };
  }
  const provider: OAuthClientProvider | undefined = auth.provider;
  return {
    client,
    label,
    stderrTail,
    get ended() {
      return state.ended;
    },
    end: async (reason) => {
      state.ended ??= { reason };
      await auth.close();
      // Over HTTP the session lives on the server until ended; a stdio server just exits.
      if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close();
    },
    authorized: (request) =>
      transport instanceof StreamableHTTPClientTransport
        ? withAuthorization(provider, (response) => transport.finishAuth(response), request)
        : request(),
    errorKind: (error) => {
      if (authorizationProblem(error, label, provider !== undefined) !== undefined) {
        return "unauthorized";
      }
      if (error instanceof ProtocolError) return "refused";
      if (!(error instanceof SdkError)) return undefined;
      if (error.code === SdkErrorCode.ConnectionClosed) return "closed";
      return error.code === SdkErrorCode.RequestTimeout ? "timeout" : undefined;
    },
    authorizationProblem: (error) => authorizationProblem(error, label, provider !== undefined),
    forwarding,
    callMeta: (canAsk) => {
      if (client.getProtocolEra() !== "modern") return {};
      const capabilities = capabilitiesFor(
        forwarding.abilities(options.given, canAsk),
        handlers.urlElicitation !== false,
      );
      return {
        [CLIENT_CAPABILITIES_META_KEY]:
          options.tasks !== false
            ? { ...capabilities, extensions: { [tasksExtension]: {} } }
            : capabilities,
      };
    },
    followTask: (error, call) => {
      const task = createdTask(error);
      if (task === undefined) return undefined;
      return followTask(task, {
        client,
        server: label,
        handlers,
        signal: call.signal,
        requestTimeoutMs: call.timeoutMs,
        meta: call.meta,
        onStatus: call.onStatus,
        onProgress: call.onProgress,
      });
    },
    taskParams: (tool) => {
      const support = tool.execution?.taskSupport;
      const offered =
        options.tasks !== false &&
        client.getProtocolEra() !== "modern" &&
        client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
      const wanted =
        support === "required" || (support === "optional" && options.tasks === "prefer");
      return offered && wanted ? { task: {} } : {};
    },
    track: (signal) => {
      const controller = new AbortController();
      inflight.add(controller);
      return {
        signal: AbortSignal.any([signal, controller.signal]),
        release: () => inflight.delete(controller),
      };
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
