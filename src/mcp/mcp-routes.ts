import type { IncomingMessage, ServerResponse } from "node:http";

/** @internal A parsed JSON body (a wrapper, since `null` is a body too). */
export interface ParsedBody {
  readonly message: unknown;
}

/**
 * @internal How `serveHttp` hands on a request that passed its guards (path, headers, `Host`, `Origin`,
 * token): to an MCP server per client session, or to a fresh one per request.
 */
export interface McpRoutes {
  /**
   * Serves the request. `readJson` reads its body within the server's limits and answers any problem
   * itself (then it gives `undefined`), so routes read a body only once they know they want it.
   */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    readJson: () => Promise<ParsedBody | undefined>,
  ): Promise<void>;
  /** Closes every MCP server still open, aborting the calls in flight. */
  close(): Promise<void>;
}

/** @internal Answers with a JSON-RPC error body and `status` (the request's id when known, else null). */
export function rejectRequest(
  response: ServerResponse,
  status: number,
  message: string,
  options: { code?: number; close?: boolean; id?: string | number | null } = {},
): void {
  response.writeHead(status, {
    "Content-Type": "application/json",
    // The connection is not reused: a body is left unread, or the client is too slow to keep.
    ...(options.close === true ? { Connection: "close" } : {}),
  });
  response.end(
    JSON.stringify({
      jsonrpc: "2.0",
      error: { code: options.code ?? -32000, message },
      id: options.id ?? null,
    }),
  );
}
