import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { Agent, type AgentRunResult } from "../../src/agent.js";
import { Toolbox } from "../../src/index.js";
import { InMemoryReceiptStore } from "../../src/memory.js";
import { MockPromptDriver } from "../../src/testing.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";

const run = promisify(execFile);
const scriptCall = (script: string, id = "s1") => ({
  toolCalls: [{ id, name: "CodeMode_run_script", arguments: JSON.stringify({ script }) }],
});

const payScript = `
  const stamp = Date.now();
  const roll = Math.random();
  const [alice] = await Promise.all([
    tools.LedgerTool_balance({ account: "alice" }),
    tools.LedgerTool_lookup({ account: "alice" }),
  ]);
  const moved = await tools.LedgerTool_transfer({ from: "alice", to: "bob", amount: 10 });
  const paid = await tools.LedgerTool_payout({ amount: alice.balance });
  return { stamp, roll, moved, paid };`;

function agentFor(ledger: LedgerTool, responses: unknown[], receipts: boolean) {
  let tick = 0;
  let seed = 0;
  return new Agent({
    driver: new MockPromptDriver({ responses: responses as never }),
    toolbox: new Toolbox(
      [ledger],
      receipts ? { receipts: { store: new InMemoryReceiptStore() } } : {},
    ),
    // A clock and random source that change on every read: a re-run that read them again would differ.
    codeMode: { clock: () => 1_000 + ++tick, random: () => (++seed % 10) / 10 },
  });
}

function paused(result: AgentRunResult) {
  assert.equal(result.status, "needs-approval");
  if (result.status !== "needs-approval") throw new Error("not paused");
  return result;
}

