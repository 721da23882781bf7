import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import {
  type ActivityContext,
  activity,
  ErrorArtifact,
  InfoArtifact,
  TextArtifact,
  Tool,
  ToolConfigError,
} from "../../src/index.js";
import {
  type MemoryReference,
  memoryReferenceSchema,
  memoryReferencesOf,
  TaskMemory,
} from "../../src/memory.js";
import { MockTool } from "../fixtures/mock-tool.js";

const allActivities = new MockTool().activities().map((activity) => activity.name);

describe("Tool memory options (Griptape's test_base_tool)", () => {
  it("fills output memory from the task memory only when the tool is off-prompt", () => {
    const memory = new TaskMemory();
    const onPrompt = new MockTool();
    onPrompt.setTaskMemory(memory);
    assert.equal(onPrompt.offPrompt, false);
    assert.equal(onPrompt.outputMemory, undefined);
    assert.deepEqual(onPrompt.inputMemory, [memory]);
    const offPrompt = new MockTool({ offPrompt: true, denylist: ["test_error"] });
    offPrompt.setTaskMemory(memory);
    assert.deepEqual(
      Object.keys(offPrompt.outputMemory ?? {}),
      allActivities.filter((name) => name !== "test_error"),
    );
    assert.deepEqual(offPrompt.outputMemory?.test, [memory]);
  });

  it("keeps explicit memories when given a task memory", () => {
    const mine = new TaskMemory({ name: "Mine" });
    const tool = new MockTool({
      offPrompt: true,
      outputMemory: { test: [mine] },
      inputMemory: [mine],
    });
    tool.setTaskMemory(new TaskMemory());
    assert.deepEqual(tool.outputMemory, { test: [mine] });
    assert.deepEqual(tool.inputMemory, [mine]);
  });

  it("validates outputMemory at construction: real activities, non-empty lists, unique names", () => {
    const m1 = new TaskMemory({ name: "M1" });
    const m2 = new TaskMemory({ name: "M2" });
    assert.equal(new MockTool({ outputMemory: { test: [m1, m2] } }).outputMemory?.test?.length, 2);
    assert.throws(() => new MockTool({ outputMemory: { test: [m1, m1] } }), {
      name: "ToolConfigError",
      option: "outputMemory.test",
      message: /memory names have to be unique/,
    });
    assert.throws(() => new MockTool({ outputMemory: { output_memory: [m1] } }), {
      option: "outputMemory.output_memory",
      message: /names no activity of the tool; its activities are: test, test_callable_schema/,
    });
    assert.throws(() => new MockTool({ outputMemory: { test: [] } }), ToolConfigError);
    assert.throws(() => new MockTool({ outputMemory: { test: null as never } }), ToolConfigError);
    assert.throws(() => new MockTool({ outputMemory: { test: [{}] as never } }), {
      option: "outputMemory.test[0]",
    });
    assert.throws(() => new MockTool({ inputMemory: [m1, m1] }), { option: "inputMemory" });
    assert.throws(() => new MockTool({ offPrompt: "yes" as never }), { option: "offPrompt" });
    const shared = new MockTool({ outputMemory: { test: [m1], test_str_output: [m1] } });
    assert.equal(shared.outputMemory?.test_str_output?.[0], m1);
  });

  it("finds input memories by name", () => {
    assert.equal(new MockTool().findInputMemory("foo"), undefined);
    const foo = new TaskMemory({ name: "foo" });
    assert.equal(new MockTool({ inputMemory: [foo] }).findInputMemory("foo"), foo);
    const memory = new TaskMemory({ name: "MyMemory" });
    const tool = new MockTool();
    tool.setTaskMemory(memory);
    assert.equal(tool.findInputMemory(memory.name), memory);
  });
});

