import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import { MockPromptDriver } from "../../src/testing.js";
import { MockTool } from "../fixtures/mock-tool.js";

const lastUserText = (messages: readonly { role: string; content?: unknown }[]) => {
  const last = messages.at(-1);
  return last?.role === "user" ? String(last.content) : "";
};

describe("Agent with the text (ReAct) protocol", () => {
  it("runs calls a model wrote in its own format instead of Actions (Hermes, pythonic)", async () => {
    const driver = new MockPromptDriver({
      responses: [
        'Thought: test it\n<tool_call>{"name": "MockTool_test", "arguments": {"test": "one"}}</tool_call>',
        (request) => {
          assert.match(lastUserText(request.messages), /ack one/);
          return "[MockTool_test(test='two')]";
        },
        (request) => {
          assert.match(lastUserText(request.messages), /ack two/);
          return '<tool_call>{"name": "MockTool_test", "arguments": {"te';
        },
        (request) => {
          assert.match(lastUserText(request.messages), /cut off/);
          return "Answer: done";
        },
      ],
    });
    const result = await new Agent({ driver, tools: [new MockTool()], protocol: "react" }).run(
      "go",
    );
    assert.equal(result.output.toText(), "done");
    assert.deepEqual(
      result.toolCalls.map((entry) => entry.result.artifact.toText()),
      ["ack one", "ack two"],
    );
  });

  it("runs actions from the text, replies with <|Response|> and ends on Answer", async () => {
    const driver = new MockPromptDriver({
      responses: [
        'Thought: I need two tests\nActions: [{"tag": "t1", "name": "MockTool", "path": "test", "input": {"test": "one"}}, {"tag": "t2", "name": "MockTool", "path": "test_str_output", "input": {"test": "two"}}]\n<|Response|>: made up by the model',
        (request) => {
          assert.equal(
            lastUserText(request.messages),
            "<|Response|>: t1 output: ack one\n\nt2 output: ack two",
          );
          return "Thought: done\nAnswer: both acknowledged";
        },
      ],
    });
    const result = await new Agent({ driver, tools: [new MockTool()], protocol: "react" }).run(
      "go",
    );
    assert.equal(result.status, "completed");
    assert.equal(result.output.toText(), "both acknowledged");
    assert.equal(result.steps, 2);
    assert.equal(result.toolCalls.length, 2);
    const first = driver.requests[0];
    assert.equal(first?.tools, undefined);
    assert.deepEqual(first?.stopSequences, ["<|Response|>"]);
    assert.match(
      first?.messages[0]?.role === "system" ? first.messages[0].content : "",
      /Actions: <JSON array of actions that MUST follow this schema/,
    );
    const assistant = result.messages.find((message) => message.role === "assistant");
    assert.doesNotMatch(
      assistant?.role === "assistant" ? assistant.content : "",
      /made up by the model/,
    );
  });

  it("sends unreadable actions back for the model to fix (Griptape would end the task)", async () => {
    const driver = new MockPromptDriver({
      responses: [
        "Thought: oops\nActions: here it comes",
        (request) => {
          assert.match(
            lastUserText(request.messages),
            /^<\|Response\|>: Actions JSON decoding error/,
          );
          return 'Actions: [{"tag": "a", "name": "MockTool", "path": "test", "input": {"test": "ok"}}]';
        },
        "Answer: fixed",
      ],
    });
    const result = await new Agent({ driver, tools: [new MockTool()], protocol: "react" }).run(
      "go",
    );
    assert.equal(result.output.toText(), "fixed");
    assert.equal(result.toolCalls[0]?.result.artifact.toText(), "ack ok");
  });

  it("reports unknown tools and invalid inputs as outputs the model can act on", async () => {
    const driver = new MockPromptDriver({
      responses: [
        'Actions: [{"tag": "x", "name": "MockTool", "path": "nope", "input": {}}, {"tag": "y", "name": "MockTool", "path": "test", "input": {"test": 3}}]',
        (request) => {
          const text = lastUserText(request.messages);
          assert.match(text, /x output: .*nope/);
          assert.match(text, /y output: (ack 3|Activity input JSON validation error)/);
          return "Answer: understood";
        },
      ],
    });
    const result = await new Agent({ driver, tools: [new MockTool()], protocol: "react" }).run(
      "go",
    );
    assert.equal(result.output.toText(), "understood");
    assert.equal(result.toolCalls[0]?.result.artifact.type, "ErrorArtifact");
  });

  it("sends no stop sequence to a driver without them, and still cuts the reply at the marker", async () => {
    const driver = Object.assign(
      new MockPromptDriver({
        responses: [
          'Actions: [{"tag": "a", "name": "MockTool", "path": "test", "input": {"test": "z"}}]\n<|Response|>: invented',
          "Answer: ok",
        ],
      }),
      { capabilities: { stopSequences: false } },
    );
    const result = await new Agent({ driver, tools: [new MockTool()], protocol: "react" }).run(
      "go",
    );
    assert.equal(driver.requests[0]?.stopSequences, undefined);
    assert.equal(result.output.toText(), "ok");
    assert.equal(lastUserText(driver.requests[1]?.messages ?? []), "<|Response|>: a output: ack z");
  });

  it("takes plain text without markers as the answer", async () => {
    const driver = new MockPromptDriver({ responses: ["Just an answer."] });
    const result = await new Agent({ driver, tools: [new MockTool()], protocol: "react" }).run(
      "go",
    );
    assert.equal(result.output.toText(), "Just an answer.");
  });
});
