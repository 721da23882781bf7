import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { ErrorArtifact, type ReceiptOptions, Toolbox, ToolboxError } from "../../src/index.js";
import { hashInput, InMemoryReceiptStore, type ReceiptStore } from "../../src/memory.js";
import { SqliteReceiptStore } from "../../src/memory-sqlite.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";
import { ReceiptStorePlaces } from "./fixtures/receipt-stores.js";

const places = new ReceiptStorePlaces();
after(() => places.dispose());

const refund = (id: string | undefined, account = "acme", amount = 10) => ({
  ...(id === undefined ? {} : { id }),
  name: "LedgerTool_refund",
  arguments: JSON.stringify({ account, amount }),
});

function code(artifact: unknown): string | undefined {
  return artifact instanceof ErrorArtifact ? artifact.code : undefined;
}

for (const kind of places.kinds()) {
  describe(`Toolbox receipts on ${kind.name}`, () => {
    it("runs a call once: the same call again gets the recorded result, marked replayed", async () => {
      const ledger = new LedgerTool();
      const toolbox = new Toolbox([ledger], { receipts: { store: await kind.create() } });
      const first = await toolbox.execute(refund("call_1"));
      const second = await toolbox.execute(refund("call_1"));
      assert.deepEqual(ledger.runs, ["refund acme 10"]);
      assert.equal(first.artifact.toText(), second.artifact.toText());
      assert.equal(second.artifact.id, first.artifact.id, "the stored artifact, revived");
      assert.deepEqual(first.repairs, []);
      assert.equal(second.repairs.length, 1);
      assert.equal(second.repairs[0]?.step, "replay");
      assert.match(
        second.repairs[0]?.detail ?? "",
        /under receipt "call:call_1:LedgerTool\.refund"; the method did not run again$/,
      );
      // Text arguments in another key order and spacing are the same validated input.
      const third = await toolbox.execute({
        id: "call_1",
        name: "LedgerTool.refund",
        arguments: '{ "amount": 10, "account": "acme" }',
      });
      assert.equal(third.repairs.at(-1)?.step, "replay");
      assert.deepEqual(ledger.runs, ["refund acme 10"]);
    });

    it("refuses a call id or key used again for another input or activity (key_reused), running nothing", async () => {
      const ledger = new LedgerTool();
      const toolbox = new Toolbox([ledger], { receipts: { store: await kind.create() } });
      await toolbox.execute(refund("call_1", "acme", 10));
      const other = await toolbox.execute(refund("call_1", "acme", 99));
      assert.equal(code(other.artifact), "key_reused");
      assert.match(
        other.artifact.toText(),
        /key "call:call_1:LedgerTool\.refund" was used before for a call of LedgerTool\.refund with another input/,
      );
      await toolbox.execute({ ...refund("a", "x", 1), idempotencyKey: "order-7" });
      const byKey = await toolbox.execute({
        id: "b",
        name: "LedgerTool_balance",
        arguments: '{"account":"x"}',
        idempotencyKey: "order-7",
      });
      assert.equal(code(byKey.artifact), "key_reused");
      assert.deepEqual(ledger.runs, ["refund acme 10", "refund x 1"]);
    });

    it("an idempotency key spans call ids: a retried request with a new id gets the first result", async () => {
      const ledger = new LedgerTool();
      const toolbox = new Toolbox([ledger], { receipts: { store: await kind.create() } });
      const first = await toolbox.execute({ ...refund("req-1"), idempotencyKey: "refund-42" });
      const retry = await toolbox.execute({ ...refund("req-2"), idempotencyKey: "refund-42" });
      assert.deepEqual(ledger.runs, ["refund acme 10"]);
      assert.equal(retry.id, "req-2");
      assert.equal(retry.artifact.toText(), first.artifact.toText());
    });

    it("a call that started and never finished: not run again unless idempotent (outcome_unknown)", async () => {
      const store = await kind.create();
      const ledger = new LedgerTool();
      const toolbox = new Toolbox([ledger], { receipts: { store, scope: "s" } });
      // What a process that died inside the method leaves behind.
      for (const [key, tool, activity, input] of [
        ["call:c1:LedgerTool.refund", "LedgerTool", "refund", { account: "acme", amount: 10 }],
        ["call:c2:LedgerTool.balance", "LedgerTool", "balance", { account: "acme" }],
      ] as const) {
        await store.begin({
          scope: "s",
          key,
          tool,
          activity,
          inputHash: hashInput(input),
          startedAt: Date.parse("2026-01-02T03:04:05Z"),
          expiresAt: undefined,
        });
      }
      const unknown = await toolbox.execute(refund("c1"));
      assert.equal(code(unknown.artifact), "outcome_unknown");
      assert.match(
        unknown.artifact.toText(),
        /started at 2026-01-02T03:04:05\.000Z \(receipt "call:c1:LedgerTool\.refund"\) and no result was recorded/,
      );
      assert.deepEqual(unknown.artifact.meta, {
        receiptKey: "call:c1:LedgerTool.refund",
        receiptScope: "s",
      });
      const rerun = await toolbox.execute({
        id: "c2",
        name: "LedgerTool_balance",
        arguments: '{"account":"acme"}',
      });
      assert.equal(rerun.artifact.type, "JsonArtifact");
      assert.deepEqual(ledger.runs, ["balance acme"]);
      const receipt = await store.get({ scope: "s", key: "call:c2:LedgerTool.balance" });
      assert.equal(receipt?.attempt, 2);
      assert.equal(receipt?.result?.type, "JsonArtifact");
      // Asked again, the idempotent call now replays; the other still reports the unknown outcome.
      assert.equal(
        (
          await toolbox.execute({
            id: "c2",
            name: "LedgerTool_balance",
            arguments: '{"account":"acme"}',
          })
        ).repairs.at(-1)?.step,
        "replay",
      );
      assert.equal(code((await toolbox.execute(refund("c1"))).artifact), "outcome_unknown");
      assert.deepEqual(ledger.runs, ["balance acme"]);
    });

    it("records nothing for a call that does not validate or has no id of its own", async () => {
      const store = await kind.create();
      const ledger = new LedgerTool();
      const toolbox = new Toolbox([ledger], { receipts: { store } });
      const invalid = await toolbox.execute({
        id: "bad",
        name: "LedgerTool_refund",
        arguments: '{"account":1}',
      });
      assert.equal(code(invalid.artifact), "invalid_input");
      assert.equal(
        await store.get({ scope: "toolbox", key: "call:bad:LedgerTool.refund" }),
        undefined,
      );
      // Made-up ids (`call_1`, …) name nothing beyond this process: each such call runs.
      await toolbox.execute(refund(undefined));
      await toolbox.executeAll([refund(undefined), refund(undefined)]);
      assert.deepEqual(ledger.runs, ["refund acme 10", "refund acme 10", "refund acme 10"]);
    });

    it("takes a scope and a retention; a receipt past its retention is gone and the call runs again", async () => {
      const store = await kind.create();
      const ledger = new LedgerTool();
      const toolbox = new Toolbox([ledger]);
      const twoHoursAgo = () => Date.now() - 7_200_000;
      const old: ReceiptOptions = { store, scope: "x", retentionMs: 3_600_000, clock: twoHoursAgo };
      await toolbox.execute(refund("c1"), { receipts: old });
      await toolbox.execute(refund("c1"), { receipts: { ...old, clock: Date.now } });
      assert.equal(ledger.runs.length, 2, "expired an hour ago: a new call");
      await toolbox.execute(refund("c1"), { receipts: { store, scope: "y" } });
      await toolbox.execute(refund("c1"), { receipts: { store, scope: "y" } });
      assert.equal(ledger.runs.length, 3);
      await store.release("y");
      await toolbox.execute(refund("c1"), { receipts: { store, scope: "y" } });
      assert.equal(ledger.runs.length, 4, "a released scope remembers nothing");
    });
  });
}

