import { basename } from "node:path";
import {
  Client,
  type Tool as McpToolSpec,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { McpConfigError } from "../errors/mcp-config-error.js";
import { McpConnectionError } from "../errors/mcp-connection-error.js";
import { packageVersion } from "../internal/package-version.js";
import { callScopedFetch } from "./call-scoped-fetch.js";

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
   * What a failed call's error means: the connection closed, the request timed out, the server
   * refused (another MCP error), or `undefined` for anything else. Here, so that only this module
   * (loaded with the SDK) needs the SDK's error class.
   */
  errorKind(error: unknown): "closed" | "timeout" | "refused" | undefined;
}

const subject = "McpTool.connect";
const stderrKeep = 4_000;

/** @internal Starts or reaches the server, runs the MCP handshake and lists every tool (all pages). */
export async function openConnection(
  target: McpServerTarget,
  timeoutMs: number,
): Promise<{ connection: McpConnection; tools: McpToolSpec[] }> {
  const { transport, label, stderrTail } = createTransport(target);
  const client = new Client({ name: "toolwright", version: packageVersion() });
  const state: { ended: { reason: string } | undefined } = { ended: undefined };
  const inflight = new Set<AbortController>();
  const lose = (reason: string) => {
    state.ended ??= { reason };
    for (const controller of inflight) controller.abort(new Error(reason));
  };
  client.onclose = () => lose("the server closed the connection");
  if (transport instanceof StreamableHTTPClientTransport) {
    // A response stream that breaks may mean the server died, and the SDK would then wait for the
    // request timeout: ask the server (ping) and give up on the calls in flight if it is gone.
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
  const connection: McpConnection = {
    client,
    label,
    stderrTail,
    get ended() {
      return state.ended;
    },
    end: async (reason) => {
      state.ended ??= { reason };
      // Over HTTP the session lives on the server until ended; a stdio server just exits.
      if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close();
    },
    errorKind: (error) => {
      if (error instanceof ProtocolError) return "refused";
      if (!(error instanceof SdkError)) return undefined;
      if (error.code === SdkErrorCode.ConnectionClosed) return "closed";
      return error.code === SdkErrorCode.RequestTimeout ? "timeout" : undefined;
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
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const tools: McpToolSpec[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
        timeout: timeoutMs,
      });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { connection, tools };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new McpConnectionError({
      server: label,
      message: `cannot connect: ${messageOf(error)}`,
      stderr: stderrTail(),
      cause: error,
    });
  }
}

function createTransport(target: McpServerTarget): {
  transport: Transport;
  label: string;
  stderrTail: () => string;
} {
  // The target's shape was checked by `McpTool.connect` (`mcp-option-rules.ts`).
  if ("url" in target && target.url !== undefined) return httpTransport(target);
  return stdioTransport(target as McpStdioTarget);
}

function stdioTransport(target: McpStdioTarget) {
  const args = target.args ?? [];
  const stderr = target.stderr ?? "pipe";
  const transport = new StdioClientTransport({
    command: target.command,
    args: [...args],
    ...(target.env === undefined ? {} : { env: { ...target.env } }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    stderr,
  });
  let tail = "";
  // Reading the pipe also keeps a chatty server from blocking on a full stderr buffer.
  transport.stderr?.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-stderrKeep);
  });
  const label = [target.command, ...args]
    .map((part, index) => (index < 2 && part.includes("/") ? basename(part) : part))
    .join(" ");
  return { transport, label, stderrTail: () => tail };
}

function httpTransport(target: McpHttpTarget) {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new McpConfigError({
      subject,
      option: "url",
      message: `is not a URL; got ${JSON.stringify(String(target.url))}`,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new McpConfigError({ subject, option: "url", message: "must be an http: or https: URL" });
  }
  const headers = target.headers === undefined ? undefined : { ...target.headers };
  const transport = new StreamableHTTPClientTransport(url, {
    ...(headers === undefined ? {} : { requestInit: { headers } }),
    // A cancelled call's POST closes too: the only cancellation a stateless server can see.
    fetch: callScopedFetch(),
    // A server that went away is reported, not retried for minutes.
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1_000,
      maxReconnectionDelay: 1_000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  const shown = new URL(url);
  shown.username = "";
  shown.password = "";
  return { transport, label: shown.href, stderrTail: () => "" };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
