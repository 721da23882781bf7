import assert from "node:assert/strict";
import { after, beforeEach, describe, it } from "node:test";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { z } from "zod";
import { activity, Tool, Toolbox } from "../../src/index.js";
import { MockTool } from "../fixtures/mock-tool.js";
import { parentOf, registerSdk } from "./fixtures/otel-sdk.js";

const sdk = registerSdk();
after(() => sdk.shutdown());
beforeEach(() => sdk.reset());

class NestedTool extends Tool {
  @activity({ description: "Starts a span of its own", schema: z.object({ label: z.string() }) })
  async nested(input: { label: string }) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    trace.getTracer("app").startSpan(`inner ${input.label}`).end();
    return input.label;
  }
}

describe("OpenTelemetry spans for tool calls", () => {
  it("names the span execute_tool {native name} with the GenAI attributes", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    await toolbox.execute({ id: "c1", name: "MockTool_test", arguments: '{"test":"x"}' });
    const [span, ...rest] = sdk.spans();
    assert.equal(rest.length, 0);
    assert.ok(span);
    assert.equal(span.name, "execute_tool MockTool_test");
    assert.equal(span.kind, SpanKind.INTERNAL);
    assert.equal(span.instrumentationScope.name, "toolwright");
    assert.deepEqual(
      {
        operation: span.attributes["gen_ai.operation.name"],
        tool: span.attributes["gen_ai.tool.name"],
        id: span.attributes["gen_ai.tool.call.id"],
        type: span.attributes["gen_ai.tool.type"],
        description: span.attributes["gen_ai.tool.description"],
        toolName: span.attributes["toolwright.tool.name"],
        activity: span.attributes["toolwright.activity.name"],
        repairs: span.attributes["toolwright.repairs.count"],
        artifact: span.attributes["toolwright.artifact.type"],
        offPrompt: span.attributes["toolwright.off_prompt"],
      },
      {
        operation: "execute_tool",
        tool: "MockTool_test",
        id: "c1",
        type: "function",
        description: new MockTool().activityDescription("test"),
        toolName: "MockTool",
        activity: "test",
        repairs: 0,
        artifact: "TextArtifact",
        offPrompt: false,
      },
    );
    assert.equal(span.status.code, SpanStatusCode.UNSET);
    // Content is opt-in.
    assert.equal(span.attributes["gen_ai.tool.call.arguments"], undefined);
    assert.equal(span.attributes["gen_ai.tool.call.result"], undefined);
  });

  it("renames the span after the repaired name and lists the repair steps", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    await toolbox.execute({ id: "c2", name: "mocktool_test", arguments: "{'test': 'x'}" });
    const [span] = sdk.spans();
    assert.ok(span);
    assert.equal(span.name, "execute_tool MockTool_test");
    assert.equal(span.attributes["gen_ai.tool.name"], "MockTool_test");
    assert.equal(span.attributes["toolwright.tool.called_name"], "mocktool_test");
    const steps = span.attributes["toolwright.repairs.steps"] as string[];
    assert.ok(steps.includes("resolve-name"), String(steps));
    assert.ok(steps.includes("repair-json"), String(steps));
    assert.ok((span.attributes["toolwright.repairs.count"] as number) >= 2);
  });

  it("marks an ErrorArtifact as an error with its code as error.type", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    await toolbox.execute({ id: "c3", name: "MockTool_test", arguments: {} });
    await toolbox.execute({ id: "c4", name: "NoSuchTool_run", arguments: {} });
    const [invalid, unknown] = sdk.spans();
    assert.equal(invalid?.status.code, SpanStatusCode.ERROR);
    assert.equal(invalid?.status.message, "invalid_input");
    assert.equal(invalid?.attributes["error.type"], "invalid_input");
    assert.equal(invalid?.attributes["toolwright.artifact.type"], "ErrorArtifact");
    assert.equal(unknown?.name, "execute_tool NoSuchTool_run");
    assert.equal(unknown?.attributes["error.type"], "unknown_tool");
    assert.equal(unknown?.attributes["toolwright.tool.name"], undefined);
  });

  it("records arguments and the result only when asked", async () => {
    const toolbox = new Toolbox([new MockTool()], {
      telemetry: { recordInputs: true, recordOutputs: true },
    });
    await toolbox.execute({ id: "c5", name: "MockTool_test", arguments: '{"test":"secret"}' });
    await toolbox.execute({ id: "c6", name: "MockTool_test", arguments: { nope: 1 } });
    const [ok, bad] = sdk.spans();
    assert.equal(ok?.attributes["gen_ai.tool.call.arguments"], '{"test":"secret"}');
    assert.equal(ok?.attributes["gen_ai.tool.call.result"], "ack secret");
    assert.equal(bad?.attributes["gen_ai.tool.call.arguments"], '{"nope":1}');
    // With outputs recorded, the status message is what the model reads.
    assert.match(String(bad?.status.message), /test/);
  });

  it("is the active span while the method runs: spans it starts are children", async () => {
    const toolbox = new Toolbox([new NestedTool()]);
    const root = trace.getTracer("app").startSpan("request");
    const ctx = trace.setSpan(context.active(), root);
    await context.with(ctx, () =>
      toolbox.executeAll([
        { id: "a", name: "NestedTool_nested", arguments: { label: "a" } },
        { id: "b", name: "NestedTool_nested", arguments: { label: "b" } },
      ]),
    );
    root.end();
    const tools = sdk.named("execute_tool");
    assert.equal(tools.length, 2);
    for (const label of ["a", "b"]) {
      const tool = tools.find((span) => span.attributes["gen_ai.tool.call.id"] === label);
      const inner = sdk.named(`inner ${label}`)[0];
      assert.ok(tool && inner);
      assert.equal(parentOf(inner), tool.spanContext().spanId);
      assert.equal(parentOf(tool), root.spanContext().spanId);
      assert.equal(tool.spanContext().traceId, root.spanContext().traceId);
    }
  });

  it("records a rejection (an aborted call) as an exception", async () => {
    const toolbox = new Toolbox([new NestedTool()]);
    const controller = new AbortController();
    const pending = toolbox.execute(
      { id: "x", name: "NestedTool_nested", arguments: { label: "x" } },
      { signal: controller.signal },
    );
    controller.abort();
    await assert.rejects(pending);
    const [span] = sdk.named("execute_tool");
    assert.equal(span?.status.code, SpanStatusCode.ERROR);
    assert.ok(span?.events.some((event) => event.name === "exception"));
  });
});
