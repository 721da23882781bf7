// toolwrightInterruptOn inside LangChain's own createAgent, humanInTheLoopMiddleware and a
// checkpointer: calls that need approval wait for a human, decided on the input toolwright validated.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { z } from "zod";
import { activity, Tool, Toolbox } from "../../src/index.js";
import {
  toLangChainTools,
  toolwrightApproval,
  toolwrightInterruptOn,
  toolwrightMiddleware,
} from "../../src/langchain.js";

class PayTool extends Tool {
  readonly paid: string[] = [];

  @activity({
    description: "Pays someone",
    schema: z.object({ to: z.string(), amount: z.number() }),
    needsApproval: (input) => input.amount > 100,
  })
  pay(input: { to: string; amount: number }) {
    this.paid.push(`${input.to} ${input.amount}`);
    return `paid ${input.amount} to ${input.to}`;
  }

  @activity({ description: "Looks a balance up", annotations: { readOnly: true } })
  balance() {
    return "balance 1000";
  }

  @activity({ description: "Closes the account", annotations: { destructive: true } })
  close() {
    this.paid.push("closed");
    return "closed";
  }
}

function toolCalls(calls: readonly [id: string, name: string, args: Record<string, unknown>][]) {
  return new AIMessage({
    content: "",
    tool_calls: calls.map(([id, name, args]) => ({ id, name, args, type: "tool_call" as const })),
  });
}

function agentFor(tools: PayTool, approvals: boolean) {
  const toolbox = new Toolbox([tools]);
  const model = fakeModel()
    .respond(
      toolCalls([
        // A number sent as a string: toolwright's coercion makes it 500, over the limit.
        ["big", "paytool_pay", { to: "ann", amount: "500" }],
        ["small", "PayTool_pay", { to: "bob", amount: 5 }],
        ["shut", "PayTool_close", {}],
      ]),
    )
    .respond(new AIMessage("done"));
  return createAgent({
    model,
    tools: toLangChainTools(toolbox),
    middleware: [toolwrightMiddleware(toolbox), toolwrightApproval(toolbox, { approvals })],
    checkpointer: new MemorySaver(),
  });
}

describe("toolwrightApproval: LangChain's humanInTheLoopMiddleware on toolwrightInterruptOn", () => {
  it("maps each activity's approval rule; read-only ones are not listed", () => {
    const toolbox = new Toolbox([new PayTool()]);
    assert.deepEqual(Object.keys(toolwrightInterruptOn(toolbox)), ["PayTool_pay"]);
    assert.deepEqual(Object.keys(toolwrightInterruptOn(toolbox, { approvals: true })).sort(), [
      "PayTool_close",
      "PayTool_pay",
    ]);
    const entry = toolwrightInterruptOn(toolbox, {
      allowedDecisions: ["approve", "reject"],
    }).PayTool_pay;
    assert.deepEqual(entry?.allowedDecisions, ["approve", "reject"]);
  });

  it("holds the calls that need approval, asking on the validated input, and runs them once approved", async () => {
    const tools = new PayTool();
    const agent = agentFor(tools, true);
    const config = { configurable: { thread_id: "t1" } };
    const first = await agent.invoke({ messages: [{ role: "user", content: "pay" }] }, config);
    // Nothing ran before the human answered: the whole step waits.
    assert.deepEqual(tools.paid, []);
    const [pending] = (first as { __interrupt__?: { value: unknown }[] }).__interrupt__ ?? [];
    const request = pending?.value as {
      actionRequests: { name: string; description: string }[];
    };
    assert.deepEqual(
      request.actionRequests.map((action) => action.name),
      ["PayTool_pay", "PayTool_close"],
    );
    // The human reads the input the method will get (500, a number), not the model's string.
    assert.match(
      request.actionRequests[0]?.description ?? "",
      /Input: \{"to":"ann","amount":500\}/,
    );
    const done = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }, { type: "approve" }] } }),
      config,
    );
    assert.deepEqual(tools.paid.sort(), ["ann 500", "bob 5", "closed"]);
    assert.equal(done.messages.at(-1)?.content, "done");
  });

  it("a call under the predicate's limit waits for no one", async () => {
    const tools = new PayTool();
    const toolbox = new Toolbox([tools]);
    const model = fakeModel()
      .respond(toolCalls([["small", "PayTool_pay", { to: "bob", amount: 5 }]]))
      .respond(new AIMessage("done"));
    const agent = createAgent({
      model,
      tools: toLangChainTools(toolbox),
      middleware: [toolwrightMiddleware(toolbox), toolwrightApproval(toolbox)],
      checkpointer: new MemorySaver(),
    });
    const result = await agent.invoke(
      { messages: [{ role: "user", content: "pay" }] },
      { configurable: { thread_id: "t2" } },
    );
    assert.equal((result as { __interrupt__?: unknown }).__interrupt__, undefined);
    assert.deepEqual(tools.paid, ["bob 5"]);
  });
});
