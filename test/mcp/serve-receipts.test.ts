// `serveMcp` with call receipts, through the official SDK clients (v2 on 2026-07-28, v1 in a
// 2025-11-25 session) over HTTP: a call repeated under the same idempotency key in `_meta` returns
// its recorded result (marked replayed) without running again, also after a server restart over
// SQLite; the same key with another input is refused; a call that started and never finished reports
// `outcome_unknown`; keys never cross principals; on a session, a repeated JSON-RPC request id replays.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, describe, it } from "node:test";
import {
  type CallToolResult,
  Client as ClientV2,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Toolbox } from "../../src/index.js";
import { type HttpServeOptions, serveMcp } from "../../src/mcp.js";
import { InMemoryReceiptStore, type ReceiptStore } from "../../src/memory.js";
import { SqliteReceiptStore } from "../../src/memory-sqlite.js";
import { LedgerTool } from "../receipts/fixtures/ledger-tool.js";
import { ReceiptStorePlaces } from "../receipts/fixtures/receipt-stores.js";
import { AskingTool } from "./fixtures/asking-tool.js";
import { connectModern } from "./fixtures/bearer-clients.js";

const token = "receipts-test-t0ken";
const keyMeta = "io.toolwright/idempotencyKey";
const receiptMeta = "io.toolwright/receipt";
const places = new ReceiptStorePlaces();
after(() => places.dispose());

const connectV2 = (url: string, bearer = token) => connectModern(url, bearer);

async function connectV1(url: string): Promise<{ client: Client; transport: TransportV1 }> {
  const client = new Client({ name: "v1", version: "1.0.0" });
  const requestInit = { headers: { authorization: `Bearer ${token}` } };
  const transport = new TransportV1(new URL(url), { requestInit });
  await client.connect(transport);
  return { client, transport };
}

async function serveLedger(
  store: ReceiptStore,
  ledger = new LedgerTool(),
  options: Partial<HttpServeOptions> = {},
) {
  const server = await serveMcp(new Toolbox([ledger]), {
    transport: "http",
    token,
    receipts: { store },
    ...options,
  });
  return { server, ledger, url: String(server.url) };
}

const refund = (amount: number, meta?: Record<string, unknown>) => ({
  name: "LedgerTool_refund",
  arguments: { account: "acme", amount },
  ...(meta === undefined ? {} : { _meta: meta }),
});

