import type { ServerResponse } from "node:http";

/**
 * Headers of every answer: the page loads nothing from elsewhere (no CDN, no inline script), is never
 * framed by another site, sends no referrer (the page's URL carries the token) and is never cached.
 */
const securityHeaders: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Cache-Control": "no-store",
};

/**
 * @internal Sends `body` as JSON with the given status and the security headers.
 *
 * @example
 * ```ts
 * sendJson(response, 200, { ok: true });
 * ```
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(body));
}

/**
 * @internal Sends `{ error: message }` with the status; `close` when the connection must not be reused
 * (a body left unread).
 *
 * @example
 * ```ts
 * sendError(response, 404, "Not found: the API is under /api/");
 * ```
 */
export function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  options: { close?: boolean; headers?: Readonly<Record<string, string>> } = {},
): void {
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    response.setHeader(name, value);
  }
  if (options.close === true) response.setHeader("Connection", "close");
  sendJson(response, status, { error: message });
}

/**
 * @internal Sends a whole text or byte body with its content type and the security headers.
 *
 * @example
 * ```ts
 * send(response, 200, "text/css; charset=utf-8", css);
 * ```
 */
export function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
): void {
  response.writeHead(status, {
    ...securityHeaders,
    "Content-Type": contentType,
    "Content-Length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength),
  });
  response.end(body);
}

/**
 * @internal Starts a server-sent event stream: the status line and headers, sent at once.
 *
 * @example
 * ```ts
 * startEventStream(response);
 * response.write("data: {}\n\n");
 * ```
 */
export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, {
    ...securityHeaders,
    "Content-Type": "text/event-stream; charset=utf-8",
    "X-Accel-Buffering": "no",
  });
  response.flushHeaders();
}