describe("running an off-prompt tool", () => {
  it("stores the output of every activity and hands the model the notice", async () => {
    const memory = new TaskMemory();
    const tool = new MockTool({ offPrompt: true });
    tool.setTaskMemory(memory);
    const notice = await tool.run("test", { test: "value" });
    assert.ok(notice instanceof InfoArtifact);
    const [reference] = memoryReferencesOf(notice);
    assert.ok(reference !== undefined);
    assert.equal(
      notice.value,
      `Output of "MockTool.test" was stored in memory with memory_name "TaskMemory" and artifact_namespace "${reference.artifact_namespace}"`,
    );
    assert.equal((await memory.loadArtifacts(reference.artifact_namespace)).toText(), "ack value");
    const list = await tool.run("test_list_output", {});
    const [listReference] = memoryReferencesOf(list);
    assert.equal(
      (await memory.loadArtifacts(listReference?.artifact_namespace ?? "")).toText(),
      "foo\n\nbar",
    );
    assert.equal((await memory.namespaces())[0]?.source, "MockTool.test");
  });

  it("keeps errors, validation failures and plain strings on the prompt", async () => {
    const memory = new TaskMemory();
    const tool = new MockTool({ offPrompt: true });
    tool.setTaskMemory(memory);
    assert.equal((await tool.run("test_error", { test: "x" })).toText(), "error x");
    assert.equal((await tool.run("test_exception", { test: "x" })).toText(), "error x");
    assert.equal((await tool.run("test", {})).type, "ErrorArtifact");
    assert.equal((await tool.run("test_str_output", { test: "x" })).toText(), "ack x");
    assert.deepEqual(await memory.namespaces(), []);
  });

  it("passes through the output of an activity without output memory (Griptape raises KeyError)", async () => {
    const memory = new TaskMemory();
    const tool = new MockTool({ outputMemory: { test: [memory] } });
    assert.equal((await tool.run("test_callable_schema", { test: "x" })).toText(), "ack x");
    assert.match((await tool.run("test", { test: "x" })).toText(), /^Output of "MockTool.test"/);
  });

  it("stores in every memory of an activity and names them all in one notice", async () => {
    const first = new TaskMemory({ name: "First" });
    const second = new TaskMemory({ name: "Second" });
    const tool = new MockTool({ outputMemory: { test: [first, second] } });
    const notice = await tool.run("test", { test: "twice" });
    assert.ok(notice instanceof InfoArtifact);
    assert.deepEqual(
      memoryReferencesOf(notice).map((reference) => reference.memory_name),
      ["First", "Second"],
    );
    assert.equal(notice.value.split("\n").length, 2);
    for (const memory of [first, second]) {
      const [summary] = await memory.namespaces();
      assert.equal((await memory.loadArtifacts(summary?.namespace ?? "")).toText(), "ack twice");
    }
  });

  it("shows the hook what the model sees", async () => {
    const seen: string[] = [];
    const tool = new MockTool({
      offPrompt: true,
      onAfterRun: ({ artifact }) => {
        seen.push(artifact.type);
      },
    });
    tool.setTaskMemory(new TaskMemory());
    await tool.run("test", { test: "x" });
    assert.deepEqual(seen, ["InfoArtifact"]);
  });
});

class SummaryTool extends Tool {
  @activity({
    description: "Counts the words of stored output",
    schema: memoryReferenceSchema.extend({ unit: z.string().optional() }),
  })
  async count(input: MemoryReference, context: ActivityContext) {
    const stored = await context.memory.load(input);
    if (stored instanceof ErrorArtifact) return stored;
    return new TextArtifact(`${stored.toText().split(/\s+/).filter(Boolean).length} words`);
  }

  @activity({ description: "Names the input memories" })
  names(_input: unknown, context: ActivityContext) {
    return (context.tool.inputMemory ?? []).map((memory) => memory.name).join(",") || "none";
  }
}

describe("context.memory", () => {
  it("loads the output a memory reference points to from the tool's input memories", async () => {
    const memory = new TaskMemory({ name: "Notes" });
    const producer = new MockTool({ outputMemory: { test: [memory] } });
    const [reference] = memoryReferencesOf(
      await producer.run("test", { test: "three words here" }),
    );
    assert.ok(reference !== undefined);
    const summary = new SummaryTool({ inputMemory: [memory] });
    assert.equal((await summary.run("count", reference)).toText(), "4 words");
    assert.equal(
      (await summary.run("count", { ...reference, artifact_namespace: "unknown" })).toText(),
      "0 words",
    );
  });

  it("gives ErrorArtifact('memory not found') for a memory the tool was not given", async () => {
    const summary = new SummaryTool({ inputMemory: [new TaskMemory({ name: "Notes" })] });
    const missing = await summary.run("count", { memory_name: "Other", artifact_namespace: "x" });
    assert.ok(missing instanceof ErrorArtifact);
    assert.equal(missing.value, "memory not found");
    assert.equal(missing.code, "memory_not_found");
    const none = await new SummaryTool().run("count", {
      memory_name: "Notes",
      artifact_namespace: "x",
    });
    assert.equal(none.toText(), "memory not found");
  });
});
