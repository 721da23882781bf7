import { AsyncLocalStorage } from "node:async_hooks";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

// Over Streamable HTTP, the MCP SDK's client cancels a request by sending `notifications/cancelled`
// in a POST of its own, and leaves the request's POST open. A stateful server routes the notification
// to the call through its session; a stateless replica cannot (no session, maybe another replica), and
// the activity ran on until its own time limit. What every server does see is its request's connection
// closing: so McpTool's calls run in a scope, and this fetch ties each POST sent inside one to it.
// The POST is aborted when the call's signal aborts (the caller's abort, the activity's time limit) and
// when the SDK sends the call's cancellation (its request timeout, whose timer runs in the scope too).
// The cancellation itself still goes out, for stateful servers.

interface CallScope {
  /** The call's own signal: the caller's abort and the activity's time limit. */
  readonly signal: AbortSignal;
  /** Aborted when the SDK cancels the call for a reason of its own (its request timeout). */
  readonly cancelled: AbortController;
}

const scopes = new AsyncLocalStorage<CallScope>();

/**
 * @internal Runs `call` (one MCP request) in a scope whose HTTP requests end when `signal` aborts or
 * the SDK cancels the request.
 */
export function inCallScope<T>(signal: AbortSignal, call: () => T): T {
  return scopes.run({ signal, cancelled: new AbortController() }, call);
}

/**
 * @internal The fetch an MCP client's HTTP transport sends with: `base`, with each request sent inside
 * a call scope also ended by that scope.
 */
export function callScopedFetch(base: FetchLike = fetch): FetchLike {
  return (url, init) => {
    const scope = scopes.getStore();
    if (scope === undefined) return base(url, init);
    if (isCancellation(init?.body)) {
      // The POST of the call being cancelled closes; the notification goes out on its own.
      scope.cancelled.abort(new Error("the MCP request was cancelled"));
      return base(url, init);
    }
    // Sent after the call ended (a late retry): nothing left to tie it to.
    if (scope.signal.aborted || scope.cancelled.signal.aborted) return base(url, init);
    const ends = [scope.signal, scope.cancelled.signal];
    if (init?.signal) ends.push(init.signal);
    return base(url, { ...init, signal: AbortSignal.any(ends) });
  };
}

/** True for the body of a `notifications/cancelled` message, as the SDK sends it (compact JSON). */
function isCancellation(body: unknown): boolean {
  // A string value cannot hold this run of unescaped quotes: only the message's own method matches.
  if (typeof body !== "string" || !body.includes('"method":"notifications/cancelled"'))
    return false;
  try {
    return (JSON.parse(body) as { method?: unknown }).method === "notifications/cancelled";
  } catch {
    return false;
  }
}
