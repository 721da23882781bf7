import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sealOf } from "../../src/agent/state-seal.js";
import { Agent, type AgentRunResult, type AgentState } from "../../src/agent.js";
import { AgentError } from "../../src/index.js";
import { hashInput } from "../../src/memory.js";
import { MockPromptDriver } from "../../src/testing.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";

const key = "a-secret-of-the-agents";

/** A run paused before `refund` of `amount`, on a ledger that counts refunds. */
async function pausedRun(amount = 5, signed = true) {
  const stateKey = signed ? key : undefined;
  const ledger = new LedgerTool();
  const script = [
    {
      toolCalls: [{ id: "c1", name: "LedgerTool_refund", arguments: { account: "acme", amount } }],
    },
    "Refunded.",
  ];
  const agent = new Agent({
    driver: new MockPromptDriver({ responses: script }),
    tools: [ledger],
    approvals: true,
    stateKey,
  });
  const result = await agent.run("refund acme");
  assert.equal(result.status, "needs-approval");
  return { ledger, agent, result: result as Extract<AgentRunResult, { status: "needs-approval" }> };
}

/** A fresh agent with the same tools and key, as another process would have. */
function resumer(ledger: LedgerTool, stateKey: string | null = key) {
  return new Agent({
    driver: new MockPromptDriver({ responses: ["Refunded."] }),
    tools: [ledger],
    approvals: true,
    stateKey: stateKey ?? undefined,
  });
}

type Mutable = { -readonly [K in keyof AgentState]: unknown } & Record<string, unknown>;
function copy(state: AgentState): Mutable {
  return JSON.parse(JSON.stringify(state)) as Mutable;
}
function pendingOf(state: Mutable): Record<string, unknown>[] {
  return (state.paused as { pending: Record<string, unknown>[] }).pending;
}

function refusal(code: string, pattern: RegExp) {
  return (error: unknown) =>
    error instanceof AgentError && error.code === code && pattern.test(error.message);
}

describe("approvals bound to the call", () => {
  it("a pending call names its key and its input's hash; an approval naming them runs it once", async () => {
    const { ledger, result } = await pausedRun();
    const [pending] = result.pending;
    assert.equal(pending.key, "s1:c1");
    assert.equal(pending.inputHash, hashInput({ account: "acme", amount: 5 }));
    assert.match(result.state.seal, /^hmac-sha256:[0-9a-f]{64}$/);
    const agent = resumer(ledger);
    const done = await agent.resume(result.state, {
      c1: { type: "approve", inputHash: pending.inputHash },
    });
    assert.equal(done.status, "completed");
    assert.deepEqual(ledger.runs, ["refund acme 5"]);
    await assert.rejects(
      agent.resume(result.state, { c1: { type: "approve" } }),
      refusal("invalid_approval", /used once/),
    );
    assert.deepEqual(ledger.runs, ["refund acme 5"]);
  });

  it("refuses a state whose pending input was edited", async () => {
    const { ledger, result } = await pausedRun();
    const state = copy(result.state);
    (pendingOf(state)[0] as { input: unknown }).input = { account: "acme", amount: 500 };
    await assert.rejects(
      resumer(ledger).resume(state, { c1: { type: "approve" } }),
      refusal("invalid_agent_state", /seal does not match/),
    );
    assert.deepEqual(ledger.runs, []);
  });

  it("refuses a state whose pending call names another tool or activity", async () => {
    const { ledger, result } = await pausedRun();
    for (const [field, value] of [
      ["activityName", "balance"],
      ["toolName", "OtherTool"],
    ] as const) {
      const state = copy(result.state);
      pendingOf(state)[0] = { ...pendingOf(state)[0], [field]: value };
      await assert.rejects(
        resumer(ledger).resume(state, { c1: { type: "approve" } }),
        refusal("invalid_agent_state", /seal does not match/),
      );
    }
    assert.deepEqual(ledger.runs, []);
  });

  it("refuses an edited model call in the transcript and a resealed state without the key", async () => {
    const { ledger, result } = await pausedRun();
    const state = copy(result.state);
    const calls = (state.paused as { calls: { arguments: unknown }[] }).calls;
    (calls[0] as { arguments: unknown }).arguments = { account: "mallory", amount: 5 };
    await assert.rejects(
      resumer(ledger).resume(state, { c1: { type: "approve" } }),
      refusal("invalid_agent_state", /seal does not match/),
    );
    // Resealed with a plain hash, as anyone without the key could: the keyed agent refuses it.
    state.seal = sealOf(state, undefined);
    await assert.rejects(
      resumer(ledger).resume(state, { c1: { type: "approve" } }),
      refusal("invalid_agent_state", /not signed/),
    );
    assert.deepEqual(ledger.runs, []);
  });

  it("without a key, a resealed state still binds each pending call to its model call", async () => {
    const { ledger, result } = await pausedRun(5, false);
    assert.match(result.state.seal, /^sha256:/);
    // The pending input changed with its hash and the seal recomputed, as anyone can without a key:
    // it no longer is what its model call decodes to.
    const state = copy(result.state);
    const input = { account: "mallory", amount: 5 };
    pendingOf(state)[0] = { ...pendingOf(state)[0], input, inputHash: hashInput(input) };
    state.seal = sealOf(state, undefined);
    await assert.rejects(
      resumer(ledger, null).resume(state, { c1: { type: "approve" } }),
      refusal("invalid_agent_state", /not the call the model made/),
    );
    assert.deepEqual(ledger.runs, []);
  });

  it("an approval replayed onto another paused call with the same id is refused", async () => {
    const first = await pausedRun(5);
    const approval = { type: "approve" as const, inputHash: first.result.pending[0].inputHash };
    const second = await pausedRun(900);
    assert.equal(second.result.pending[0].id, "c1");
    await assert.rejects(
      resumer(second.ledger).resume(second.result.state, { c1: approval }),
      refusal("invalid_approval", /approves the input it saw and nothing else/),
    );
    assert.deepEqual(second.ledger.runs, []);
    // An edit names the input it replaces in the same way.
    await assert.rejects(
      resumer(second.ledger).resume(second.result.state, {
        c1: { type: "edit", input: { account: "acme", amount: 1 }, inputHash: approval.inputHash },
      }),
      refusal("invalid_approval", /nothing else/),
    );
  });

  it("a state signed with one key is refused by an agent with another, and an unsealed one by all", async () => {
    const { ledger, result } = await pausedRun();
    await assert.rejects(
      resumer(ledger, "another-key-entirely").resume(result.state, { c1: { type: "approve" } }),
      refusal("invalid_agent_state", /seal does not match/),
    );
    const { seal: _, ...unsealed } = result.state;
    await assert.rejects(
      resumer(ledger).resume(unsealed, { c1: { type: "approve" } }),
      refusal("invalid_agent_state", /has no seal/),
    );
    assert.deepEqual(ledger.runs, []);
  });
});