describe("Toolbox receipts in one process", () => {
  it("a second call of a key while the first runs waits for it and gets its result", async () => {
    const ledger = new LedgerTool();
    let open: () => void = () => {};
    ledger.gate = new Promise((resolve) => {
      open = resolve;
    });
    const toolbox = new Toolbox([ledger], { receipts: { store: new InMemoryReceiptStore() } });
    const first = toolbox.execute(refund("c1"));
    const second = toolbox.execute(refund("c1"));
    const other = toolbox.execute(refund("c1", "acme", 5));
    open();
    const [a, b, c] = await Promise.all([first, second, other]);
    assert.deepEqual(ledger.runs, ["refund acme 10"]);
    assert.equal(b.artifact.toText(), a.artifact.toText());
    assert.equal(b.repairs.at(-1)?.step, "replay");
    assert.equal(code(c.artifact), "key_reused");
  });

  it("the toolbox's receipts are per call: a call's own, or none with null; executeAll passes them on", async () => {
    const ledger = new LedgerTool();
    const store = new InMemoryReceiptStore();
    const toolbox = new Toolbox([ledger], { receipts: { store } });
    assert.equal(toolbox.receipts?.store, store);
    await toolbox.execute(refund("c1"), { receipts: null });
    await toolbox.execute(refund("c1"), { receipts: null });
    assert.equal(ledger.runs.length, 2);
    const results = await toolbox.executeAll([refund("a"), refund("b"), refund("a")], {
      concurrency: 1,
    });
    assert.equal(ledger.runs.length, 4);
    assert.equal(results[2]?.repairs.at(-1)?.step, "replay");
    // Inside a parallel wrapper each call has its wrapper's id and its place: its own key.
    const wrapper = {
      id: "w1",
      name: "multi_tool_use.parallel",
      arguments: JSON.stringify({
        tool_uses: [
          {
            recipient_name: "functions.LedgerTool_refund",
            parameters: { account: "p", amount: 1 },
          },
        ],
      }),
    };
    await toolbox.execute(wrapper);
    const again = await toolbox.execute(wrapper);
    assert.equal(ledger.runs.length, 5);
    assert.equal(again.calls?.[0]?.repairs.at(-1)?.step, "replay");
  });

  it("a store that fails before the method runs means the call does not run (receipt_unavailable)", async () => {
    const store = new SqliteReceiptStore({ path: ":memory:" });
    await store.close();
    const ledger = new LedgerTool();
    const toolbox = new Toolbox([ledger], { receipts: { store } });
    const result = await toolbox.execute(refund("c1"));
    assert.equal(code(result.artifact), "receipt_unavailable");
    assert.match(
      result.artifact.toText(),
      /^The call of LedgerTool\.refund did not run: its receipt could not be recorded \(SQLite receipt store ":memory:": the store is closed\)/,
    );
    assert.deepEqual(ledger.runs, []);
  });

  it("a store that fails after the method ran: the result still comes back, and a repeat never runs it twice", async () => {
    const inner = new InMemoryReceiptStore();
    const { MemoryStoreError } = await import("../../src/index.js");
    let failFinish = true;
    const store: ReceiptStore = Object.assign(Object.create(inner) as ReceiptStore, {
      specificationVersion: "v1" as const,
      begin: inner.begin.bind(inner),
      restart: inner.restart.bind(inner),
      get: inner.get.bind(inner),
      finish: async (finish: Parameters<ReceiptStore["finish"]>[0]) => {
        if (failFinish) {
          throw new MemoryStoreError({
            store: "memory",
            location: "test",
            message: "down",
            holds: "receipt",
          });
        }
        return inner.finish(finish);
      },
    });
    const ledger = new LedgerTool();
    const toolbox = new Toolbox([ledger], { receipts: { store } });
    const first = await toolbox.execute(refund("c1"));
    assert.equal(first.artifact.type, "JsonArtifact");
    failFinish = false;
    assert.equal(code((await toolbox.execute(refund("c1"))).artifact), "outcome_unknown");
    assert.deepEqual(ledger.runs, ["refund acme 10"]);
  });

  it("checks the receipt options and the idempotency key", async () => {
    assert.throws(
      () => new Toolbox([], { receipts: {} as never }),
      /Toolbox: "receipts\.store" is required/,
    );
    assert.throws(
      () => new Toolbox([], { receipts: { store: new InMemoryReceiptStore(), retentionMs: -1 } }),
      /"receipts\.retentionMs" must be a positive whole number of milliseconds/,
    );
    const toolbox = new Toolbox([new LedgerTool()]);
    await assert.rejects(
      toolbox.execute(refund("c"), { receipts: { store: {} as never } }),
      (error: unknown) =>
        ToolboxError.isInstance(error) &&
        /"receipts\.store" must be a ReceiptStore/.test((error as Error).message),
    );
    await assert.rejects(
      toolbox.execute(
        { ...refund("c"), idempotencyKey: "" },
        { receipts: { store: new InMemoryReceiptStore() } },
      ),
      /"idempotencyKey" must be a non-empty string/,
    );
  });
});
