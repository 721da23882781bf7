// Griptape's tests for the tools that ask a model about content (tests/unit/tools/test_query_tool.py,
// test_prompt_summary_tool.py, test_extraction_tool.py, test_rag_tool.py, test_structure_run_tool.py)
// and for the agent's reflect_on_tool_use and max_subtasks (tests/unit/tasks/test_prompt_task.py,
// test_toolkit_task.py), ported to toolwright's API. Each `it` names the Griptape test it ports; where
// toolwright differs on purpose (docs/griptape.md), the case asserts toolwright's behaviour and says so.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import {
  type ErrorArtifact,
  type JsonArtifact,
  type ListArtifact,
  TextArtifact,
} from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { MockEmbeddingDriver, MockPromptDriver, type MockResponse } from "../../src/testing.js";
import {
  ExtractionTool,
  PromptSummaryTool,
  QueryTool,
  RagTool,
  StructureRunTool,
} from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";

/** Griptape's MockPromptDriver: the same output for every call. */
const mockDriver = (output = "mock output", calls = 8) =>
  new MockPromptDriver({ responses: Array.from({ length: calls }, () => output) });

/** Griptape's `defaults.text_task_memory(name)`. */
const textTaskMemory = (name: string) => new TaskMemory({ name });

const reference = (memory: TaskMemory, namespace: string) => ({
  memory_name: memory.name,
  artifact_namespace: namespace,
});

describe("Griptape test_query_tool.py", () => {
  const tool = () => {
    const memory = textTaskMemory("TestMemory");
    return { memory, query: new QueryTool({ driver: mockDriver(), inputMemory: [memory] }) };
  };

  it("test_query_str", async () => {
    const { query } = tool();
    const result = (await query.run("query", { query: "test", content: "foo" })) as ListArtifact;
    assert.equal(result.value[0]?.value, "mock output");
  });

  it("test_query_artifacts: a namespace nothing was stored in is an error here (a documented difference)", async () => {
    const { memory, query } = tool();
    const missing = await query.run("query", { query: "test", content: reference(memory, "test") });
    assert.equal(missing.type, "ErrorArtifact");
    assert.equal((missing as ErrorArtifact).code, "namespace_not_found");
    // With output stored under "test", Griptape's assertion holds.
    await memory.storeArtifact("test", new TextArtifact("foo"));
    const result = (await query.run("query", {
      query: "test",
      content: reference(memory, "test"),
    })) as ListArtifact;
    assert.equal(result.value[0]?.value, "mock output");
  });
});

describe("Griptape test_prompt_summary_tool.py", () => {
  const tool = () => {
    const memory = textTaskMemory("TestMemory");
    return {
      memory,
      summary: new PromptSummaryTool({ driver: mockDriver(), inputMemory: [memory] }),
    };
  };

  it("test_summarize_artifacts", async () => {
    const { memory, summary } = tool();
    await memory.storeArtifact("foo", new TextArtifact("test"));
    const result = await summary.run("summarize", { summary: reference(memory, "foo") });
    assert.equal(result.value, "mock output");
  });

  it("test_summarize_content", async () => {
    const { summary } = tool();
    assert.equal((await summary.run("summarize", { summary: "test" })).value, "mock output");
  });
});

describe("Griptape test_extraction_tool.py", () => {
  const jsonTool = () => {
    const memory = textTaskMemory("TestMemory");
    const driver = mockDriver('[{"test_key_1": "test_value_1"}, {"test_key_2": "test_value_2"}]');
    // Griptape's `template_schema={}`: the empty JSON Schema, which every row fits.
    const tool = new ExtractionTool({ driver, format: "json", schema: {}, inputMemory: [memory] });
    return { memory, tool };
  };
  const csvTool = () => {
    const memory = textTaskMemory("TestMemory");
    const driver = mockDriver("header\nmock output");
    const tool = new ExtractionTool({
      driver,
      format: "csv",
      columns: ["test1"],
      inputMemory: [memory],
    });
    return { memory, tool };
  };
  const jsonRows = (result: unknown) =>
    (result as ListArtifact<JsonArtifact>).value.map((row) => row.value);
  const csvRows = (result: unknown) => (result as ListArtifact).value.map((row) => row.value);

  it("test_json_extract_artifacts", async () => {
    const { memory, tool } = jsonTool();
    await memory.storeArtifact("foo", new TextArtifact(JSON.stringify({})));
    const result = await tool.run("extract", { data: reference(memory, "foo") });
    assert.deepEqual(jsonRows(result), [
      { test_key_1: "test_value_1" },
      { test_key_2: "test_value_2" },
    ]);
  });

  it("test_json_extract_content", async () => {
    const { tool } = jsonTool();
    const result = await tool.run("extract", { data: "foo" });
    assert.deepEqual(jsonRows(result), [
      { test_key_1: "test_value_1" },
      { test_key_2: "test_value_2" },
    ]);
  });

  it("test_csv_extract_artifacts", async () => {
    const { memory, tool } = csvTool();
    await memory.storeArtifact("foo", new TextArtifact("foo,bar\nbaz,maz"));
    const result = await tool.run("extract", { data: reference(memory, "foo") });
    assert.deepEqual(csvRows(result), ["test1", "mock output"]);
  });

  it("test_csv_extract_content", async () => {
    const { tool } = csvTool();
    assert.deepEqual(csvRows(await tool.run("extract", { data: "foo" })), ["test1", "mock output"]);
  });
});

