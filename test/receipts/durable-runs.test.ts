import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import { AgentError } from "../../src/index.js";
import type { ReceiptStore } from "../../src/memory.js";
import { MockPromptDriver, type MockResponse } from "../../src/testing.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";
import { ReceiptStorePlaces } from "./fixtures/receipt-stores.js";

const places = new ReceiptStorePlaces();
after(() => places.dispose());

const refundCall = {
  toolCalls: [
    { id: "c1", name: "LedgerTool_refund", arguments: { account: "acme", amount: 5 } },
    { id: "c2", name: "LedgerTool_balance", arguments: { account: "acme" } },
  ],
};

function agentOn(store: ReceiptStore, ledger: LedgerTool, responses: MockResponse[]) {
  return new Agent({
    driver: new MockPromptDriver({ responses }),
    tools: [ledger],
    durable: { store },
    stateKey: "durable-runs-test-key",
  });
}

for (const kind of places.kinds()) {
  describe(`durable runs on ${kind.name}`, () => {
    it("a run stopped after a step resumes from its store without running that step's calls again", async () => {
      const store = await kind.create();
      const ledger = new LedgerTool();
      const crash = new Error("the model's server went away");
      const first = agentOn(store, ledger, [refundCall, crash]);
      await assert.rejects(first.run("refund acme", { runId: "run-a" }), /went away/);
      assert.deepEqual([...ledger.runs].sort(), ["balance acme", "refund acme 5"]);
      // Another agent (another process, after a restart) with the same store.
      const done = await agentOn(store, ledger, ["Refunded 5."]).resume("run-a");
      assert.equal(done.status, "completed");
      assert.equal(done.output.toText(), "Refunded 5.");
      assert.equal(done.runId, "run-a");
      assert.deepEqual([...ledger.runs].sort(), ["balance acme", "refund acme 5"]);
      assert.equal(done.toolCalls.length, 2);
      // Finished: its result again, nothing run, no model asked.
      const again = await agentOn(store, ledger, []).resume("run-a");
      assert.equal(again.output.toText(), "Refunded 5.");
      // The run's receipts lasted its lifetime.
      assert.equal(await store.get({ scope: "run:run-a", key: "key:s1:c1" }), undefined);
    });

    it("pending approvals survive a restart and are used once", async () => {
      const store = await kind.create();
      const ledger = new LedgerTool();
      const paused = await new Agent({
        driver: new MockPromptDriver({ responses: [refundCall] }),
        tools: [ledger],
        durable: { store },
        approvals: true,
      }).run("refund acme", { runId: "run-c" });
      assert.equal(paused.status, "needs-approval");
      const later = () =>
        new Agent({
          driver: new MockPromptDriver({ responses: ["Refunded."] }),
          tools: [ledger],
          durable: { store },
          approvals: true,
        });
      const still = await later().resume("run-c");
      assert.equal(still.status, "needs-approval");
      assert.deepEqual(still.pending, paused.pending);
      const done = await later().resume("run-c", { c1: { type: "approve" } });
      assert.equal(done.status, "completed");
      assert.deepEqual([...ledger.runs].sort(), ["balance acme", "refund acme 5"]);
      await assert.rejects(
        later().resume("run-c", { c1: { type: "approve" } }),
        (error: unknown) => error instanceof AgentError && error.code === "invalid_approval",
      );
      await assert.rejects(
        later().resume(paused.status === "needs-approval" ? paused.state : {}, {
          c1: { type: "approve" },
        }),
        /invalid_approval|used once|moved on|not waiting/,
      );
      assert.deepEqual([...ledger.runs].sort(), ["balance acme", "refund acme 5"]);
    });

    it("refuses a second run under an id the store holds", async () => {
      const store = await kind.create();
      const ledger = new LedgerTool();
      await agentOn(store, ledger, ["Hi."]).run("hello", { runId: "run-d" });
      await assert.rejects(
        agentOn(store, ledger, ["Hi."]).run("hello", { runId: "run-d" }),
        /exists already/,
      );
    });
  });
}
