import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { actionsSchema } from "../../src/agent/react/actions-schema.js";
import { parseReactOutput } from "../../src/agent/react/parse-react-output.js";
import { reactStopSequence, reactSystemPrompt } from "../../src/agent/react/react-system-prompt.js";
import { jsonSchemaValidator } from "../../src/schema/json-schema-validator.js";
import { MockTool } from "../fixtures/mock-tool.js";

describe("text (ReAct) protocol: parsing (Griptape items 27-33)", () => {
  it("reads thought, one action and ignores the echoed response and answer", () => {
    const turn = parseReactOutput(
      'Thought: need to test\nActions: [{"tag": "foo", "name": "MockTool", "path": "test", "input": {"test": "value"}}]\n<|Response|>: test observation\nAnswer: test output',
    );
    assert.equal(turn.thought, "need to test");
    assert.deepEqual(turn.actions, [
      { tag: "foo", name: "MockTool", path: "test", input: { test: "value" } },
    ]);
    assert.equal(turn.answer, undefined);
  });

  it("takes the answer when there are no actions, or the whole text", () => {
    assert.deepEqual(parseReactOutput("Answer: test output"), {
      actions: [],
      answer: "test output",
    });
    assert.deepEqual(parseReactOutput("test output"), { actions: [], answer: "test output" });
    assert.equal(parseReactOutput("Thought: done\nAnswer: multi\nline").answer, "multi\nline");
    assert.equal(parseReactOutput("Actions: []\nAnswer: x").actions.length, 0);
  });

  it("keeps the last thought line", () => {
    const turn = parseReactOutput("Thought: first\nThought: second\nAnswer: a");
    assert.equal(turn.thought, "second");
  });

  it("parses junk before the array, fenced JSON and raw newlines in strings", () => {
    const turn = parseReactOutput(
      'Thought: go\nActions: here you are ```json\n[{"tag": "t", "name": "MockTool", "path": "test", "input": {"test": "test\n\ninput\n\nwith\nnewlines"}}]\n```',
    );
    assert.deepEqual(turn.actions[0]?.input, { test: "test\n\ninput\n\nwith\nnewlines" });
  });

  it("defaults a missing input to {} and a missing tag to a generated one", () => {
    const turn = parseReactOutput('Actions: [{"name": "MockTool", "path": "test_no_schema"}]');
    assert.deepEqual(turn.actions, [
      { tag: "action_1", name: "MockTool", path: "test_no_schema", input: {} },
    ]);
  });

  it("repairs broken JSON (trailing commas, single quotes, Python literals)", () => {
    const turn = parseReactOutput(
      "Actions: [{'tag': 'a', 'name': 'MockTool', 'path': 'test', 'input': {'test': None},},]",
    );
    assert.deepEqual(turn.actions, [
      { tag: "a", name: "MockTool", path: "test", input: { test: null } },
    ]);
  });

  it("reports unreadable actions to the model instead of ending the run", () => {
    const broken = parseReactOutput("Thought: oops\nActions: [{,{]");
    assert.equal(broken.thought, "oops");
    assert.deepEqual(broken.actions, []);
    assert.match(broken.error ?? "", /^Actions JSON decoding error: /);
    assert.match(
      parseReactOutput('Actions: [{"tag": "a", "path": "test"}]').error ?? "",
      /has no "name"/,
    );
    assert.match(parseReactOutput("Actions: none today").error ?? "", /no JSON array/);
  });

  it("keeps template-like text verbatim", () => {
    assert.equal(parseReactOutput("{{ hello }}").answer, "{{ hello }}");
  });
});

describe("text (ReAct) protocol: system prompt", () => {
  it("embeds the minified actions schema and the format rules", () => {
    const prompt = reactSystemPrompt({ tools: [new MockTool()], system: "Be brief." });
    assert.match(prompt, /^You can think step-by-step/);
    assert.match(
      prompt,
      /Actions: <JSON array of actions that MUST follow this schema: \{"description":"JSON schema for an array of actions\."/,
    );
    assert.match(
      prompt,
      new RegExp(`${reactStopSequence.replace(/[|]/g, "\\|")}: <action outputs>`),
    );
    assert.match(prompt, /Answer: <final answer>/);
    assert.match(prompt, /Be brief\.$/);
    assert.equal(reactSystemPrompt({ tools: [], system: "Only this." }), "Only this.");
  });

  it("has an actions schema that accepts Griptape's actions and rejects wrong ones", async () => {
    const validator = jsonSchemaValidator(actionsSchema([new MockTool()]));
    const validate = async (value: unknown) => await validator(value);
    assert.equal(
      (await validate([{ tag: "a", name: "MockTool", path: "test", input: { test: "v" } }])).ok,
      true,
    );
    assert.equal(
      (await validate([{ tag: "a", name: "MockTool", path: "test_no_schema" }])).ok,
      true,
    );
    assert.equal((await validate([])).ok, false);
    assert.equal(
      (await validate([{ tag: "a", name: "MockTool", path: "nope", input: {} }])).ok,
      false,
    );
    assert.equal(
      (await validate([{ name: "MockTool", path: "test", input: { test: "v" } }])).ok,
      false,
    );
  });
});
