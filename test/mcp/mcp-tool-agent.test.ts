// An Agent's McpTool: the remote server's questions go to the agent's `onElicit`, and its sampling
// to the agent's own driver when the McpTool allows it (the SDK's v1 server, Streamable HTTP).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import { McpTool } from "../../src/mcp.js";
import { MockPromptDriver } from "../../src/testing.js";
import { type AskingServer, startAskingServer } from "./fixtures/asking-server.js";

describe("an Agent answers its McpTool server's questions", () => {
  let server: AskingServer;
  before(async () => {
    server = await startAskingServer();
  });
  after(() => server.close());

  it("puts the server's form to the agent's onElicit, defaults filled", async () => {
    const tool = await McpTool.connect({ url: server.url }, { name: "Remote" });
    try {
      const asked: string[] = [];
      const driver = new MockPromptDriver({
        responses: [
          { toolCalls: [{ id: "1", name: "Remote_ask", arguments: '{"form":"defaults"}' }] },
          { text: "done" },
        ],
      });
      const agent = new Agent({
        driver,
        tools: [tool],
        onElicit: (request) => {
          asked.push(request.message);
          return { action: "accept", content: { name: "Grace" } };
        },
      });
      const result = await agent.run("fill it");
      assert.deepEqual(asked, ["Please fill the defaults form"]);
      assert.deepEqual(JSON.parse(result.toolCalls[0]?.result.artifact.toText() ?? "{}"), {
        action: "accept",
        content: { name: "Grace", age: 36, score: 9.5, status: "away", subscribed: true },
      });
    } finally {
      await tool.close();
    }
  });

  it("without onElicit the call fails with a clear refusal the model reads", async () => {
    const tool = await McpTool.connect({ url: server.url }, { name: "Remote" });
    try {
      const driver = new MockPromptDriver({
        responses: [
          { toolCalls: [{ id: "1", name: "Remote_ask", arguments: '{"form":"defaults"}' }] },
          { text: "done" },
        ],
      });
      const result = await new Agent({ driver, tools: [tool] }).run("fill it");
      const artifact = result.toolCalls[0]?.result.artifact;
      assert.equal(artifact?.type, "ErrorArtifact");
      assert.match(artifact?.toText() ?? "", /no caller who can answer a form/);
    } finally {
      await tool.close();
    }
  });

  it("lends the agent's own driver to a server allowed to sample", async () => {
    const tool = await McpTool.connect(
      { url: server.url },
      { name: "Remote", allowSampling: true },
    );
    try {
      const driver = new MockPromptDriver({
        model: "agent-model",
        responses: [
          { toolCalls: [{ id: "1", name: "Remote_summarize", arguments: '{"text":"long"}' }] },
          { text: "A summary." },
          { text: "done" },
        ],
      });
      const result = await new Agent({ driver, tools: [tool] }).run("summarize");
      assert.equal(result.toolCalls[0]?.result.artifact.toText(), "agent-model: A summary.");
      assert.deepEqual(driver.requests[1]?.messages, [
        { role: "user", content: [{ type: "text", text: "Summarize: long" }] },
      ]);
      assert.equal(driver.requests[1]?.maxOutputTokens, 50);
    } finally {
      await tool.close();
    }
  });
});
