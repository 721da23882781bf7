import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import {
  collectStream,
  ImageArtifact,
  PromptDriverError,
  type PromptMessage,
  responseToMessage,
} from "../../src/index.js";
import { OpenAIResponsesPromptDriver } from "../../src/openai.js";
import { pngBytes, toolsFor } from "../fixtures/provider-servers/dialect-tools.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import { type ScriptedServer, sse } from "../fixtures/provider-servers/scripted-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "OpenAIResponsesPromptDriver",
  dialect: "openai-responses",
  startServer: () => startOpenAIServer(),
  createDriver: (origin, options = {}) =>
    new OpenAIResponsesPromptDriver({
      model: "test-model",
      apiKey: "sk-test",
      baseURL: `${origin}/v1`,
      ...options,
    }),
  lacks: {
    "error flag on tool results": "function_call_output has no error flag",
    "stop sequences": "the Responses API has no stop sequences",
  },
});

describe("OpenAIResponsesPromptDriver: the Responses wire format", () => {
  let server: ScriptedServer;
  let driver: OpenAIResponsesPromptDriver;
  before(async () => {
    server = await startOpenAIServer();
    driver = new OpenAIResponsesPromptDriver({
      model: "gpt-test",
      apiKey: "sk-test",
      baseURL: `${server.origin}/v1`,
    });
  });
  afterEach(() => server.reset());
  after(() => server.close());

  it("sends reasoning items back before their calls, and images inside function_call_output", async () => {
    const turn = reply({
      reasoning: "Need the weather.",
      toolCalls: [{ id: "call_9", name: "Weather_forecast", arguments: { city: "Oslo" } }],
    });
    server.script(turn, turn, reply({ text: "Snowy." }));
    const messages: PromptMessage[] = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await driver.generate({ messages, tools: toolsFor("openai-responses") });
    assert.equal(first.reasoning, "Need the weather.");
    assert.deepEqual(first.providerMetadata, {
      openai: {
        reasoning: [
          {
            type: "reasoning",
            id: "rs_1",
            summary: [{ type: "summary_text", text: "Need the weather." }],
          },
        ],
      },
    });
    assert.deepEqual(
      await collectStream(driver.stream({ messages, tools: toolsFor("openai-responses") })),
      first,
    );

    const radar = new ImageArtifact(pngBytes, { format: "png" });
    await driver.generate({
      messages: [
        ...messages,
        responseToMessage(first),
        { role: "tool", toolCallId: "call_9", toolName: "Weather_forecast", artifact: radar },
      ],
    });
    assert.deepEqual(server.lastBody().input, [
      { role: "user", content: "Weather in Oslo?" },
      {
        type: "reasoning",
        id: "rs_1",
        summary: [{ type: "summary_text", text: "Need the weather." }],
      },
      {
        type: "function_call",
        call_id: "call_9",
        name: "Weather_forecast",
        arguments: '{"city":"Oslo"}',
      },
      {
        type: "function_call_output",
        call_id: "call_9",
        output: [
          {
            type: "input_image",
            image_url: `data:image/png;base64,${Buffer.from(pngBytes).toString("base64")}`,
            detail: "auto",
          },
        ],
      },
    ]);
  });

  it("turns a response.failed event into a stream error with the provider's message", async () => {
    server.script({
      type: "raw-stream",
      chunks: [
        sse(
          { type: "response.created", response: { id: "r", status: "in_progress", output: [] } },
          "response.created",
        ),
        sse(
          {
            type: "response.failed",
            response: {
              id: "r",
              status: "failed",
              output: [],
              error: { code: "server_error", message: "The model crashed" },
            },
          },
          "response.failed",
        ),
      ],
    });
    const error = await collectStream(
      driver.stream({ messages: [{ role: "user", content: "x" }] }),
    ).catch((caught: unknown) => caught);
    assert.ok(PromptDriverError.isInstance(error));
    assert.equal(error.code, "provider_stream_error");
    assert.equal(error.providerMessage, "The model crashed");
    assert.equal(error.providerCode, "server_error");
  });
});
