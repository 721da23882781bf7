import { createHash } from "node:crypto";
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { ToolCallResult } from "../calls/tool-call.js";
import type { Principal } from "../memory/memory-scope.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { McpReceiptOptions } from "./serve-mcp-options.js";

/** The `_meta` key a client names a call by across retries, sessions and restarts. */
export const idempotencyKeyMeta = "io.toolwright/idempotencyKey";

/** The `_meta` key of a result that says what its receipt answered (replayed, or refused). */
export const receiptMeta = "io.toolwright/receipt";

/** Longest idempotency key accepted: it becomes part of a store key. */
const maxKeyLength = 256;

/** Receipts keep an MCP call this long unless told otherwise: nothing ends an MCP scope. */
export const defaultMcpRetentionMs = 24 * 60 * 60_000;

/** What the receipt answered instead of the method, by the `ErrorArtifact` code it answered with. */
const refusals = new Set(["outcome_unknown", "key_reused", "receipt_unavailable"]);

/**
 * @internal How one `tools/call` runs under receipts: the options for `toolbox.execute` (receipts, or
 * `null` for none: a toolbox's own receipts would key calls by request ids every client reuses), the
 * idempotency key, and how the result says what its receipt answered.
 */
export interface CallReceipts {
  readonly receipts: ReceiptOptions | null;
  readonly idempotencyKey: string | undefined;
  /** The client's name for the call (its key, or its request id), reported in `_meta`. */
  readonly clientKey: string | undefined;
}

/**
 * @internal The receipts of each `tools/call` a server answers. A call whose `_meta` carries an
 * idempotency key (`io.toolwright/idempotencyKey`, or `idempotencyKey`) is filed under it in its
 * principal's scope, so no client can replay another's; on a 2025-era session, a call without one is
 * filed under its JSON-RPC request id in the session's scope (a client retrying after a dropped
 * connection sends the same id), released when the session closes. A 2026-07-28 retry carrying
 * answers (`inputResponses`, a `requestState`: an `input_required` round) is a later round of the call: the round before it was
 * stopped on purpose, so each round has its own receipt.
 */
export function receiptsFor(
  server: Server,
  settings: McpReceiptOptions | undefined,
  principal: Principal,
): (ctx: ServerContext) => CallReceipts {
  const owner = typeof principal === "object" ? principal.principal : principal;
  if (settings === undefined) {
    return (ctx) => ({ receipts: null, idempotencyKey: undefined, clientKey: keyOf(ctx) });
  }
  const base = {
    store: settings.store,
    retentionMs: settings.retentionMs ?? defaultMcpRetentionMs,
    ...(settings.clock === undefined ? {} : { clock: settings.clock }),
  };
  let session: string | undefined;
  const previous = server.onclose;
  server.onclose = () => {
    // A session's request ids name nothing once it is gone: its receipts go with it.
    if (session !== undefined) void settings.store.release(session).catch(() => undefined);
    previous?.();
  };
  return (ctx) => {
    const key = keyOf(ctx);
    if (key !== undefined) {
      const round = roundOf(ctx);
      const receipts = { ...base, scope: scopeOf(owner, undefined) };
      return { receipts, idempotencyKey: `${key}${round}`, clientKey: key };
    }
    if (ctx.sessionId === undefined) {
      return { receipts: null, idempotencyKey: undefined, clientKey: undefined };
    }
    session ??= scopeOf(owner, ctx.sessionId);
    const receipts = { ...base, scope: session };
    return { receipts, idempotencyKey: undefined, clientKey: String(ctx.mcpReq.id) };
  };
}

/**
 * A later `input_required` round's mark: a digest of the answers it carries (in its verified
 * `requestState` and its `inputResponses`); the first round, with none, has none.
 */
function roundOf(ctx: ServerContext): string {
  const earlier = ctx.mcpReq.requestState<{ readonly answers?: unknown }>()?.answers;
  const given = ctx.mcpReq.inputResponses;
  if (earlier === undefined && given === undefined) return "";
  const answers = JSON.stringify([earlier ?? null, given ?? null]);
  return `#round:${createHash("sha256").update(answers).digest("base64url").slice(0, 22)}`;
}

// JSON keeps a principal that contains ":" from reading as another principal's session.
function scopeOf(owner: string | undefined, sessionId: string | undefined): string {
  const parts = sessionId === undefined ? [owner ?? null] : [owner ?? null, sessionId];
  return `mcp:${JSON.stringify(parts)}`;
}

/**
 * @internal Marks a result its receipt answered: `_meta["io.toolwright/receipt"]` says `replayed`
 * (the recorded result, the method did not run) or the refusal's code, with the client's key.
 */
export function markReceipt(
  result: CallToolResult,
  call: ToolCallResult,
  clientKey: string | undefined,
): CallToolResult {
  const { artifact } = call;
  const code = artifact.type === "ErrorArtifact" ? artifact.code : undefined;
  const status =
    code !== undefined && refusals.has(code)
      ? code
      : call.repairs.some((repair) => repair.step === "replay")
        ? "replayed"
        : undefined;
  if (status === undefined) return result;
  const mark = clientKey === undefined ? { status } : { status, key: clientKey };
  return { ...result, _meta: { ...result._meta, [receiptMeta]: mark } };
}

function keyOf(ctx: ServerContext): string | undefined {
  const meta = ctx.mcpReq._meta as Readonly<Record<string, unknown>> | undefined;
  if (meta === undefined) return undefined;
  const named = meta[idempotencyKeyMeta] !== undefined ? idempotencyKeyMeta : "idempotencyKey";
  const key = meta[named];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || key === "" || key.length > maxKeyLength) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid params: $.params._meta["${named}"]: expected a string of 1 to ${maxKeyLength} characters (the call's idempotency key)`,
    );
  }
  return key;
}
