import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  bearerMatches,
  defaultAllowedHosts,
  defaultAllowedOrigins,
  headerProblem,
} from "../mcp/http-guards.js";
import { readBody } from "../mcp/read-body.js";
import type { TaskMemory } from "../memory/task-memory.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type ApiContext, handleApi } from "./api-routes.js";
import { send, sendError } from "./http-replies.js";
import { LiveEvents } from "./live-events.js";
import { MemoryViews } from "./memory-views.js";
import { RequestProblem } from "./request-problem.js";
import { StaticAssets } from "./static-assets.js";

/** @internal Options of {@link startInspector}. */
export interface InspectorOptions {
  readonly toolbox: Toolbox;
  /** `built-in tools` or the module's path, shown in the page's header. */
  readonly source: string;
  /** The secret every page load (`?token=`) and API request (`Authorization: Bearer`) must carry. */
  readonly token: string;
  /** Address to bind; `127.0.0.1` by default. */
  readonly host?: string | undefined;
  /** Port; `0` (the default) picks a free one. */
  readonly port?: number | undefined;
  /** Host names the `Host` header may carry; loopback (and `host`) by default. */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Browser origins allowed; this server's own by default. */
  readonly allowedOrigins?: readonly string[] | undefined;
  /** The memory the Memory view browses; the toolbox's by default. */
  readonly memory?: TaskMemory | undefined;
}

/** @internal A running inspector. */
export interface InspectorHandle {
  /** The page's address, token included: what to open. */
  readonly url: string;
  /** `http://host:port`, without the token. */
  readonly origin: string;
  /** Settles once the server has stopped. */
  readonly closed: Promise<void>;
  /** Stops the server, ending live streams. */
  close(): Promise<void>;
}

const maxBodyBytes = 2 * 1024 * 1024;
const bodyTimeoutMs = 30_000;
const headersTimeoutMs = 10_000;

/**
 * @internal Serves the inspector's page and its JSON API on `node:http`, guarded as `serve --http` is:
 * repeated headers, then `Host` (DNS rebinding), then `Origin`, then the token, compared in constant
 * time. The page's own script and style files need no token (they are the package's public files and
 * hold no data); the page itself needs `?token=`, every `/api/` request `Authorization: Bearer`.
 *
 * @example
 * ```ts
 * const inspector = await startInspector({ toolbox, source: "tools.ts", token: randomBytes(32).toString("base64url") });
 * console.error(inspector.url);
 * ```
 */
export async function startInspector(options: InspectorOptions): Promise<InspectorHandle> {
  const host = options.host ?? "127.0.0.1";
  const token = options.token;
  if (typeof token !== "string" || token.length < 8 || /\s/.test(token)) {
    throw new TypeError("startInspector: token must be a string of 8 or more non-space characters");
  }
  const assets = new StaticAssets();
  const live = new LiveEvents();
  const memory = options.memory ?? options.toolbox.taskMemory;
  const context: ApiContext = {
    toolbox: options.toolbox,
    source: options.source,
    memory: new MemoryViews(memory),
    memoryName: memory?.name,
    live,
  };
  let allowedHosts: readonly string[] = [];
  let allowedOrigins: readonly string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const problem = headerProblem(request, allowedHosts, allowedOrigins);
    if (problem !== undefined) return sendError(response, problem.status, problem.message);
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    if (url.pathname.startsWith("/api/")) {
      if (!bearerMatches(request.headers.authorization, token)) {
        return sendError(response, 401, "Unauthorized: send Authorization: Bearer <token>", {
          headers: { "WWW-Authenticate": 'Bearer realm="toolwright inspect"' },
        });
      }
      const body = () => readJson(request, response);
      try {
        await handleApi(
          context,
          { method, path: url.pathname, query: url.searchParams, body },
          request,
          response,
        );
      } catch (error) {
        if (!(error instanceof RequestProblem)) throw error;
        // The body may be unread (a refusal before reading it): the connection is not reused then.
        if (!response.headersSent && !response.destroyed) {
          sendError(response, error.status, error.message, { close: !request.complete });
        }
      }
      return;
    }
    if (method !== "GET" && method !== "HEAD") {
      return sendError(response, 405, `${method} is not served here; the page is GET /`);
    }
    if (url.pathname === "/" || url.pathname === "/index.html") {
      const given = url.searchParams.get("token") ?? "";
      if (
        !bearerMatches(`Bearer ${given}`, token) &&
        !bearerMatches(request.headers.authorization, token)
      ) {
        return send(
          response,
          401,
          "text/plain; charset=utf-8",
          "Unauthorized: open the address `toolwright inspect` printed; it ends in ?token=…\n",
        );
      }
      return serveAsset(response, "index.html");
    }
    const name = /^\/assets\/([^/]+)$/.exec(url.pathname)?.[1];
    if (name !== undefined) return serveAsset(response, name);
    return sendError(response, 404, `Not found: ${url.pathname}`);
  };

  const serveAsset = async (response: ServerResponse, name: string) => {
    const asset = await assets.get(name);
    if (asset === undefined) return sendError(response, 404, `Not found: no asset ${name}`);
    send(response, 200, asset.contentType, asset.body);
  };

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: headersTimeoutMs + bodyTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (response.headersSent) response.destroy();
        else
          sendError(
            response,
            500,
            `Internal error: ${error instanceof Error ? error.message : String(error)}`,
          );
      });
    },
  );
  server.listen(options.port ?? 0, host);
  try {
    await Promise.race([
      once(server, "listening"),
      once(server, "error").then(([error]) => Promise.reject(error)),
    ]);
  } catch (error) {
    live.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  allowedHosts = options.allowedHosts ?? defaultAllowedHosts(host);
  allowedOrigins = options.allowedOrigins ?? defaultAllowedOrigins(allowedHosts, port);

  const shownHost = host.includes(":") ? `[${host}]` : host;
  const origin = `http://${shownHost}:${port}`;
  let closing: Promise<void> | undefined;
  const closed = new Promise<void>((resolve) => server.once("close", () => resolve()));
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    closed,
    close: () => {
      closing ??= (async () => {
        live.close();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Open event streams would keep close() waiting for pages that never hang up.
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

/** The POST body as JSON; a `RequestProblem` for one too large, too slow or not JSON. */
async function readJson(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
  if (request.method !== "POST") return undefined;
  const read = await readBody(request, {
    maxBytes: maxBodyBytes,
    timeoutMs: bodyTimeoutMs,
    awaitingContinue: false,
  });
  switch (read.outcome) {
    case "too-large":
      if (read.close) response.setHeader("Connection", "close");
      throw new RequestProblem(
        413,
        `Payload Too Large: the body must not exceed ${maxBodyBytes} bytes`,
      );
    case "timeout":
      response.setHeader("Connection", "close");
      throw new RequestProblem(
        408,
        `Request Timeout: the body did not arrive within ${bodyTimeoutMs} ms`,
      );
    case "aborted":
      response.destroy();
      throw new RequestProblem(400, "the client went away");
  }
  try {
    return JSON.parse(read.text) as unknown;
  } catch {
    throw new RequestProblem(400, "the body is not JSON");
  }
}