function text(result: CallToolResult | Record<string, unknown>): string {
  const content = (result as CallToolResult).content;
  return content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

function mark(result: CallToolResult | Record<string, unknown>): unknown {
  return (result as CallToolResult)._meta?.[receiptMeta];
}

describe("serveMcp with receipts: an idempotency key in _meta", () => {
  it("replays a finished call for a 2026-07-28 client and a 2025-11-25 session; another input under the key is key_reused", async () => {
    const { server, ledger, url } = await serveLedger(new InMemoryReceiptStore());
    const modern = await connectV2(url);
    try {
      const first = await modern.callTool(refund(30, { [keyMeta]: "refund-1" }));
      assert.equal(first.isError, undefined);
      assert.equal(mark(first), undefined, "a first run is not marked");
      const again = await modern.callTool(refund(30, { [keyMeta]: "refund-1" }));
      assert.deepEqual(mark(again), { status: "replayed", key: "refund-1" });
      assert.equal(text(again), text(first));
      assert.deepEqual(ledger.runs, ["refund acme 30"]);

      const other = await modern.callTool(refund(31, { [keyMeta]: "refund-1" }));
      assert.equal(other.isError, true);
      assert.deepEqual(mark(other), { status: "key_reused", key: "refund-1" });
      assert.match(text(other), /key "key:refund-1" was used before/);
      assert.deepEqual(ledger.runs, ["refund acme 30"]);

      // The plain `idempotencyKey` is read too.
      await modern.callTool(refund(5, { idempotencyKey: "refund-2" }));
      const plain = await modern.callTool(refund(5, { idempotencyKey: "refund-2" }));
      assert.deepEqual(mark(plain), { status: "replayed", key: "refund-2" });
      assert.deepEqual(ledger.runs, ["refund acme 30", "refund acme 5"]);

      // The SDK v1 client in a 2025-11-25 session (its own principal) sends the key the same way.
      const { client: session } = await connectV1(url);
      try {
        await session.callTool(refund(7, { [keyMeta]: "refund-1" }));
        const repeat = (await session.callTool(
          refund(7, { [keyMeta]: "refund-1" }),
        )) as CallToolResult;
        assert.deepEqual(mark(repeat), { status: "replayed", key: "refund-1" });
        assert.deepEqual(ledger.runs, ["refund acme 30", "refund acme 5", "refund acme 7"]);
      } finally {
        await session.close();
      }
    } finally {
      await modern.close();
      await server.close();
    }
  });

  it("the same key from another principal runs its own call, and never sees the first one's result", async () => {
    const open = { token: undefined }; // each client's bearer token is its principal
    const { server, ledger, url } = await serveLedger(new InMemoryReceiptStore(), undefined, open);
    const alice = await connectV2(url, "alice-t0ken");
    const bob = await connectV2(url, "bob-t0ken");
    try {
      await alice.callTool(refund(10, { [keyMeta]: "k" }));
      const bobs = await bob.callTool(refund(20, { [keyMeta]: "k" }));
      assert.equal(bobs.isError, undefined, "not key_reused: the key is Bob's own");
      assert.equal(mark(bobs), undefined);
      const bobsAgain = await bob.callTool(refund(20, { [keyMeta]: "k" }));
      assert.deepEqual(mark(bobsAgain), { status: "replayed", key: "k" });
      assert.match(text(bobsAgain), /20/);
      assert.deepEqual(ledger.runs, ["refund acme 10", "refund acme 20"]);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
      await server.close();
    }
  });

  it("over SQLite, a call finished before a restart is replayed after it; one the restart cut short is outcome_unknown", async () => {
    const path = await places.sqlitePath();
    const before = new SqliteReceiptStore({ path });
    const first = await serveLedger(before, new LedgerTool(), { port: 0 });
    const client = await connectV2(first.url);
    let release = () => {};
    try {
      await client.callTool(refund(40, { [keyMeta]: "before-restart" }));
      // A refund that starts and is held: the server closes with it in flight.
      first.ledger.gate = new Promise((resolve) => {
        release = resolve;
      });
      const held = client.callTool(refund(41, { [keyMeta]: "cut-short" })).catch(() => undefined);
      await waitFor(async () => (await before.get(cutShort())) !== undefined);
      await client.close();
      await first.server.close();
      await held;
    } finally {
      release();
      await before.close();
    }
    const reopened = new SqliteReceiptStore({ path });
    const second = await serveLedger(reopened);
    const returning = await connectV2(second.url);
    try {
      const replayed = await returning.callTool(refund(40, { [keyMeta]: "before-restart" }));
      assert.deepEqual(mark(replayed), { status: "replayed", key: "before-restart" });
      assert.match(text(replayed), /40/);
      const unknown = await returning.callTool(refund(41, { [keyMeta]: "cut-short" }));
      assert.equal(unknown.isError, true);
      assert.deepEqual(mark(unknown), { status: "outcome_unknown", key: "cut-short" });
      assert.match(text(unknown), /outcome of this call of LedgerTool\.refund is unknown/);
      assert.deepEqual(second.ledger.runs, [], "nothing ran again after the restart");
    } finally {
      await returning.close();
      await second.server.close();
      await reopened.close();
    }
  });

  it("a key that is not a short non-empty string is a -32602 error", async () => {
    const { server, ledger, url } = await serveLedger(new InMemoryReceiptStore());
    const client = await connectV2(url);
    try {
      for (const bad of [7, "", "x".repeat(257)]) {
        await assert.rejects(client.callTool(refund(1, { [keyMeta]: bad })), (error: Error) => {
          assert.match(error.message, /idempotencyKey.*expected a string of 1 to 256 characters/);
          return true;
        });
      }
      assert.deepEqual(ledger.runs, []);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("serveMcp with receipts: a repeated request id on a session", () => {
  it("a retried tools/call with the same id replays; another id runs; another input under the id is key_reused", async () => {
    const { server, ledger, url } = await serveLedger(new InMemoryReceiptStore());
    const { client, transport } = await connectV1(url);
    const sessionId = String(transport.sessionId);
    try {
      const first = await post(url, sessionId, 7, refund(60));
      assert.equal(mark(first), undefined);
      const retried = await post(url, sessionId, 7, refund(60));
      assert.deepEqual(mark(retried), { status: "replayed", key: "7" });
      assert.equal(text(retried), text(first));
      await post(url, sessionId, 8, refund(60));
      assert.deepEqual(ledger.runs, ["refund acme 60", "refund acme 60"]);
      const reused = await post(url, sessionId, 7, refund(61));
      assert.deepEqual(mark(reused), { status: "key_reused", key: "7" });
      // The SDK client's own calls (ids it numbers itself) run as usual.
      const own = (await client.callTool(refund(62))) as CallToolResult;
      assert.equal(own.isError, undefined);
      assert.equal(ledger.runs.length, 3);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("the same request id in another session is another call", async () => {
    const { server, ledger, url } = await serveLedger(new InMemoryReceiptStore());
    const one = await connectV1(url);
    const two = await connectV1(url);
    try {
      await post(url, String(one.transport.sessionId), 7, refund(70));
      const other = await post(url, String(two.transport.sessionId), 7, refund(70));
      assert.equal(mark(other), undefined);
      assert.deepEqual(ledger.runs, ["refund acme 70", "refund acme 70"]);
    } finally {
      await Promise.all([one.client.close(), two.client.close()]);
      await server.close();
    }
  });
});

/** The receipt address of the "cut-short" key of the token's principal (2026-07-28: no session). */
function cutShort() {
  const holder = `token:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`;
  return { scope: `mcp:${JSON.stringify([holder])}`, key: "key:cut-short" };
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the condition never held");
}

/** A raw JSON-RPC `tools/call` on a session, with an id the test chooses (a client's retry). */
async function post(
  url: string,
  sessionId: string,
  id: number,
  params: ReturnType<typeof refund>,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }),
  });
  const body = await response.text();
  assert.equal(response.status, 200, body);
  const messages = (response.headers.get("content-type") ?? "").includes("event-stream")
    ? body
        .split("\n")
        .filter((line) => line.startsWith("data: ") && line.length > 6)
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
    : [JSON.parse(body) as Record<string, unknown>];
  const answer = messages.find((message) => message.id === id);
  assert.ok(answer !== undefined, body);
  return answer.result as Record<string, unknown>;
}

describe("serveMcp with receipts: a 2026-07-28 call with input_required rounds", () => {
  it("each round has its own receipt: the call completes once answered; the whole call again under its key is outcome_unknown", async () => {
    const tool = new AskingTool();
    const server = await serveMcp(new Toolbox([tool]), {
      transport: "http",
      receipts: { store: new InMemoryReceiptStore() },
    });
    const client = new ClientV2(
      { name: "v2", version: "1.0.0" },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    client.setRequestHandler("elicitation/create", async () => ({
      action: "accept",
      content: { confirm: true },
    }));
    await client.connect(new StreamableHTTPClientTransport(new URL(String(server.url))));
    try {
      const deploy = {
        name: "AskingTool_deploy",
        arguments: { env: "prod" },
        _meta: { [keyMeta]: "deploy-1" },
      };
      const deployed = await client.callTool(deploy);
      assert.equal(text(deployed), "deployed to prod");
      assert.equal(tool.deployRuns, 2, "asked in the first round, answered in the second");
      // The first round was stopped on purpose: a fresh call under the key is not that round's
      // retry (outcome_unknown), and the answered round's result is not the first round's.
      const again = await client.callTool(deploy);
      assert.deepEqual(mark(again), { status: "outcome_unknown", key: "deploy-1" });
      assert.equal(tool.deployRuns, 2);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
