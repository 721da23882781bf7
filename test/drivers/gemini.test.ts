import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import { GeminiPromptDriver } from "../../src/gemini.js";
import {
  collectStream,
  ErrorArtifact,
  ImageArtifact,
  type PromptMessage,
  responseToMessage,
  TextArtifact,
} from "../../src/index.js";
import { pngBytes, toolsFor } from "../fixtures/provider-servers/dialect-tools.js";
import { startGeminiServer } from "../fixtures/provider-servers/gemini-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import { type ScriptedServer, sse } from "../fixtures/provider-servers/scripted-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "GeminiPromptDriver",
  dialect: "gemini",
  startServer: () => startGeminiServer(),
  createDriver: (origin, options = {}) =>
    new GeminiPromptDriver({
      model: "test-model",
      apiKey: "gemini-test-key",
      baseURL: origin,
      // Short backoff keeps the retry cases fast; the attempts still come from maxRetries.
      httpOptions: { retryOptions: { initialDelay: 0.001, maxDelay: 0.005 } },
      ...options,
    }),
});

describe("GeminiPromptDriver: the generateContent wire format", () => {
  let server: ScriptedServer;
  let driver: GeminiPromptDriver;
  before(async () => {
    server = await startGeminiServer();
    driver = new GeminiPromptDriver({
      model: "gemini-test",
      apiKey: "g-key",
      baseURL: server.origin,
      maxRetries: 0,
    });
  });
  afterEach(() => server.reset());
  after(() => server.close());

  it("sends functionResponse parts with output or error and the images as the response's own parts", async () => {
    server.script(reply({ text: "ok" }));
    await driver.generate({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Radar for Lyon and Atlantis?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "fc_1", name: "Weather_forecast", arguments: { city: "Lyon" } },
            { id: "fc_2", name: "Weather_forecast", arguments: '{"city":"Atlantis"}' },
          ],
        },
        {
          role: "tool",
          toolCallId: "fc_1",
          toolName: "Weather_forecast",
          artifact: new ImageArtifact(pngBytes, { format: "png" }),
        },
        {
          role: "tool",
          toolCallId: "fc_2",
          toolName: "Weather_forecast",
          artifact: new ErrorArtifact("no such city"),
        },
      ],
      tools: toolsFor("gemini"),
      toolChoice: "required",
      temperature: 0.5,
      providerOptions: { gemini: { generationConfig: { seed: 7 } } },
    });
    const request = server.requests[0];
    assert.match(request?.path ?? "", /^\/v1(beta)?\/models\/gemini-test:generateContent$/);
    assert.equal(request?.headers["x-goog-api-key"], "g-key");
    const body = request?.body as Record<string, unknown>;
    assert.deepEqual((body.systemInstruction as { parts: unknown }).parts, [{ text: "Be brief." }]);
    assert.deepEqual(body.contents, [
      { role: "user", parts: [{ text: "Radar for Lyon and Atlantis?" }] },
      {
        role: "model",
        parts: [
          { functionCall: { id: "fc_1", name: "Weather_forecast", args: { city: "Lyon" } } },
          { functionCall: { id: "fc_2", name: "Weather_forecast", args: { city: "Atlantis" } } },
        ],
      },
      {
        role: "user",
        parts: [
          {
            functionResponse: {
              id: "fc_1",
              name: "Weather_forecast",
              response: { output: `Image, format: png, size: ${pngBytes.byteLength} bytes` },
              parts: [
                {
                  inlineData: {
                    mimeType: "image/png",
                    data: Buffer.from(pngBytes).toString("base64"),
                  },
                },
              ],
            },
          },
          {
            functionResponse: {
              id: "fc_2",
              name: "Weather_forecast",
              response: { error: "no such city" },
            },
          },
        ],
      },
    ]);
    assert.deepEqual(body.toolConfig, { functionCallingConfig: { mode: "ANY" } });
    assert.deepEqual(body.generationConfig, { temperature: 0.5, seed: 7 });
  });

  it("makes up ids for calls without one, never sends them back, and returns thought signatures", async () => {
    const answer = {
      candidates: [
        {
          content: {
            role: "model",
            parts: [
              { text: "Let me look.", thoughtSignature: "sig-text" },
              {
                functionCall: { name: "Weather_forecast", args: { city: "Kyoto" } },
                thoughtSignature: "sig-call",
              },
            ],
          },
          finishReason: "STOP",
        },
      ],
      usageMetadata: {
        promptTokenCount: 9,
        candidatesTokenCount: 4,
        thoughtsTokenCount: 6,
        totalTokenCount: 19,
      },
    };
    server.script(
      { type: "raw", body: answer },
      { type: "raw-stream", chunks: [sse(answer)] },
      reply({ text: "Rainy." }),
    );
    const messages: PromptMessage[] = [{ role: "user", content: "Kyoto?" }];
    const generated = await driver.generate({ messages, tools: toolsFor("gemini") });
    assert.deepEqual(generated.toolCalls, [
      {
        id: "gemini-call-0-Weather_forecast",
        name: "Weather_forecast",
        arguments: { city: "Kyoto" },
        providerMetadata: { gemini: { thoughtSignature: "sig-call", generatedId: true } },
      },
    ]);
    assert.equal(generated.finishReason, "tool-calls");
    assert.deepEqual(generated.usage, { inputTokens: 9, outputTokens: 10, totalTokens: 19 });
    assert.deepEqual(
      await collectStream(driver.stream({ messages, tools: toolsFor("gemini") })),
      generated,
    );

    await driver.generate({
      messages: [
        ...messages,
        responseToMessage(generated),
        {
          role: "tool",
          toolCallId: "gemini-call-0-Weather_forecast",
          toolName: "Weather_forecast",
          artifact: new TextArtifact("rain"),
        },
      ],
    });
    const contents = (server.lastBody() as unknown as { contents: unknown[] }).contents;
    assert.deepEqual(contents.slice(1), [
      {
        role: "model",
        parts: [
          { text: "Let me look.", thoughtSignature: "sig-text" },
          {
            functionCall: { name: "Weather_forecast", args: { city: "Kyoto" } },
            thoughtSignature: "sig-call",
          },
        ],
      },
      {
        role: "user",
        parts: [{ functionResponse: { name: "Weather_forecast", response: { output: "rain" } } }],
      },
    ]);
  });

  it("reports a blocked prompt as content-filter with the block reason", async () => {
    server.script({
      type: "raw",
      body: {
        promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
        usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 },
      },
    });
    const response = await driver.generate({ messages: [{ role: "user", content: "…" }] });
    assert.equal(response.finishReason, "content-filter");
    assert.equal(response.rawFinishReason, "PROHIBITED_CONTENT");
    assert.equal(response.text, "");
  });
});
