import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { Agent } from "../../src/agent.js";
import {
  type ActivityContext,
  AgentError,
  activity,
  type ErrorArtifact,
  Tool,
} from "../../src/index.js";
import { hashInput } from "../../src/memory.js";
import { MockPromptDriver } from "../../src/testing.js";
import { StructuredOutputTool } from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";

class NotesTool extends Tool {
  readonly notes = new Map<string, string>([["a", "alpha"]]);

  @activity({
    description: "Read a note",
    schema: z.object({ key: z.string() }),
    annotations: { readOnly: true },
  })
  read(input: { key: string }) {
    return this.notes.get(input.key) ?? `no note ${input.key}`;
  }

  @activity({
    description: "Delete a note",
    schema: z.object({ key: z.string() }),
    annotations: { destructive: true },
  })
  remove(input: { key: string }) {
    this.notes.delete(input.key);
    return `deleted ${input.key}`;
  }

  @activity({
    description: "Pay someone",
    schema: z.object({ to: z.string(), amount: z.number() }),
    needsApproval: (input) => input.amount > 100,
  })
  pay(input: { to: string; amount: number }) {
    return `paid ${input.amount} to ${input.to}`;
  }
}

describe("Agent on the mock driver (native protocol)", () => {
  it("answers directly when the model calls no tool", async () => {
    const driver = new MockPromptDriver({
      responses: [{ text: "Hello!", usage: { inputTokens: 3, outputTokens: 2 } }],
    });
    const result = await new Agent({ driver, tools: [new MockTool()], system: "Be nice." }).run(
      "Hi",
    );
    assert.equal(result.status, "completed");
    assert.equal(result.output.toText(), "Hello!");
    assert.equal(result.steps, 1);
    assert.equal(result.usage.inputTokens, 3);
    const request = driver.requests[0];
    assert.equal(request?.messages[0]?.role, "system");
    assert.match(String(request?.messages[0]?.content), /Be nice\.$/);
    assert.equal(request?.tools?.length, 8);
  });

  it("runs parallel calls, feeds every result back (errors included) and reflects", async () => {
    const driver = new MockPromptDriver({
      responses: [
        {
          toolCalls: [
            { id: "1", name: "MockTool_test", arguments: '{"test":"one"}' },
            { id: "2", name: "MockTool_test_exception", arguments: '{"test":"boom"}' },
            { id: "3", name: "MockTool.test_str_output", arguments: "{'test': 'three',}" },
            { id: "4", name: "NoSuchTool_x", arguments: "{}" },
          ],
        },
        { text: "done" },
      ],
    });
    const result = await new Agent({ driver, tools: [new MockTool()] }).run("go");
    assert.equal(result.output.toText(), "done");
    assert.equal(result.steps, 2);
    assert.deepEqual(
      result.toolCalls.map((entry) => [entry.call.id, entry.result.artifact.type]),
      [
        ["1", "TextArtifact"],
        ["2", "ErrorArtifact"],
        ["3", "InfoArtifact"],
        ["4", "ErrorArtifact"],
      ],
    );
    assert.ok(result.repairs.length >= 2, JSON.stringify(result.repairs));
    const toolMessages =
      driver.requests[1]?.messages.filter((message) => message.role === "tool") ?? [];
    assert.equal(toolMessages.length, 4);
    assert.equal(toolMessages[0]?.role === "tool" && toolMessages[0].artifact.toText(), "ack one");
    assert.match(
      toolMessages[3]?.role === "tool" ? toolMessages[3].artifact.toText() : "",
      /NoSuchTool_x/,
    );
  });

  it("lets the model fix an invalid call on the next turn", async () => {
    const driver = new MockPromptDriver({
      responses: [
        { toolCalls: [{ id: "a", name: "MockTool_test", arguments: '{"wrong": 1}' }] },
        (request) => {
          const last = request.messages.at(-1);
          assert.ok(last?.role === "tool");
          assert.match(
            last.artifact.toText(),
            /none of the keys sent \("wrong"\) is a parameter of this activity; its parameters are "test"/,
          );
          return {
            toolCalls: [{ id: "b", name: "MockTool_test", arguments: '{"test": "fixed"}' }],
          };
        },
        "fixed it",
      ],
    });
    const result = await new Agent({ driver, tools: [new MockTool()] }).run("go");
    assert.equal(result.output.toText(), "fixed it");
    assert.equal(result.toolCalls[1]?.result.artifact.toText(), "ack fixed");
  });

  it("ends with an ErrorArtifact after maxSteps, transcript intact", async () => {
    const call = { toolCalls: [{ name: "MockTool_test", arguments: '{"test":"again"}' }] };
    const driver = new MockPromptDriver({ responses: [call, call, call] });
    const result = await new Agent({ driver, tools: [new MockTool()], maxSteps: 3 }).run("loop");
    assert.equal(result.status, "max-steps");
    assert.equal(result.output.type, "ErrorArtifact");
    assert.equal((result.output as ErrorArtifact).code, "max_steps");
    assert.equal(result.steps, 3);
    assert.equal(result.toolCalls.length, 3);
    assert.equal(result.messages.filter((message) => message.role === "tool").length, 3);
  });

  it("returns tool results as the output without reflection", async () => {
    const driver = new MockPromptDriver({
      responses: [{ toolCalls: [{ name: "MockTool_test", arguments: '{"test":"value"}' }] }],
    });
    const result = await new Agent({
      driver,
      tools: [new MockTool()],
      reflectOnToolUse: false,
    }).run("go");
    assert.equal(result.output.toText(), "ack value");
    assert.equal(result.steps, 1);
  });

  it("ends at once with a structured output", async () => {
    const driver = new MockPromptDriver({
      responses: [
        {
          toolCalls: [
            { name: "StructuredOutputTool_provide_output", arguments: '{"answer":"42"}' },
          ],
        },
      ],
    });
    const output = new StructuredOutputTool({ schema: z.object({ answer: z.string() }) });
    const result = await new Agent({ driver, tools: [output] }).run("answer");
    assert.equal(result.output.type, "JsonArtifact");
    assert.deepEqual(result.output.value, { answer: "42" });
  });

  it("streams text deltas, tool calls, tool results, step ends and a final result", async () => {
    const driver = new MockPromptDriver({
      responses: [
        { toolCalls: [{ id: "s", name: "MockTool_test", arguments: '{"test":"x"}' }] },
        "all good now",
      ],
    });
    const events = [];
    for await (const event of new Agent({ driver, tools: [new MockTool()] }).stream("go"))
      events.push(event);
    const types = events.map((event) => event.type);
    assert.deepEqual(types.slice(0, 6), [
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "tool-result",
      "step-finish",
    ]);
    assert.ok(types.includes("text-delta"));
    assert.equal(types.at(-1), "finish");
    const last = events.at(-1);
    assert.equal(last?.type === "finish" && last.result.output.toText(), "all good now");
  });

  it("cancels a run mid-step: the running tool sees its signal aborted", async () => {
    let sawAbort = false;
    class Slow extends Tool {
      @activity({ description: "slow" })
      async wait(_input: object, context: ActivityContext) {
        await sleep(10_000, undefined, { signal: context.signal }).catch(() => {
          sawAbort = true;
        });
      }
    }
    const driver = new MockPromptDriver({
      responses: [{ toolCalls: [{ name: "Slow_wait", arguments: "{}" }] }],
    });
    const controller = new AbortController();
    const run = new Agent({ driver, tools: [new Slow()] }).run("go", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop now")), 30);
    await assert.rejects(run, /stop now/);
    assert.equal(sawAbort, true);
  });

  it("refuses bad options with AgentError", () => {
    const driver = new MockPromptDriver({ responses: [] });
    assert.throws(() => new Agent({ driver, maxSteps: 0 }), AgentError);
    assert.throws(() => new Agent({ driver, protocol: "chat" as never }), /protocol/);
    assert.throws(() => new Agent({ driver: {} as never }), /driver/);
  });
});

describe("Agent approvals", () => {
  it("pauses before a destructive call, survives JSON and resumes in a new agent", async () => {
    const notes = new NotesTool();
    const script = [
      {
        toolCalls: [
          { id: "r", name: "NotesTool_read", arguments: '{"key":"a"}' },
          { id: "d", name: "NotesTool_remove", arguments: '{"key":"a"}' },
        ],
      },
      "Removed note a.",
    ];
    const first = await new Agent({
      driver: new MockPromptDriver({ responses: script }),
      tools: [notes],
      approvals: true,
    }).run("clean up");
    assert.equal(first.status, "needs-approval");
    assert.deepEqual(first.pending, [
      {
        id: "d",
        name: "NotesTool_remove",
        toolName: "NotesTool",
        activityName: "remove",
        input: { key: "a" },
        key: "s1:d",
        inputHash: hashInput({ key: "a" }),
      },
    ]);
    assert.equal(notes.notes.has("a"), true);
    const saved = JSON.parse(JSON.stringify(first.state));
    const driver = new MockPromptDriver({ responses: script.slice(1) });
    const second = await new Agent({ driver, tools: [notes], approvals: true }).resume(saved, {
      d: { type: "approve" },
    });
    assert.equal(second.status, "completed");
    assert.equal(second.output.toText(), "Removed note a.");
    assert.equal(notes.notes.has("a"), false);
    const toolMessages =
      driver.requests[0]?.messages.filter((message) => message.role === "tool") ?? [];
    assert.deepEqual(
      toolMessages.map((message) => message.role === "tool" && message.artifact.toText()),
      ["alpha", "deleted a"],
    );
  });

  it("sends a rejection's reason to the model", async () => {
    const notes = new NotesTool();
    const script = [
      { toolCalls: [{ id: "d", name: "NotesTool_remove", arguments: '{"key":"a"}' }] },
      "OK, kept it.",
    ];
    const agent = new Agent({
      driver: new MockPromptDriver({ responses: script }),
      tools: [notes],
      approvals: true,
    });
    const paused = await agent.run("clean up");
    assert.equal(paused.status, "needs-approval");
    const driver = new MockPromptDriver({ responses: script.slice(1) });
    const done = await new Agent({ driver, tools: [notes], approvals: true }).resume(paused.state, {
      d: { type: "reject", reason: "keep it" },
    });
    assert.equal(done.output.toText(), "OK, kept it.");
    assert.equal(notes.notes.has("a"), true);
    const reply = driver.requests[0]?.messages.at(-1);
    assert.ok(reply?.role === "tool");
    assert.equal(reply.artifact.toText(), "The user rejected this call: keep it");
  });

  it("validates an edited input again and refuses an invalid edit", async () => {
    const notes = new NotesTool();
    notes.notes.set("b", "beta");
    const script = [
      { toolCalls: [{ id: "d", name: "NotesTool_remove", arguments: '{"key":"a"}' }] },
      "done",
    ];
    const paused = await new Agent({
      driver: new MockPromptDriver({ responses: script }),
      tools: [notes],
      approvals: true,
    }).run("x");
    assert.equal(paused.status, "needs-approval");
    const agent = new Agent({
      driver: new MockPromptDriver({ responses: script.slice(1) }),
      tools: [notes],
      approvals: true,
    });
    await assert.rejects(
      agent.resume(paused.state, { d: { type: "edit", input: { key: 5 } } }),
      (error: unknown) => {
        assert.ok(error instanceof AgentError);
        assert.equal(error.code, "invalid_approval");
        assert.match(error.message, /\$\.key: expected string, got 5/);
        return true;
      },
    );
    assert.equal(notes.notes.size, 2);
    await assert.rejects(agent.resume(paused.state, {}), /has no decision/);
    const done = await agent.resume(paused.state, { d: { type: "edit", input: { key: "b" } } });
    assert.equal(done.status, "completed");
    assert.deepEqual([...notes.notes.keys()], ["a"]);
  });

  it("decides from the validated input with a needsApproval predicate, even without the approvals option", async () => {
    const script = [
      {
        toolCalls: [
          { id: "small", name: "NotesTool_pay", arguments: '{"to":"ada","amount":"5"}' },
          { id: "big", name: "NotesTool_pay", arguments: '{"to":"bob","amount":500}' },
        ],
      },
    ];
    const result = await new Agent({
      driver: new MockPromptDriver({ responses: script }),
      tools: [new NotesTool()],
    }).run("pay");
    assert.equal(result.status, "needs-approval");
    assert.deepEqual(
      result.pending.map((entry) => entry.id),
      ["big"],
    );
    assert.equal(result.toolCalls.length, 0);
  });

  it("refuses a state that is not one", async () => {
    const agent = new Agent({
      driver: new MockPromptDriver({ responses: [] }),
      tools: [new NotesTool()],
    });
    await assert.rejects(agent.resume({ version: 2 }, {}), {
      name: "AgentError",
      code: "invalid_agent_state",
    });
  });
});
