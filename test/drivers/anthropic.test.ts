import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import { AnthropicPromptDriver } from "../../src/anthropic.js";
import {
  collectStream,
  ErrorArtifact,
  ImageArtifact,
  ListArtifact,
  type PromptMessage,
  responseToMessage,
  TextArtifact,
} from "../../src/index.js";
import { startAnthropicServer } from "../fixtures/provider-servers/anthropic-server.js";
import { pngBytes, toolsFor } from "../fixtures/provider-servers/dialect-tools.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "AnthropicPromptDriver",
  dialect: "anthropic",
  startServer: () => startAnthropicServer(),
  createDriver: (origin, options = {}) =>
    new AnthropicPromptDriver({
      model: "test-model",
      apiKey: "sk-ant-test",
      baseURL: origin,
      ...options,
    }),
  lacks: {
    temperature: "the Messages API of SDK 1.x has no sampling parameters",
  },
});

describe("AnthropicPromptDriver: the Messages wire format", () => {
  let server: ScriptedServer;
  let driver: AnthropicPromptDriver;
  before(async () => {
    server = await startAnthropicServer();
    driver = new AnthropicPromptDriver({
      model: "claude-test",
      apiKey: "sk-ant-test",
      baseURL: server.origin,
    });
  });
  afterEach(() => server.reset());
  after(() => server.close());

  it("sends tool_result blocks with is_error and image blocks, merged with the next user text", async () => {
    server.script(reply({ text: "ok" }));
    const png = new ImageArtifact(pngBytes, { format: "png" });
    await driver.generate({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Look up two cities." },
        {
          role: "assistant",
          content: "Looking.",
          toolCalls: [
            { id: "tu_1", name: "Weather_forecast", arguments: '{"city":"Rome"}' },
            { id: "tu_2", name: "Weather_forecast", arguments: { city: "Atlantis" } },
          ],
        },
        {
          role: "tool",
          toolCallId: "tu_1",
          toolName: "Weather_forecast",
          artifact: new ListArtifact([new TextArtifact("sunny"), png]),
        },
        {
          role: "tool",
          toolCallId: "tu_2",
          toolName: "Weather_forecast",
          artifact: new ErrorArtifact("no such city"),
        },
        { role: "user", content: "And now?" },
      ],
      tools: toolsFor("anthropic"),
      toolChoice: "required",
      parallelToolCalls: false,
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    assert.deepEqual(body.system, [{ type: "text", text: "Be brief." }]);
    assert.equal(body.max_tokens, 4096);
    assert.deepEqual(body.tool_choice, { type: "any", disable_parallel_tool_use: true });
    assert.deepEqual(body.messages, [
      { role: "user", content: [{ type: "text", text: "Look up two cities." }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking." },
          { type: "tool_use", id: "tu_1", name: "Weather_forecast", input: { city: "Rome" } },
          { type: "tool_use", id: "tu_2", name: "Weather_forecast", input: { city: "Atlantis" } },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "tu_1",
            content: [
              { type: "text", text: "sunny" },
              {
                type: "image",
                source: {
                  type: "base64",
                  media_type: "image/png",
                  data: Buffer.from(pngBytes).toString("base64"),
                },
              },
            ],
          },
          { type: "tool_result", tool_use_id: "tu_2", content: "no such city", is_error: true },
          { type: "text", text: "And now?" },
        ],
      },
    ]);
  });

  it("keeps signed thinking blocks and sends them back first, the same from stream and generate", async () => {
    const turn = reply({
      reasoning: "The user wants Rome.",
      toolCalls: [{ id: "tu_7", name: "Weather_forecast", arguments: { city: "Rome" } }],
    });
    server.script(turn, turn, reply({ text: "Sunny." }));
    const messages: PromptMessage[] = [{ role: "user", content: "Rome?" }];
    const generated = await driver.generate({ messages, tools: toolsFor("anthropic") });
    assert.equal(generated.reasoning, "The user wants Rome.");
    assert.deepEqual(generated.providerMetadata, {
      anthropic: {
        thinking: [
          { type: "thinking", thinking: "The user wants Rome.", signature: "c2lnbmF0dXJl" },
        ],
      },
    });
    assert.deepEqual(
      await collectStream(driver.stream({ messages, tools: toolsFor("anthropic") })),
      generated,
    );
    await driver.generate({
      messages: [
        ...messages,
        responseToMessage(generated),
        {
          role: "tool",
          toolCallId: "tu_7",
          toolName: "Weather_forecast",
          artifact: new TextArtifact("sunny"),
        },
      ],
    });
    const sent = (server.lastBody() as unknown as { messages: { content: unknown[] }[] })
      .messages[1];
    assert.deepEqual(sent?.content[0], {
      type: "thinking",
      thinking: "The user wants Rome.",
      signature: "c2lnbmF0dXJl",
    });
  });

  it("counts cached prompt tokens as input tokens", async () => {
    server.script({
      type: "raw",
      body: {
        id: "msg_2",
        type: "message",
        role: "assistant",
        model: "claude-test",
        content: [{ type: "text", text: "hi" }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: {
          input_tokens: 3,
          cache_creation_input_tokens: 5,
          cache_read_input_tokens: 7,
          output_tokens: 2,
        },
      },
    });
    const response = await driver.generate({ messages: [{ role: "user", content: "hi" }] });
    assert.deepEqual(response.usage, { inputTokens: 15, outputTokens: 2, totalTokens: 17 });
  });

  it("refuses a bad maxOutputTokens option", () => {
    assert.throws(
      () => new AnthropicPromptDriver({ model: "m", apiKey: "k", maxOutputTokens: 0 }),
      /AnthropicPromptDriver: "maxOutputTokens" must be a positive integer; got a number \(0\)/,
    );
  });
});