for (const receipts of [false, true]) {
  describe(`an agent in code mode ${receipts ? "with" : "without"} a receipt store`, () => {
    it("offers the model one tool describing the toolbox", async () => {
      const driver = new MockPromptDriver({ responses: ["hi"] });
      const agent = new Agent({ driver, tools: [new LedgerTool()], codeMode: true });
      await agent.run("hello");
      const tools = driver.requests[0]?.tools as {
        function: { name: string; description: string };
      }[];
      assert.deepEqual(
        tools.map((tool) => tool.function.name),
        ["CodeMode_run_script"],
      );
      assert.match(tools[0]?.function.description ?? "", /LedgerTool_payout\(input: \{/);
    });

    it("pauses the run at a call that needs approval and resumes it, every side effect once", async () => {
      const ledger = new LedgerTool();
      const agent = agentFor(ledger, [scriptCall(payScript), "All paid."], receipts);
      const first = paused(await agent.run("pay alice's balance out"));
      assert.equal(first.pending.length, 1);
      assert.deepEqual(
        [first.pending[0].toolName, first.pending[0].activityName, first.pending[0].input],
        ["LedgerTool", "payout", { amount: 100 }],
      );
      assert.equal(ledger.transfers, 1);
      assert.deepEqual(ledger.payouts, []);
      const scripts = first.state.paused.scripts as Record<
        string,
        { calls: { answer?: unknown }[] }
      >;
      const answers = scripts.s1?.calls.map((call) => call.answer !== undefined);
      // Without a store the record answers the finished calls; with one, the receipts do.
      assert.deepEqual(
        answers,
        receipts ? [false, false, false, false] : [true, true, true, false],
      );
      const state = JSON.parse(JSON.stringify(first.state));
      const done = await agent.resume(state, { [first.pending[0].id]: { type: "approve" } });
      assert.equal(done.status, "completed");
      assert.equal(done.output.toText(), "All paid.");
      assert.equal(ledger.transfers, 1);
      assert.deepEqual(ledger.payouts, [100]);
      const result = JSON.parse(done.toolCalls.at(-1)?.result.artifact.toText() ?? "null");
      assert.deepEqual(result, { stamp: 1_001, roll: 0.1, moved: "moved 10", paid: "paid 100" });
    });

    it("pauses again at a later call, and a rejected call is an exception in the script", async () => {
      const ledger = new LedgerTool();
      const script = `
        await tools.LedgerTool_transfer({ from: "alice", to: "bob", amount: 1 });
        const first = await tools.LedgerTool_payout({ amount: 1 });
        let second;
        try { second = await tools.LedgerTool_payout({ amount: 2 }); } catch (e) { second = e.code + ": " + e.message; }
        return [first, second];`;
      const agent = agentFor(ledger, [scriptCall(script), "ok"], receipts);
      const one = paused(await agent.run("pay twice"));
      const two = paused(
        await agent.resume(one.state, { [one.pending[0].id]: { type: "approve" } }),
      );
      assert.deepEqual(two.pending[0].input, { amount: 2 });
      assert.notEqual(two.pending[0].id, one.pending[0].id);
      const done = await agent.resume(JSON.parse(JSON.stringify(two.state)), {
        [two.pending[0].id]: { type: "reject", reason: "too much" },
      });
      assert.equal(done.status, "completed");
      assert.deepEqual(JSON.parse(done.toolCalls.at(-1)?.result.artifact.toText() ?? "null"), [
        "paid 1",
        "rejected: The user rejected this call: too much",
      ]);
      assert.equal(ledger.transfers, 1);
      assert.deepEqual(ledger.payouts, [1]);
    });

    it("runs an edited call with the human's input", async () => {
      const ledger = new LedgerTool();
      const agent = agentFor(ledger, [scriptCall(payScript), "ok"], receipts);
      const first = paused(await agent.run("pay"));
      await agent.resume(first.state, {
        [first.pending[0].id]: { type: "edit", input: { amount: 7 } },
      });
      assert.deepEqual(ledger.payouts, [7]);
      assert.equal(ledger.transfers, 1);
    });
  });
}

describe("a saved state of a paused script", () => {
  it("is refused when a recorded answer was edited, and nothing runs", async () => {
    const ledger = new LedgerTool();
    const agent = agentFor(ledger, [scriptCall(payScript), "ok"], false);
    const first = paused(await agent.run("pay alice's balance out"));
    const state = JSON.parse(JSON.stringify(first.state));
    // Without a receipt store the answers live in the state: a forged balance would pay out more.
    const calls = state.paused.scripts.s1.calls as { answer?: { ok: boolean; json?: string } }[];
    const balance = calls[0]?.answer;
    assert.ok(balance?.ok === true && typeof balance.json === "string");
    const forged = balance.json.replace("100", "100000");
    assert.notEqual(forged, balance.json);
    balance.json = forged;
    await assert.rejects(
      agent.resume(state, { [first.pending[0].id]: { type: "approve" } }),
      (error: Error & { code?: string }) =>
        error.code === "invalid_agent_state" && /changed after it was saved/.test(error.message),
    );
    assert.deepEqual(ledger.payouts, []);
    assert.equal(ledger.transfers, 1);
  });
});

describe("an agent in code mode across a process restart", () => {
  it("resumes in a new process from the saved state and a SQLite receipt store, every side effect once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "toolwright-code-mode-"));
    try {
      const child = new URL("./fixtures/restart-child.ts", import.meta.url).pathname;
      const node = (mode: string) =>
        run(process.execPath, ["--import", "tsx", child, mode, dir], { encoding: "utf8" });
      const started = JSON.parse((await node("start")).stdout) as {
        status: string;
        pending: { toolName: string; activityName: string }[];
      };
      assert.equal(started.status, "needs-approval");
      assert.equal(started.pending[0]?.activityName, "send");
      assert.deepEqual((await readFile(join(dir, "journal.txt"), "utf8")).split("\n").sort(), [
        "",
        "a",
        "b",
      ]);
      const resumed = JSON.parse((await node("resume")).stdout) as {
        status: string;
        script: string;
      };
      assert.equal(resumed.status, "completed");
      const lines = (await readFile(join(dir, "journal.txt"), "utf8")).trimEnd().split("\n");
      assert.equal(lines.filter((line) => line === "a").length, 1);
      assert.equal(lines.filter((line) => line === "b").length, 1);
      assert.equal(lines.filter((line) => line.startsWith("sent ")).length, 1);
      assert.equal(lines.filter((line) => line.startsWith("after ")).length, 1);
      assert.equal(
        resumed.script,
        lines.find((line) => line.startsWith("sent ")),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
