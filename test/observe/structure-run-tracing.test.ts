// An agent run as a tool of another agent: its spans sit inside the parent's trace.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { Agent } from "../../src/agent.js";
import { MockPromptDriver } from "../../src/testing.js";
import { StructureRunTool } from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";
import { parentOf, registerSdk } from "./fixtures/otel-sdk.js";

const sdk = registerSdk();
after(() => sdk.shutdown());

const named = (name: string): ReadableSpan => {
  const found = sdk.spans().filter((span) => span.name === name);
  assert.equal(
    found.length,
    1,
    `${name}: ${sdk
      .spans()
      .map((span) => span.name)
      .join(", ")}`,
  );
  return found[0] as ReadableSpan;
};

describe("StructureRunTool spans", () => {
  it("puts the child's invoke_agent under the parent's execute_tool, its calls under it", async () => {
    const child = new Agent({
      name: "researcher",
      tools: [new MockTool()],
      driver: new MockPromptDriver({
        model: "child-model",
        responses: [{ toolCalls: [{ name: "MockTool_test", arguments: { test: "a" } }] }, "found"],
      }),
    });
    const parent = new Agent({
      name: "lead",
      tools: [new StructureRunTool({ name: "Researcher", description: "d", structure: child })],
      driver: new MockPromptDriver({
        model: "parent-model",
        responses: [
          { toolCalls: [{ name: "Researcher_run_structure", arguments: { args: ["look"] } }] },
          "done",
        ],
      }),
    });
    await parent.run("go");
    const lead = named("invoke_agent lead");
    const call = named("execute_tool Researcher_run_structure");
    const researcher = named("invoke_agent researcher");
    const childTool = named("execute_tool MockTool_test");
    const childChats = sdk.spans().filter((span) => span.name === "chat child-model");
    assert.equal(parentOf(call), lead.spanContext().spanId);
    assert.equal(parentOf(researcher), call.spanContext().spanId);
    assert.equal(parentOf(childTool), researcher.spanContext().spanId);
    assert.equal(childChats.length, 2);
    for (const chat of childChats) assert.equal(parentOf(chat), researcher.spanContext().spanId);
    for (const span of [call, researcher, childTool]) {
      assert.equal(span.spanContext().traceId, lead.spanContext().traceId);
    }
  });
});
