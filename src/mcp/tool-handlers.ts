import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { unknownNameMessage } from "../calls/resolve-name.js";
import type { Principal } from "../memory/memory-scope.js";
import type { JsonObject } from "../schema/json.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { markReceipt, receiptsFor } from "./call-receipts.js";
import {
  type CallerSettings,
  type CallScope,
  missingCapability,
  withCaller,
} from "./caller-scope.js";
import type { McpChangeNotifier } from "./change-feed.js";
import { traceMcpServerCall } from "./mcp-spans.js";
import type { McpReceiptOptions } from "./serve-mcp-options.js";
import type { ServedCatalog } from "./served-catalog.js";
import { taskCall } from "./tasks/task-call.js";
import type { TaskRunner } from "./tasks/task-runner.js";
import { toCallToolResult } from "./to-mcp-result.js";
import { notifyingListChanges } from "./tool-list-changes.js";

/** What a client in flight hears when the server closes: without an answer it would wait out its timeout. */
const shutdownMessage =
  "Server shutting down: the request was cancelled before it was answered; a tool call may or may not have taken effect";

/** JSON-RPC's first implementation-defined server error. */
const serverErrorCode = -32000;

/** Longest tool name an unknown-tool message ranks the known names against (ranking costs its length). */
const rankedNameLength = 128;

/**
 * @internal `tools/list` and `tools/call` over a toolbox: every enabled activity under its native name,
 * in the toolbox's order (the same on every request while the tools stay the same), calls through the
 * toolbox's tolerant pipeline. The SDK has checked the request's shape by the time a handler runs.
 */
export function installToolHandlers(
  server: Server,
  toolbox: Toolbox,
  settings: CallerSettings & {
    readonly catalog: () => ServedCatalog;
    readonly changes: Pick<McpChangeNotifier, "toolsChanged">;
    /** Runs activities marked `task` as MCP tasks (tasks/task-call.ts says for whom). */
    readonly tasks: TaskRunner;
    /** Who the client acts for in task memory (mcp-principal.ts). */
    readonly principal: Principal;
    /** Receipts of repeated calls (call-receipts.ts), or none. */
    readonly receipts: McpReceiptOptions | undefined;
  },
): void {
  const { shutdown, catalog, changes } = settings;
  const receiptsOf = receiptsFor(server, settings.receipts, settings.principal);
  server.setRequestHandler("tools/list", () => ({ tools: [...catalog().tools] }));
  server.setRequestHandler("tools/call", (request, ctx) => {
    const { name, arguments: input = {} } = request.params;
    // MCP clients call exactly what tools/list gave them; a name outside it is a protocol error.
    const native = catalog().toolNames.get(name);
    if (native === undefined) {
      const shown = name.length > rankedNameLength ? name.slice(0, rankedNameLength) : name;
      const known = [...catalog().toolNames.keys()];
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownNameMessage(shown, known));
    }
    const { receipts, idempotencyKey, clientKey } = receiptsOf(ctx);
    const call = async ({ caller, signal }: CallScope) => {
      const id = String(ctx.mcpReq.id);
      const { principal } = settings;
      const result = await toolbox
        .execute(
          { id, name: native, arguments: input, idempotencyKey },
          { dialect: "mcp", signal, caller, principal, receipts, ...progressOption(ctx) },
        )
        .finally(() => {
          if (shutdown.aborted) throw new ProtocolError(serverErrorCode, shutdownMessage);
        });
      const { artifact } = result;
      const missing =
        artifact.type === "ErrorArtifact"
          ? missingCapability(settings.kind, artifact.cause)
          : undefined;
      if (missing !== undefined) throw missing;
      return markReceipt(toCallToolResult(artifact), result, clientKey) satisfies CallToolResult;
    };
    const mode = catalog().taskModes.get(name);
    const { task } = request.params as { task?: unknown };
    const asJson = async (scope: CallScope) => (await call(scope)) as JsonObject;
    const asTask = taskCall(server, ctx, { ...settings, mode, task }, asJson);
    if (asTask !== undefined) return asTask as never;
    const run = () => withCaller(server, ctx, settings, request.params, call);
    // The client's trace context (`traceparent` in `_meta`) becomes the parent of this call's spans.
    const info = { toolName: name, requestId: ctx.mcpReq.id, sessionId: ctx.sessionId };
    return traceMcpServerCall(info, ctx.mcpReq._meta, () =>
      notifyingListChanges(toolbox, changes, run),
    );
  });
}

/** A client that sent a progress token gets the activity's `context.progress` reports. */
function progressOption(ctx: ServerContext): { onProgress?: (report: ActivityProgress) => void } {
  const token = ctx.mcpReq._meta?.progressToken;
  if (typeof token !== "string" && typeof token !== "number") return {};
  return {
    onProgress: (report) =>
      void ctx.mcpReq
        .notify({
          method: "notifications/progress",
          params: { progressToken: token, ...report },
        })
        .catch(() => undefined),
  };
}
