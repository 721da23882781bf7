import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mapAnthropicFinishReason } from "../../src/drivers/anthropic/map-anthropic-finish-reason.js";
import { mapGeminiFinishReason } from "../../src/drivers/gemini/map-gemini-finish-reason.js";
import { mapOllamaFinishReason } from "../../src/drivers/ollama/map-ollama-finish-reason.js";
import { mapOpenAIChatFinishReason } from "../../src/drivers/openai/map-openai-chat-finish-reason.js";
import { mapOpenAIResponsesFinishReason } from "../../src/drivers/openai/map-openai-responses-finish-reason.js";
import {
  argumentsToJsonText,
  argumentsToObject,
} from "../../src/drivers/shared/tool-call-arguments.js";
import { makeUsage } from "../../src/drivers/shared/usage.js";
import {
  addUsage,
  BlobArtifact,
  collectStream,
  ErrorArtifact,
  ImageArtifact,
  ListArtifact,
  PromptDriverError,
  responseToMessage,
  TextArtifact,
  ToolwrightError,
  toolResultImages,
  toolResultParts,
  toolResultText,
} from "../../src/index.js";
import { pngBytes } from "../fixtures/provider-servers/dialect-tools.js";

describe("tool result content", () => {
  const png = new ImageArtifact(pngBytes, { format: "png" });
  const list = new ListArtifact([
    new TextArtifact("a"),
    new TextArtifact("b"),
    png,
    new ListArtifact([new TextArtifact("c"), new BlobArtifact(new Uint8Array([0xc3, 0x28]))], {
      itemSeparator: " | ",
    }),
  ]);

  it("splits a list into text and image parts, adjacent texts joined by the list's separator", () => {
    assert.deepEqual(toolResultParts(list), [
      { type: "text", text: "a\n\nb" },
      { type: "image", image: png },
      { type: "text", text: "c | Blob, mime type: application/octet-stream, size: 2 bytes" },
    ]);
    assert.deepEqual(toolResultParts(new ErrorArtifact("boom")), [{ type: "text", text: "boom" }]);
  });

  it("renders text-only content with images described in place, and finds every image", () => {
    assert.equal(
      toolResultText(list),
      `a\n\nb\n\nImage, format: png, size: ${pngBytes.byteLength} bytes\n\nc | Blob, mime type: application/octet-stream, size: 2 bytes`,
    );
    assert.deepEqual(toolResultImages(list), [png]);
    assert.equal(toolResultText(new BlobArtifact("héllo", { mimeType: "text/plain" })), "héllo");
  });
});

describe("tool call arguments", () => {
  it("keeps the model's text for OpenAI and an object for the others", () => {
    assert.equal(argumentsToJsonText({ a: 1 }), '{"a":1}');
    assert.equal(argumentsToJsonText('{"a":'), '{"a":');
    assert.deepEqual(argumentsToObject('{"a":1}'), { a: 1 });
    for (const broken of ["not json", "[1,2]", "3", '{"a":'])
      assert.deepEqual(argumentsToObject(broken), {});
  });
});

