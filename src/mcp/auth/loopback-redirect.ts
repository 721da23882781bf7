import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// The OAuth redirect of a native app lands on a loopback address (RFC 8252 §7.3): the browser is sent
// to http://127.0.0.1:<port>/callback?code=…&state=…, and this server reads that one request.

/** @internal A listening loopback redirect endpoint. */
export interface LoopbackRedirect {
  /** The redirect URI to register and send: `http://127.0.0.1:<port>/callback`. */
  readonly url: URL;
  /** The query of the first request to the callback path that carries `code` or `error`. */
  readonly response: Promise<URLSearchParams>;
  close(): Promise<void>;
}

const page = (title: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${title}. You can close this tab.</p>`;

/**
 * @internal A port free on 127.0.0.1 right now (the kernel's pick), for a redirect URI that must be
 * known before the endpoint listens.
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * @internal Listens on 127.0.0.1 at `port` (0: any) for the authorization server's redirect to
 * `path`. The response promise rejects after `timeoutMs` or when `signal` aborts.
 */
export async function listenForRedirect(options: {
  port: number;
  path: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}): Promise<LoopbackRedirect> {
  let settle!: (params: URLSearchParams) => void;
  let fail!: (error: Error) => void;
  const response = new Promise<URLSearchParams>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  response.catch(() => undefined);
  let done = false;
  const server = createServer((request, reply) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== options.path) {
      reply.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const params = url.searchParams;
    if (done || (!params.has("code") && !params.has("error"))) {
      reply.writeHead(400, { "content-type": "text/html" }).end(page("Nothing to do here"));
      return;
    }
    done = true;
    const refused = params.has("error");
    reply
      .writeHead(refused ? 400 : 200, { "content-type": "text/html", connection: "close" })
      .end(page(refused ? "Authorization was not granted" : "Signed in"));
    settle(params);
  });
  await listen(server, options.port);
  const { port } = server.address() as AddressInfo;
  const timer = setTimeout(
    () => fail(new Error(`no authorization arrived within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  timer.unref();
  const onAbort = () => fail(new Error("the authorization was cancelled"));
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const close = async () => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    fail(new Error("the redirect endpoint was closed"));
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: new URL(`http://127.0.0.1:${port}${options.path}`), response, close };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
