import assert from "node:assert/strict";
import { after, beforeEach, describe, it } from "node:test";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { z } from "zod";
import { Agent } from "../../src/agent.js";
import { activity, Tool } from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing.js";
import { MockTool } from "../fixtures/mock-tool.js";
import { parentOf, registerSdk } from "./fixtures/otel-sdk.js";

const sdk = registerSdk();
after(() => sdk.shutdown());
beforeEach(() => sdk.reset());

function script() {
  return new MockPromptDriver({
    model: "mock-1",
    responses: [
      {
        toolCalls: [
          { id: "t1", name: "MockTool_test", arguments: '{"test":"a"}' },
          { id: "t2", name: "mocktool_test", arguments: { test: "b" } },
        ],
        usage: { inputTokens: 10, outputTokens: 4 },
      },
      { text: "both done", usage: { inputTokens: 20, outputTokens: 2 } },
    ],
  });
}

function only(spans: ReadableSpan[]): ReadableSpan {
  assert.equal(spans.length, 1, spans.map((span) => span.name).join(", "));
  return spans[0] as ReadableSpan;
}

for (const mode of ["run", "stream"] as const) {
  describe(`agent spans (${mode})`, () => {
    it("puts model calls and tool calls under one invoke_agent span", async () => {
      const agent = new Agent({ driver: script(), tools: [new MockTool()], name: "helper" });
      if (mode === "run") await agent.run("do both");
      else for await (const _event of agent.stream("do both"));
      const run = only(sdk.named("invoke_agent"));
      assert.equal(run.name, "invoke_agent helper");
      assert.equal(parentOf(run), undefined);
      assert.equal(run.attributes["gen_ai.operation.name"], "invoke_agent");
      assert.equal(run.attributes["gen_ai.agent.name"], "helper");
      assert.equal(run.attributes["gen_ai.request.model"], "mock-1");
      assert.equal(run.attributes["gen_ai.usage.input_tokens"], 30);
      assert.equal(run.attributes["gen_ai.usage.output_tokens"], 6);
      assert.equal(run.attributes["toolwright.agent.status"], "completed");
      assert.equal(run.attributes["toolwright.agent.tool_calls"], 2);

      const chats = sdk.named("chat ");
      assert.deepEqual(
        chats.map((span) => [span.name, span.attributes["toolwright.agent.step"]]),
        [
          ["chat mock-1", 1],
          ["chat mock-1", 2],
        ],
      );
      for (const chat of chats) {
        assert.equal(chat.kind, SpanKind.CLIENT);
        assert.equal(chat.attributes["gen_ai.operation.name"], "chat");
        assert.equal(chat.attributes["gen_ai.provider.name"], "mock");
        assert.equal(parentOf(chat), run.spanContext().spanId);
      }
      assert.equal(chats[0]?.attributes["gen_ai.usage.input_tokens"], 10);
      assert.deepEqual(chats[0]?.attributes["gen_ai.response.finish_reasons"], ["tool-calls"]);

      const tools = sdk.named("execute_tool");
      assert.deepEqual(tools.map((span) => span.attributes["gen_ai.tool.call.id"]).sort(), [
        "t1",
        "t2",
      ]);
      for (const tool of tools) {
        assert.equal(tool.name, "execute_tool MockTool_test");
        assert.equal(parentOf(tool), run.spanContext().spanId);
        assert.equal(tool.spanContext().traceId, run.spanContext().traceId);
      }
    });
  });
}

class DraftsTool extends Tool {
  @activity({
    description: "Deletes a draft",
    schema: z.object({ id: z.string() }),
    annotations: { destructive: true },
  })
  remove(input: { id: string }) {
    return `deleted ${input.id}`;
  }
}

describe("agent spans across an approval", () => {
  it("gives the approved call its execute_tool span under the resumed run", async () => {
    const driver = new MockPromptDriver({
      responses: [
        { toolCalls: [{ id: "d1", name: "DraftsTool_remove", arguments: { id: "7" } }] },
        "Deleted.",
      ],
    });
    const agent = new Agent({ driver, tools: [new DraftsTool()], approvals: true });
    const paused = await agent.run("delete draft 7");
    assert.equal(paused.status, "needs-approval");
    assert.equal(sdk.named("execute_tool").length, 0);
    if (paused.status !== "needs-approval") return;
    sdk.reset();
    const done = await agent.resume(paused.state, { d1: { type: "approve" } });
    assert.equal(done.output.toText(), "Deleted.");
    const run = only(sdk.named("invoke_agent"));
    const tool = only(sdk.named("execute_tool"));
    assert.equal(tool.name, "execute_tool DraftsTool_remove");
    assert.equal(tool.attributes["gen_ai.tool.call.id"], "d1");
    assert.equal(tool.attributes["toolwright.artifact.type"], "InfoArtifact");
    assert.equal(parentOf(tool), run.spanContext().spanId);
  });
});

describe("agent spans on failure", () => {
  it("marks the run and the model call as errors when the driver throws", async () => {
    const driver = new MockPromptDriver({ responses: [new Error("provider down")] });
    await assert.rejects(new Agent({ driver, tools: [new MockTool()] }).run("hi"));
    const run = only(sdk.named("invoke_agent"));
    const chat = only(sdk.named("chat "));
    assert.equal(run.status.code, SpanStatusCode.ERROR);
    assert.equal(chat.status.code, SpanStatusCode.ERROR);
    assert.equal(chat.attributes["error.type"], "Error");
    assert.ok(chat.events.some((event) => event.name === "exception"));
  });

  it("ends the run's span when the consumer stops reading early", async () => {
    const agent = new Agent({ driver: script(), tools: [new MockTool()] });
    for await (const event of agent.stream("do both")) if (event.type === "tool-call") break;
    const run = only(sdk.named("invoke_agent"));
    assert.equal(run.name, "invoke_agent");
    assert.equal(sdk.named("execute_tool").length, 0);
  });
});
