import {
  type JSONRPCRequest,
  type RequestStateCodec,
  type Result,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { Principal } from "../memory/memory-scope.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { CallerKind } from "./caller-scope.js";
import type { ChangeFeed, ServerChange } from "./change-feed.js";
import { installCompletionHandler } from "./completion-handler.js";
import type { RoundState } from "./input-round.js";
import type { PrincipalResolver } from "./mcp-principal.js";
import { installPromptHandlers } from "./prompt-handlers.js";
import { checkParams } from "./request-params.js";
import { installResourceHandlers } from "./resource-handlers.js";
import type { McpReceiptOptions } from "./serve-mcp-options.js";
import { catalogOf, type McpNaming } from "./served-catalog.js";
import {
  experimentalTasksCapability,
  installExperimentalTaskHandlers,
} from "./tasks/experimental-tasks.js";
import { installTaskHandlers, tasksExtension } from "./tasks/task-handlers.js";
import type { TaskRunner } from "./tasks/task-runner.js";
import { installToolHandlers } from "./tool-handlers.js";

/** @internal Who the server says it is (`initialize` result, `server/discover`), and when it stops. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
  /** Aborted when `close()` begins: calls in flight stop and answer with an error. */
  readonly shutdown: AbortSignal;
  /** What `serveMcp`'s `notify` publishes; sessions of 2025-era clients pass it on. */
  readonly changes: ChangeFeed;
  /** Signs and checks the `requestState` of `input_required` rounds. */
  readonly stateCodec: RequestStateCodec<RoundState>;
  readonly naming: McpNaming;
  /**
   * Over HTTP, who each client acts for in task memory (`serveMcp`'s `principal` option, else
   * toolwright's choice: mcp-principal.ts); `"none"` over stdio, whose one client has the default space.
   */
  readonly principal?: PrincipalResolver | undefined | "none";
  /** Runs activities marked `task` as MCP tasks, with their state in its store. */
  readonly tasks: TaskRunner;
  /** Receipts of `tools/call` (`serveMcp`'s `receipts`, else the toolbox's store), or none. */
  readonly receipts?: McpReceiptOptions | undefined;
}

/**
 * One schema validator for every server: by default each `Server` builds an Ajv instance of its own,
 * most of the cost of a fresh per-request server (stateless serving and every 2026-07-28 request).
 */
const sharedValidator = new AjvJsonSchemaValidator();

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * A 2025-11-25 `CreateTaskResult` (`{ task }`) on its way past the SDK's check of `tools/call` results,
 * which on that revision knows only a `CallToolResult` (the SDK serves no tasks).
 */
class CreatedTask {
  constructor(readonly result: Result) {}
}

const isCreatedTask = (result: Result) => "task" in result && !("content" in result);

/**
 * The SDK's `Server`, with parameters a client wrote checked in toolwright's words first, and a
 * 2025-11-25 `tools/call` that created a task answered with its `CreateTaskResult`.
 */
class ToolwrightServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const inner: Handler =
      method !== "tools/call"
        ? handler
        : async (request, ctx) => {
            const result = await handler(request, ctx);
            if (isCreatedTask(result)) throw new CreatedTask(result);
            return result;
          };
    const wrapped = super._wrapHandler(method, inner);
    return (request, ctx) => {
      checkParams(method, request.params);
      return wrapped(request, ctx).catch((error: unknown) => {
        if (error instanceof CreatedTask) return error.result;
        throw error;
      });
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
export function createMcpServer(
  toolbox: Toolbox,
  info: McpServerInfo,
  kind: CallerKind,
  principal?: Principal,
): Server {
  const catalog = () => catalogOf(toolbox, info.naming);
  // Listing needs requestors told apart (a principal, or the one client of stdio) and a store that lists.
  const canList =
    (principal !== undefined || info.principal === "none") &&
    info.tasks.settings.store.list !== undefined;
  const server = new ToolwrightServer(
    { name: info.name, version: info.version },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
        // Tasks: the extension on 2026-07-28; before, 2025-11-25's experimental form, where a
        // toolbox has activities to run as tasks.
        ...(kind === "round" ? { extensions: { [tasksExtension]: {} } } : {}),
        ...(kind !== "round" && catalog().taskModes.size > 0
          ? { tasks: experimentalTasksCapability(canList) }
          : {}),
      },
      jsonSchemaValidator: sharedValidator,
      // A tampered or expired requestState is refused (-32602) before any handler runs.
      requestState: { verify: info.stateCodec.verify },
      ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
    },
  );
  const subscriptions = new Set<string>();
  const settings = { kind, shutdown: info.shutdown, stateCodec: info.stateCodec, catalog };
  installToolHandlers(server, toolbox, {
    ...settings,
    changes: info.changes,
    tasks: info.tasks,
    principal,
    receipts: info.receipts,
  });
  if (kind === "round") installTaskHandlers(server, info.tasks, principal);
  else {
    const options = { principal, canAsk: kind === "session", canList };
    installExperimentalTaskHandlers(server, info.tasks, options);
  }
  installResourceHandlers(server, toolbox, { signal: info.shutdown, subscriptions, principal });
  installPromptHandlers(server, settings);
  installCompletionHandler(server, toolbox, catalog, principal);
  // A 2026-07-28 server answers one request; its clients hear of changes on listen streams.
  if (kind !== "round") {
    const unsubscribe = info.changes.subscribe((change) => {
      void tell(server, change, subscriptions).catch(() => undefined);
    });
    const previous = server.onclose;
    server.onclose = () => {
      unsubscribe();
      previous?.();
    };
  }
  return server;
}

/** A change as the notification a 2025-era session expects (an update only for a subscribed URI). */
async function tell(server: Server, change: ServerChange, subscriptions: ReadonlySet<string>) {
  // Before `initialize`, or after the session closed, there is no one to tell.
  if (server.getClientCapabilities() === undefined) return;
  switch (change.kind) {
    case "tools":
      return server.sendToolListChanged();
    case "resources":
      return server.sendResourceListChanged();
    case "prompts":
      return server.sendPromptListChanged();
    case "resource":
      if (subscriptions.has(change.uri)) return server.sendResourceUpdated({ uri: change.uri });
  }
}
