/**
 * @internal A JSON-RPC error a request handler throws: the SDK sends `code`, `message` and `data` as
 * they are. The SDK's own `McpError` puts `MCP error <code>: ` into its message, which a client's
 * `McpError` then prefixes again (`MCP error -32602: MCP error -32602: …`); this one does not.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.data = data;
  }
}

/** @internal JSON-RPC's code for a method the server does not have. */
export const methodNotFound = -32601;
/** @internal JSON-RPC's code for invalid method parameters (an unknown tool too, in MCP). */
export const invalidParams = -32602;
/** @internal The code the MCP specification gives an unknown resource. */
export const resourceNotFound = -32002;
