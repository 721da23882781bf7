import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { callScopedFetch, inCallScope } from "../../src/mcp/call-scoped-fetch.js";

/** A fetch that records what it was sent and answers at once. */
function recorder() {
  const sent: { body: unknown; signal: AbortSignal | null | undefined }[] = [];
  const fetch = async (_url: string | URL, init?: RequestInit) => {
    sent.push({ body: init?.body, signal: init?.signal });
    return new Response(null, { status: 202 });
  };
  return { sent, fetch };
}

// As the MCP SDK writes them: the id last, compact JSON.
const call = (id: number, args: object = {}) =>
  JSON.stringify({
    method: "tools/call",
    params: { name: "t", arguments: args },
    jsonrpc: "2.0",
    id,
  });
const cancel = (requestId: number) =>
  JSON.stringify({
    method: "notifications/cancelled",
    params: { requestId, reason: "x" },
    jsonrpc: "2.0",
  });

describe("callScopedFetch (McpTool's cancellations close their own request)", () => {
  it("passes requests outside a call scope through untouched", async () => {
    const { sent, fetch } = recorder();
    const transportSignal = new AbortController().signal;
    await callScopedFetch(fetch)("http://x/mcp", {
      method: "POST",
      body: call(1),
      signal: transportSignal,
    });
    assert.equal(sent[0]?.signal, transportSignal);
  });

  it("ends a scope's request when the call's signal aborts, and with the transport's own signal", async () => {
    const { sent, fetch } = recorder();
    const scoped = callScopedFetch(fetch);
    const caller = new AbortController();
    const transport = new AbortController();
    await inCallScope(caller.signal, () =>
      scoped("http://x/mcp", { method: "POST", body: call(7), signal: transport.signal }),
    );
    const signal = sent[0]?.signal;
    assert.ok(signal && !signal.aborted);
    caller.abort(new Error("user left"));
    assert.equal(signal.aborted, true);

    const { sent: again, fetch: other } = recorder();
    const closing = new AbortController();
    await inCallScope(new AbortController().signal, () =>
      callScopedFetch(other)("http://x/mcp", {
        method: "POST",
        body: call(8),
        signal: closing.signal,
      }),
    );
    closing.abort();
    assert.equal(again[0]?.signal?.aborted, true);
  });

  it("ends the request its cancellation names, sends the cancellation, and leaves other calls alone", async () => {
    const { sent, fetch } = recorder();
    const scoped = callScopedFetch(fetch);
    const bigArguments = { text: "y".repeat(200_000), note: '"id":3}' };
    await inCallScope(new AbortController().signal, async () => {
      await scoped("http://x/mcp", { method: "POST", body: call(3, bigArguments) });
      // A cancellation of another request (one this scope never sent) closes nothing here.
      await scoped("http://x/mcp", { method: "POST", body: cancel(4) });
      assert.equal(sent[0]?.signal?.aborted, false);
      await scoped("http://x/mcp", { method: "POST", body: cancel(3) });
    });
    assert.equal(sent[0]?.signal?.aborted, true);
    assert.equal(sent.length, 3);
    assert.equal(sent[2]?.body, cancel(3));
    // The notification itself is not tied to the call it cancels.
    assert.equal(sent[2]?.signal, undefined);
  });
});
