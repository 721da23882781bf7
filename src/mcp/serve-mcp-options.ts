import type { Readable, Writable } from "node:stream";
import type { TaskStore } from "../memory/task-store.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { McpChangeNotifier } from "./change-feed.js";
import type { PrincipalResolver } from "./mcp-principal.js";
import type { McpNaming } from "./served-catalog.js";

/**
 * What every `serveMcp` transport accepts: how the server introduces itself.
 *
 * @example
 * ```ts
 * const common: McpServeCommonOptions = { name: "weather-tools", instructions: "Temperatures are in °C." };
 * ```
 */
export interface McpServeCommonOptions {
  /** The server name clients show; `"toolwright"` by default. */
  name?: string | undefined;
  /** The server version; toolwright's by default. */
  version?: string | undefined;
  /** Instructions clients may add to the model's prompt. */
  instructions?: string | undefined;
  /**
   * The secret (at least 32 bytes; a string counts its UTF-8 bytes) that signs the state a 2026-07-28
   * client carries between `input_required` rounds, so a tampered one is refused. Replicas that may
   * take each other's retries need the same one; by default a random key serves this process only.
   */
  stateKey?: string | Uint8Array | undefined;
  /**
   * How clients see tool and prompt names: `"native"` (the default, `<tool name>_<activity name>`, as
   * every provider dialect names them) or `"bare"` (the activity's or prompt's own name; two of a kind
   * with one name throw `McpConfigError`).
   */
  naming?: McpNaming | undefined;
  /** Where and how long activities marked `task` keep their MCP tasks. */
  tasks?: McpTaskOptions | undefined;
  /**
   * Call receipts for `tools/call` (docs/reliability.md): a call whose `_meta` carries
   * `io.toolwright/idempotencyKey` (or `idempotencyKey`), or that repeats a request id on a session,
   * returns its recorded result rather than running twice. The toolbox's own store by default.
   */
  receipts?: McpReceiptOptions | undefined;
}

/**
 * Where `serveMcp` keeps its calls' receipts and for how long (24 hours by default). Each client's
 * keys live in its principal's own scope, so one client never replays another's result.
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", receipts: { store: new SqliteReceiptStore({ path: "receipts.db" }) } });
 * ```
 */
export type McpReceiptOptions = Omit<ReceiptOptions, "scope">;

/**
 * How `serveMcp` keeps the MCP tasks of activities marked `@activity({ task })`. By default their
 * state is in the store of the toolbox's task memory when that store keeps tasks
 * (`SqliteArtifactStore`, `RedisArtifactStore`: a task survives a restart, and every replica on the
 * same store answers for it), else in this process.
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", tasks: { ttlMs: 86_400_000, pollIntervalMs: 2_000 } });
 * ```
 */
export interface McpTaskOptions {
  /** Where task state lives; see above for the default. */
  store?: TaskStore | undefined;
  /** How long a task is kept from its creation; 1 hour by default. */
  ttlMs?: number | undefined;
  /** How often clients are told to poll; 1 second by default. */
  pollIntervalMs?: number | undefined;
}

/**
 * Serve over stdio: the client starts this process and speaks MCP on its stdin and stdout.
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "stdio" });
 * ```
 */
export interface StdioServeOptions extends McpServeCommonOptions {
  transport: "stdio";
  /** Where requests come from; `process.stdin` by default. */
  stdin?: Readable | undefined;
  /** Where responses go; `process.stdout` by default (so log to stderr). */
  stdout?: Writable | undefined;
}

/**
 * Serve over Streamable HTTP at `/mcp`, on 127.0.0.1 unless told otherwise.
 *
 * @example
 * ```ts
 * const { url } = await serveMcp(toolbox, { transport: "http", port: 0, token: process.env.MCP_TOKEN });
 * ```
 */
