import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import OpenAI from "openai";
import { collectStream, ErrorArtifact, ImageArtifact } from "../../src/index.js";
import { OpenAIChatPromptDriver } from "../../src/openai.js";
import { pngBytes, toolsFor } from "../fixtures/provider-servers/dialect-tools.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "OpenAIChatPromptDriver",
  dialect: "openai-chat",
  startServer: () => startOpenAIServer(),
  createDriver: (origin, options = {}) =>
    new OpenAIChatPromptDriver({
      model: "test-model",
      apiKey: "sk-test",
      baseURL: `${origin}/v1`,
      ...options,
    }),
  lacks: {
    "error flag on tool results": "Chat Completions tool messages have no error flag",
  },
});

describe("OpenAIChatPromptDriver: the Chat Completions wire format", () => {
  let server: ScriptedServer;
  let driver: OpenAIChatPromptDriver;
  before(async () => {
    server = await startOpenAIServer();
    driver = new OpenAIChatPromptDriver({
      model: "gpt-test",
      apiKey: "sk-test",
      baseURL: `${server.origin}/v1`,
    });
  });
  after(() => server.close());

  it("sends tool calls as the model wrote them, results as role tool, and their images after them", async () => {
    server.script(reply({ text: "ok" }));
    const png = new ImageArtifact(pngBytes, { format: "png" });
    const pngUrl = `data:image/png;base64,${Buffer.from(pngBytes).toString("base64")}`;
    await driver.generate({
      messages: [
        { role: "system", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is here?" },
            { type: "image", image: png },
          ],
        },
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "c1", name: "Weather_forecast", arguments: { city: "Paris" } },
            { id: "c2", name: "Calc_calculate", arguments: "{'expression': 1" },
          ],
        },
        { role: "tool", toolCallId: "c1", toolName: "Weather_forecast", artifact: png },
        {
          role: "tool",
          toolCallId: "c2",
          toolName: "Calc_calculate",
          artifact: new ErrorArtifact("Tool call arguments are not valid JSON"),
        },
      ],
      tools: toolsFor("openai-chat"),
      toolChoice: "auto",
      maxOutputTokens: 50,
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    assert.deepEqual(body.messages, [
      { role: "system", content: "Be brief." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is here?" },
          { type: "image_url", image_url: { url: pngUrl } },
        ],
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "Weather_forecast", arguments: '{"city":"Paris"}' },
          },
          {
            id: "c2",
            type: "function",
            function: { name: "Calc_calculate", arguments: "{'expression': 1" },
          },
        ],
      },
      {
        role: "tool",
        tool_call_id: "c1",
        content: `Image, format: png, size: ${pngBytes.byteLength} bytes`,
      },
      { role: "tool", tool_call_id: "c2", content: "Tool call arguments are not valid JSON" },
      {
        role: "user",
        content: [
          { type: "text", text: "Image output of tool call c1 (Weather_forecast):" },
          { type: "image_url", image_url: { url: pngUrl } },
        ],
      },
    ]);
    assert.deepEqual(body.tools, toolsFor("openai-chat"));
    assert.equal(body.tool_choice, "auto");
    assert.equal(body.max_completion_tokens, 50);
    assert.equal(body.stream, undefined);
  });

  it("asks for usage in streams and reads reasoning_content from compatible servers", async () => {
    const turn = reply({ reasoning: "Two and two make four.", text: "4" });
    server.script(turn, turn);
    const generated = await driver.generate({ messages: [{ role: "user", content: "2+2" }] });
    assert.equal(generated.reasoning, "Two and two make four.");
    const streamed = await collectStream(
      driver.stream({ messages: [{ role: "user", content: "2+2" }] }),
    );
    assert.deepEqual(streamed, generated);
    assert.deepEqual(server.lastBody().stream_options, {
      include_usage: true,
    });
  });

  it("refuses bad options with a DriverConfigError naming the option, and takes a ready client", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      assert.throws(() => new OpenAIChatPromptDriver({ model: "m" }), {
        name: "DriverConfigError",
        message: 'OpenAIChatPromptDriver: "apiKey" is missing: pass it or set OPENAI_API_KEY',
      });
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
    assert.throws(
      () => new OpenAIChatPromptDriver({ model: " ", apiKey: "k" }),
      /"model" must be a non-empty string/,
    );
    assert.throws(
      () => new OpenAIChatPromptDriver({ model: "m", apiKey: "k", maxRetries: -1 }),
      /"maxRetries"/,
    );
    assert.throws(
      () => new OpenAIChatPromptDriver({ model: "m", apiKey: "k", timeoutMs: 0 }),
      /"timeoutMs"/,
    );

    server.script(reply({ text: "from a ready client" }));
    const client = new OpenAI({
      apiKey: "sk-other",
      baseURL: `${server.origin}/v1`,
      maxRetries: 0,
    });
    const custom = new OpenAIChatPromptDriver({ model: "gpt-test", client });
    assert.equal(
      (await custom.generate({ messages: [{ role: "user", content: "hi" }] })).text,
      "from a ready client",
    );
    assert.equal(server.requests.at(-1)?.headers.authorization, "Bearer sk-other");
  });
});
