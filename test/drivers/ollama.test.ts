import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import {
  collectStream,
  ImageArtifact,
  ListArtifact,
  PromptDriverError,
  TextArtifact,
} from "../../src/index.js";
import { OllamaPromptDriver } from "../../src/ollama.js";
import { pngBytes } from "../fixtures/provider-servers/dialect-tools.js";
import { startOllamaServer } from "../fixtures/provider-servers/ollama-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "OllamaPromptDriver",
  dialect: "ollama",
  startServer: () => startOllamaServer(),
  createDriver: (origin, options = {}) =>
    new OllamaPromptDriver({
      model: "test-model",
      baseURL: origin,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    }),
  lacks: {
    retries: "the ollama SDK does not retry",
    "content-filter finish": "Ollama has no content filter",
    "error flag on tool results": "role: tool messages have no error flag",
    "tool choice": "/api/chat has no tool_choice",
    "tool call ids": "Ollama's tool calls carry no ids",
  },
});

const weatherTools = [
  {
    type: "function" as const,
    function: {
      name: "Weather_forecast",
      description: "Forecast",
      parameters: { type: "object" as const, properties: { city: { type: "string" } } },
    },
  },
];

describe("OllamaPromptDriver: the /api/chat wire format", () => {
  let server: ScriptedServer;
  let driver: OllamaPromptDriver;
  before(async () => {
    server = await startOllamaServer();
    driver = new OllamaPromptDriver({
      model: "qwen-test",
      baseURL: server.origin,
      apiKey: "ollama-cloud-key",
      think: true,
      keepAlive: "5m",
      modelOptions: { num_ctx: 8192 },
    });
  });
  afterEach(() => server.reset());
  after(() => server.close());

  it("sends role tool results named by tool_name, their images in a user message, and the options", async () => {
    server.script(reply({ text: "ok" }));
    const png = new ImageArtifact(pngBytes, { format: "png" });
    const base64 = Buffer.from(pngBytes).toString("base64");
    await driver.generate({
      messages: [
        { role: "system", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "Compare" },
            { type: "image", image: png },
          ],
        },
        {
          role: "assistant",
          content: "",
          toolCalls: [
            {
              id: "ollama-call-0-Weather_forecast",
              name: "Weather_forecast",
              arguments: '{"city":"Nice"}',
            },
          ],
        },
        {
          role: "tool",
          toolCallId: "ollama-call-0-Weather_forecast",
          toolName: "Weather_forecast",
          artifact: new ListArtifact([new TextArtifact("clear"), png]),
        },
      ],
      maxOutputTokens: 64,
      stopSequences: ["###"],
    });
    const request = server.requests[0];
    assert.equal(request?.headers.authorization, "Bearer ollama-cloud-key");
    const body = request?.body as Record<string, unknown>;
    assert.deepEqual(body.messages, [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Compare", images: [base64] },
      {
        role: "assistant",
        content: "",
        tool_calls: [{ function: { name: "Weather_forecast", arguments: { city: "Nice" } } }],
      },
      {
        role: "tool",
        content: `clear\n\nImage, format: png, size: ${pngBytes.byteLength} bytes`,
        tool_name: "Weather_forecast",
      },
      {
        role: "user",
        content:
          "Image output of tool call ollama-call-0-Weather_forecast (Weather_forecast): 1 image(s)",
        images: [base64],
      },
    ]);
    assert.deepEqual(body.options, { num_ctx: 8192, num_predict: 64, stop: ["###"] });
    assert.equal(body.think, true);
    assert.equal(body.keep_alive, "5m");
    assert.equal(body.stream, false);
  });

  it("returns the model's thinking as reasoning, the same from stream and generate", async () => {
    const turn = reply({ reasoning: "Short answer.", text: "Yes." });
    server.script(turn, turn);
    const request = { messages: [{ role: "user" as const, content: "Sure?" }] };
    const generated = await driver.generate(request);
    assert.equal(generated.reasoning, "Short answer.");
    assert.deepEqual(await collectStream(driver.stream(request)), generated);
    assert.equal(server.requests[1]?.streaming, true);
  });

  it("reads tool calls a model wrote as text (Qwen3 XML, pythonic), only when the request had tools", async () => {
    const xml =
      "Checking.\n<tool_call>\n<function=Weather_forecast>\n<parameter=city>\nSão Paulo\n</parameter>\n</function>\n</tool_call>";
    const tools = weatherTools;
    server.script(
      reply({ text: xml }),
      reply({ text: "[Weather_forecast(city='Oslo')]" }),
      reply({ text: xml }),
    );
    const request = { messages: [{ role: "user" as const, content: "Weather?" }], tools };
    const first = await driver.generate(request);
    assert.deepEqual(
      first.toolCalls.map((call) => [call.name, call.arguments]),
      [["Weather_forecast", { city: "São Paulo" }]],
    );
    assert.equal(first.text, "Checking.");
    assert.equal(first.finishReason, "tool-calls");
    const streamed = await collectStream(driver.stream(request));
    assert.deepEqual(
      streamed.toolCalls.map((call) => call.arguments),
      [{ city: "Oslo" }],
    );
    // Without tools in the request the text is an answer, read as it is.
    const plain = await driver.generate({ messages: request.messages });
    assert.equal(plain.toolCalls.length, 0);
    assert.equal(plain.text, xml);
    assert.throws(
      () => new OllamaPromptDriver({ model: "m", textToolCalls: "nope" as never }),
      /textToolCalls/,
    );
  });

  it("streams calls written as text: deltas without their markup, each call started when complete", async () => {
    const tools = weatherTools;
    const text =
      'Let me check.\n<tool_call>{"name": "Weather_forecast", "arguments": {"city": "Oslo"}}</tool_call>';
    server.script(reply({ text }), reply({ text }));
    const request = { messages: [{ role: "user" as const, content: "Weather?" }], tools };
    const events = [];
    for await (const event of driver.stream(request)) events.push(event);
    const deltas = events.flatMap((event) => (event.type === "text-delta" ? [event.delta] : []));
    assert.equal(deltas.join(""), "Let me check.");
    const id = "ollama-text-call-0-Weather_forecast";
    const kinds = events.map((event) => event.type);
    assert.deepEqual(kinds.slice(kinds.indexOf("tool-call-start")), [
      "tool-call-start",
      "tool-call-delta",
      "tool-call",
      "finish",
    ]);
    assert.deepEqual(events[kinds.indexOf("tool-call-start")], {
      type: "tool-call-start",
      id,
      name: "Weather_forecast",
    });
    const finished = events.at(-1);
    assert.ok(finished?.type === "finish");
    assert.deepEqual(finished.response, await driver.generate(request));
    assert.equal(finished.response.toolCalls[0]?.id, id);
  });

  it("applies timeoutMs to the wait for a stream to start", async () => {
    const impatient = new OllamaPromptDriver({
      model: "qwen-test",
      baseURL: server.origin,
      timeoutMs: 100,
    });
    server.script({ type: "hang" });
    const error = await collectStream(
      impatient.stream({ messages: [{ role: "user", content: "x" }] }),
    ).catch((caught: unknown) => caught);
    assert.ok(PromptDriverError.isInstance(error));
    assert.equal(error.code, "provider_timeout");
  });

  it("refuses maxRetries, which the ollama SDK cannot honour", () => {
    assert.throws(
      () => new OllamaPromptDriver({ model: "qwen", maxRetries: 2 }),
      /OllamaPromptDriver: "maxRetries" is not supported: the ollama SDK does not retry/,
    );
  });
});