export interface HttpServeOptions extends McpServeCommonOptions {
  transport: "http";
  /** The address to bind; `"127.0.0.1"` by default (`"0.0.0.0"` exposes the server to the network). */
  host?: string | undefined;
  /** The port; `0` (the default) picks a free one, read it from the handle's `url`. */
  port?: number | undefined;
  /**
   * When set, every request needs `Authorization: Bearer <token>`; others get 401. Required when `host`
   * is not a loopback address (`McpConfigError` otherwise). Without one on loopback, any local process
   * can call the tools: pass one unless every local user and process may.
   */
  token?: string | undefined;
  /**
   * Host names the `Host` header may carry (port ignored), against DNS rebinding; by default
   * `127.0.0.1`, `localhost`, `[::1]` and `host` itself unless it is a wildcard.
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * Origins a browser request may come from (requests without `Origin` always pass); by default the
   * server's own `http://<allowed host>:<port>` origins.
   */
  allowedOrigins?: readonly string[] | undefined;
  /**
   * Largest request body in bytes, answered 413 beyond (on every request, `initialize` included);
   * 2 MiB by default, which keeps parsing any one body under about a tenth of a second.
   */
  maxBodyBytes?: number | undefined;
  /**
   * `"stateful"` (the default): one MCP server per client session, named by the `Mcp-Session-Id` the
   * server issues, so every request of a client must reach this process. `"stateless"`: one MCP server
   * per POST and no session id, so replicas behind any load balancer can serve one client; GET and
   * DELETE answer 405, and a call is cancelled by closing its request (a `notifications/cancelled`
   * cannot reach it). `maxSessions` and `sessionIdleMs` apply to stateful serving only.
   */
  sessions?: "stateful" | "stateless" | undefined;
  /**
   * Most client sessions open at once, answered 503 beyond; 256 by default. A session counts once its
   * `initialize` request has arrived whole, so clients still sending one hold no slot.
   */
  maxSessions?: number | undefined;
  /** Time for a request's headers to arrive (milliseconds), then 408 and the connection closed; 10 s by default. */
  headersTimeoutMs?: number | undefined;
  /** Time for a request's body to arrive once its headers have (milliseconds), then 408 and the connection closed; 30 s by default. */
  bodyTimeoutMs?: number | undefined;
  /**
   * A session with no request or stream open for this long (milliseconds) is closed, since clients
   * often leave without ending theirs; 30 minutes by default.
   */
  sessionIdleMs?: number | undefined;
  /**
   * Server-sent events each session keeps, so a client whose stream dropped reconnects with
   * `Last-Event-ID` and gets what it missed; the oldest go first. 1,000 by default.
   */
  streamEvents?: number | undefined;
  /**
   * How long (milliseconds) a client whose stream dropped waits before reconnecting: the `retry` of
   * each stream's priming event. 2 s by default.
   */
  sseRetryMs?: number | undefined;
  /**
   * Who each client acts for in task memory: the owner of the output its calls store and the only one
   * who lists, reads, searches or subscribes to it. By default a 2025-era session is its own principal;
   * a request without a session (2026-07-28, stateless serving) is its authenticated client
   * (`request.auth.clientId`), else the holder of its bearer token, else the default space. Return another
   * name to group clients, a `MemoryScope` to let one read others' output (explicit sharing), or
   * `undefined` to give everyone the one default space (a single-user server).
   */
  principal?: PrincipalResolver | undefined;
}

/**
 * How to serve a toolbox over MCP: stdio or Streamable HTTP.
 *
 * @example
 * ```ts
 * const options: ServeMcpOptions = { transport: "http", port: 3000 };
 * ```
 */
export type ServeMcpOptions = StdioServeOptions | HttpServeOptions;

/**
 * A running MCP server.
 *
 * @example
 * ```ts
 * const server = await serveMcp(toolbox, { transport: "http" });
 * console.error(`MCP on ${server.url}`);
 * await server.close();
 * ```
 */
export interface McpServerHandle {
  /** `http://127.0.0.1:<port>/mcp` for HTTP; absent for stdio. */
  readonly url?: string;
  /** Settles once the server has stopped: after `close()`, or (stdio) when stdin ends. */
  readonly closed: Promise<void>;
  /**
   * Stops serving: closes every session (stateless: answers each request in flight with an error) and
   * the listening socket; calls still running are aborted.
   */
  close(): Promise<void>;
  /** Tells the clients that the tools, resources or prompts changed, or that a resource's content did. */
  readonly notify: McpChangeNotifier;
}