describe("usage", () => {
  it("computes a missing total and adds steps, unknown counts staying unknown", () => {
    assert.deepEqual(makeUsage(10, 5), { inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    assert.deepEqual(makeUsage(undefined, 5), {
      inputTokens: undefined,
      outputTokens: 5,
      totalTokens: undefined,
    });
    assert.deepEqual(addUsage(makeUsage(10, 5), makeUsage(undefined, 2)), {
      inputTokens: 10,
      outputTokens: 7,
      totalTokens: 15,
    });
  });
});

describe("finish reasons", () => {
  it("maps each provider's words", () => {
    const table: [string, string][] = [
      [mapOpenAIChatFinishReason("stop"), "stop"],
      [mapOpenAIChatFinishReason("length"), "length"],
      [mapOpenAIChatFinishReason("tool_calls"), "tool-calls"],
      [mapOpenAIChatFinishReason("function_call"), "tool-calls"],
      [mapOpenAIChatFinishReason("content_filter"), "content-filter"],
      [mapOpenAIChatFinishReason(null), "other"],
      [
        mapOpenAIResponsesFinishReason({
          status: "completed",
          incompleteReason: undefined,
          hasToolCalls: true,
        }),
        "tool-calls",
      ],
      [
        mapOpenAIResponsesFinishReason({
          status: "completed",
          incompleteReason: undefined,
          hasToolCalls: false,
        }),
        "stop",
      ],
      [
        mapOpenAIResponsesFinishReason({
          status: "incomplete",
          incompleteReason: "max_output_tokens",
          hasToolCalls: false,
        }),
        "length",
      ],
      [
        mapOpenAIResponsesFinishReason({
          status: "incomplete",
          incompleteReason: "content_filter",
          hasToolCalls: false,
        }),
        "content-filter",
      ],
      [
        mapOpenAIResponsesFinishReason({
          status: "failed",
          incompleteReason: undefined,
          hasToolCalls: false,
        }),
        "error",
      ],
      [mapAnthropicFinishReason("end_turn"), "stop"],
      [mapAnthropicFinishReason("stop_sequence"), "stop"],
      [mapAnthropicFinishReason("max_tokens"), "length"],
      [mapAnthropicFinishReason("model_context_window_exceeded"), "length"],
      [mapAnthropicFinishReason("tool_use"), "tool-calls"],
      [mapAnthropicFinishReason("refusal"), "content-filter"],
      [mapAnthropicFinishReason("pause_turn"), "other"],
      [mapGeminiFinishReason("STOP", false), "stop"],
      [mapGeminiFinishReason("STOP", true), "tool-calls"],
      [mapGeminiFinishReason("MAX_TOKENS", false), "length"],
      [mapGeminiFinishReason("SAFETY", false), "content-filter"],
      [mapGeminiFinishReason("RECITATION", false), "content-filter"],
      [mapGeminiFinishReason("MALFORMED_FUNCTION_CALL", false), "error"],
      [mapGeminiFinishReason("OTHER", false), "other"],
      [mapOllamaFinishReason("stop", false), "stop"],
      [mapOllamaFinishReason("stop", true), "tool-calls"],
      [mapOllamaFinishReason("length", false), "length"],
      [mapOllamaFinishReason("unload", false), "other"],
    ];
    for (const [actual, expected] of table) assert.equal(actual, expected);
  });
});

describe("driver errors and responses", () => {
  it("PromptDriverError names provider, model, status and the provider's message", () => {
    const error = new PromptDriverError({
      code: "provider_http_error",
      provider: "anthropic",
      model: "claude-x",
      status: 529,
      providerMessage: "Overloaded",
      providerCode: "overloaded_error",
    });
    assert.equal(error.message, "anthropic (claude-x): provider error 529: Overloaded");
    assert.equal(error.name, "PromptDriverError");
    assert.ok(ToolwrightError.isInstance(error));
    assert.ok(PromptDriverError.isInstance(error));
    assert.ok(!PromptDriverError.isInstance(new Error("x")));
    assert.equal(error.providerCode, "overloaded_error");
  });

  it("collectStream needs a finish event; responseToMessage keeps calls and provider data", async () => {
    await assert.rejects(
      collectStream((async function* () {})()),
      (error) => PromptDriverError.isInstance(error) && error.code === "provider_stream_error",
    );
    const message = responseToMessage({
      text: "",
      toolCalls: [{ id: "1", name: "T_a", arguments: "{}" }],
      finishReason: "tool-calls",
      rawFinishReason: "tool_use",
      usage: makeUsage(1, 1),
      providerMetadata: { anthropic: { thinking: [] } },
    });
    assert.deepEqual(message, {
      role: "assistant",
      content: "",
      toolCalls: [{ id: "1", name: "T_a", arguments: "{}" }],
      providerMetadata: { anthropic: { thinking: [] } },
    });
  });
});

describe("driver folders", () => {
  it("each provider folder has the same file set", async () => {
    const { readdir } = await import("node:fs/promises");
    const folder = (name: string) =>
      readdir(new URL(`../../src/drivers/${name}/`, import.meta.url));
    const set = (x: string) => [
      `${x}-prompt-driver.ts`,
      `convert-to-${x}-messages.ts`,
      `prepare-${x}-tools.ts`,
      `map-${x}-finish-reason.ts`,
    ];
    // A provider with an embeddings API keeps its embedding driver beside the prompt driver: the
    // two share the provider's client (connect) and error mapping.
    const embedding = (x: string) => (x === "anthropic" ? [] : [`${x}-embedding-driver.ts`]);
    for (const name of ["anthropic", "gemini", "ollama"]) {
      assert.deepEqual(
        (await folder(name)).sort(),
        [...set(name), `${name}-error.ts`, ...embedding(name)].sort(),
      );
    }
    assert.deepEqual(
      (await folder("openai")).sort(),
      [
        ...set("openai-chat"),
        ...set("openai-responses"),
        "openai-error.ts",
        "openai-client.ts",
        "openai-embedding-driver.ts",
        // Responses' native tool search: its items, read and written by the three Responses files.
        "openai-responses-tool-search.ts",
      ].sort(),
    );
  });
});
