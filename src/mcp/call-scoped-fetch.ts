import { AsyncLocalStorage } from "node:async_hooks";
import type { FetchLike } from "@modelcontextprotocol/client";

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
  /** The JSON-RPC ids of the requests sent in the scope: a cancellation of another one is not ours. */
  readonly ids: Set<unknown>;
}

const scopes = new AsyncLocalStorage<CallScope>();

/**
 * @internal Runs `call` (one MCP request) in a scope whose HTTP requests end when `signal` aborts or
 * the SDK cancels the request.
 */
export function inCallScope<T>(signal: AbortSignal, call: () => T): T {
  return scopes.run({ signal, cancelled: new AbortController(), ids: new Set() }, call);
}

/**
 * @internal The fetch an MCP client's HTTP transport sends with: `base`, with each request sent inside
 * a call scope also ended by that scope.
 */
export function callScopedFetch(base: FetchLike = fetch): FetchLike {
  return (url, init) => {
    const scope = scopes.getStore();
    if (scope === undefined) return base(url, init);
    const body = typeof init?.body === "string" ? init.body : undefined;
    const cancelled = body === undefined ? undefined : cancelledRequest(body);
    if (cancelled !== undefined) {
      // The POST of the call being cancelled closes; the notification goes out on its own. (A call
      // cancelled from inside another call's scope, by its progress listener say, is not this one.)
      if (scope.ids.has(cancelled))
        scope.cancelled.abort(new Error("the MCP request was cancelled"));
      return base(url, init);
    }
    // Sent after the call ended (a late retry): nothing left to tie it to.
    if (scope.signal.aborted || scope.cancelled.signal.aborted) return base(url, init);
    const id = body === undefined ? undefined : requestId(body);
    if (id !== undefined) scope.ids.add(id);
    const ends = [scope.signal, scope.cancelled.signal];
    if (init?.signal) ends.push(init.signal);
    return base(url, { ...init, signal: AbortSignal.any(ends) });
  };
}

/** The request a `notifications/cancelled` body cancels, or `undefined` for any other body. */
function cancelledRequest(body: string): unknown {
  // A string value cannot hold this run of unescaped quotes: only the message's own method matches.
  if (!body.includes('"method":"notifications/cancelled"')) return undefined;
  try {
    const message = JSON.parse(body) as { method?: unknown; params?: { requestId?: unknown } };
    return message.method === "notifications/cancelled" ? message.params?.requestId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The id of the JSON-RPC request in `body`. The SDK writes it last (`{ ...request, jsonrpc, id }`),
 * so the end of the text has it without parsing the arguments; a body written otherwise is parsed
 * when small, else its id stays unknown (its cancellation then closes nothing, as before).
 */
function requestId(body: string): unknown {
  const tail = /"id":(-?\d+|"(?:[^"\\]|\\.)*")\}$/.exec(body.slice(-80));
  if (tail?.[1] !== undefined) return JSON.parse(tail[1]) as unknown;
  if (body.length > 65_536) return undefined;
  try {
    return (JSON.parse(body) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}