describe("Griptape test_rag_tool.py", () => {
  it("test_search: retrieval is the memory's own search, hybrid with an embedding driver", async () => {
    // Griptape's LocalVectorStoreDriver(embedding_driver=MockEmbeddingDriver()).
    const memory = new TaskMemory({ name: "Docs", embeddingDriver: new MockEmbeddingDriver() });
    await memory.storeArtifact("n1", new TextArtifact("test passage"));
    const tool = new RagTool({ description: "Test", driver: mockDriver(), memory });
    const result = (await tool.run("search", { query: "test" })) as ListArtifact;
    assert.equal(result.value[0]?.value, "mock output");
    assert.equal(tool.activityDescription("search"), "Test");
  });
});

describe("Griptape test_structure_run_tool.py", () => {
  const client = () =>
    new StructureRunTool({
      description: "foo bar",
      structure: new Agent({ driver: mockDriver() }),
    });

  it("test_run_structure", async () => {
    const tool = client();
    assert.equal((await tool.run("run_structure", { args: ["foo bar"] })).value, "mock output");
    assert.equal(tool.description, "foo bar");
  });

  it("test_to_dict: not ported (tool configuration serialisation is a documented difference)", () => {
    assert.equal(typeof (client() as unknown as { toDict?: unknown }).toDict, "undefined");
  });
});

/** Griptape's MockPromptDriver with native tools: calls MockTool.test until it sees a call, then answers. */
const nativeMock = () =>
  new MockPromptDriver({
    responses: Array.from(
      { length: 4 },
      (): MockResponse => (request) =>
        request.messages.some(
          (message) => message.role === "assistant" && message.toolCalls?.length,
        )
          ? "mock output"
          : { toolCalls: [{ name: "MockTool_test", arguments: { test: "test-value" } }] },
    ),
  });

describe("Griptape test_prompt_task.py", () => {
  for (const [reflectOnToolUse, expected] of [
    [true, "mock output"],
    [false, "ack test-value"],
  ] as const) {
    it(`test_reflect_on_tool_use[${reflectOnToolUse}]`, async () => {
      const agent = new Agent({ driver: nativeMock(), tools: [new MockTool()], reflectOnToolUse });
      const result = await agent.run("test");
      assert.equal(result.output.toText(), expected);
    });
  }
});

describe("Griptape tasks/prompt_task/system.j2 with reflect_on_tool_use", () => {
  for (const protocol of ["native", "react"] as const) {
    it(`asks the model to keep using actions only when it will see their outputs (${protocol})`, async () => {
      const prompts = await Promise.all(
        [true, false].map(async (reflectOnToolUse) => {
          const driver = mockDriver("Answer: done", 1);
          await new Agent({ driver, tools: [new MockTool()], protocol, reflectOnToolUse }).run("x");
          const first = driver.requests[0]?.messages[0];
          return first?.role === "system" ? first.content : "";
        }),
      );
      const [reflecting, once] = prompts as [string, string];
      for (const line of [
        "Repeat executing actions as many times as you need.",
        "If an action's output contains an error, you MUST ALWAYS try to fix the error by executing another action.",
        "Keep using actions until you have your final answer.",
      ]) {
        assert.ok(reflecting.includes(line), line);
        assert.ok(!once.includes(line), line);
      }
      for (const prompt of prompts) {
        assert.match(
          prompt,
          /^You can think step-by-step and execute actions sequentially or in parallel/,
        );
        assert.match(prompt, /NEVER make up actions, action names, or action paths\./);
      }
    });
  }
});

describe("Griptape test_toolkit_task.py", () => {
  it("test_run_max_subtasks: max_subtasks is maxSteps (the same count of model replies)", async () => {
    const output =
      'Actions: [{"tag": "foo", "name": "Tool1", "path": "test", "input": {"values": {"test": "value"}}}]';
    const driver = mockDriver(output, 3);
    const agent = new Agent({
      driver,
      tools: [new MockTool({ name: "Tool1" })],
      protocol: "react",
      maxSteps: 3,
    });
    const result = await agent.run("test");
    assert.equal(result.steps, 3);
    assert.equal(result.output.type, "ErrorArtifact");
    assert.equal(result.status, "max-steps");
  });

  it("test_run_invalid_react_prompt", async () => {
    const agent = new Agent({
      driver: mockDriver("foo bar", 1),
      tools: [new MockTool({ name: "Tool1" })],
      protocol: "react",
      maxSteps: 3,
    });
    const result = await agent.run("test");
    assert.equal(result.steps, 1);
    assert.equal(result.output.toText(), "foo bar");
  });
});
