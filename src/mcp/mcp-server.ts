import {
  type JSONRPCRequest,
  type Result,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { Toolbox } from "../toolbox/toolbox.js";
import { installMemoryResources } from "./memory-resources.js";
import { checkParams } from "./request-params.js";
import { installToolHandlers } from "./tool-handlers.js";

/** @internal Who the server says it is (`initialize` result, `server/discover`), and when it stops. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
  /** Aborted when `close()` begins: calls in flight stop and answer with an error. */
  readonly shutdown: AbortSignal;
}

/**
 * One schema validator for every server: by default each `Server` builds an Ajv instance of its own,
 * most of the cost of a fresh per-request server (stateless serving and every 2026-07-28 request).
 */
const sharedValidator = new AjvJsonSchemaValidator();

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/** The SDK's `Server`, with parameters a client wrote checked in toolwright's words first. */
class ToolwrightServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    return (request, ctx) => {
      checkParams(method, request.params);
      return wrapped(request, ctx);
    };
  }
}

/**
 * @internal One MCP server over a toolbox, on the official SDK's protocol layer: a session's (2025-era
 * clients) or a single request's (2026-07-28 clients, stateless serving); all of them share the
 * toolbox. The SDK speaks each revision in its own terms (the `initialize` handshake or
 * `server/discover`, `ttlMs`/`cacheScope` on 2026-07-28 list results, log levels by `logging/setLevel`
 * or per request); toolwright answers the methods.
 */
export function createMcpServer(toolbox: Toolbox, info: McpServerInfo): Server {
  const server = new ToolwrightServer(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: {}, resources: {}, logging: {} },
      jsonSchemaValidator: sharedValidator,
      ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
    },
  );
  installToolHandlers(server, toolbox, info.shutdown);
  installMemoryResources(server, toolbox);
  return server;
}
