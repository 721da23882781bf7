import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { convertToAnthropicMessages } from "../../src/drivers/anthropic/convert-to-anthropic-messages.js";
import { convertToGeminiMessages } from "../../src/drivers/gemini/convert-to-gemini-messages.js";
import { convertToOllamaMessages } from "../../src/drivers/ollama/convert-to-ollama-messages.js";
import { convertToOpenAIChatMessages } from "../../src/drivers/openai/convert-to-openai-chat-messages.js";
import { convertToOpenAIResponsesMessages } from "../../src/drivers/openai/convert-to-openai-responses-messages.js";
import type { PromptMessage } from "../../src/drivers/spec.js";
import {
  AudioArtifact,
  ImageUrlArtifact,
  ListArtifact,
  TextArtifact,
  toolResultImages,
  toolResultImageUrls,
  toolResultParts,
  toolResultText,
  UrlArtifact,
} from "../../src/index.js";
import { pngBytes } from "../fixtures/provider-servers/dialect-tools.js";

const png64 = Buffer.from(pngBytes).toString("base64");
const dataUrl = `data:image/png;base64,${png64}`;
const catUrl = "https://example.com/cat.png";
const result = new ListArtifact([
  new TextArtifact("see"),
  new ImageUrlArtifact(catUrl),
  new ImageUrlArtifact(dataUrl),
  new AudioArtifact(new Uint8Array([1, 2, 3, 4]), { format: "wav" }),
  new UrlArtifact("https://example.com/doc"),
]);
const imageText = `Image, format: png, size: ${pngBytes.byteLength} bytes`;
const tail = "Audio, format: wav, size: 4 bytes\n\nhttps://example.com/doc";
const fullText = `see\n\n${catUrl}\n\n${imageText}\n\n${tail}`;

const transcript: PromptMessage[] = [
  { role: "user", content: "Show me." },
  {
    role: "assistant",
    content: "",
    toolCalls: [{ id: "c1", name: "Media_show", arguments: {} }],
  },
  { role: "tool", toolCallId: "c1", toolName: "Media_show", artifact: result },
];

describe("lowering audio and URL artifacts in tool results", () => {
  it("shared: http(s) image URLs are URL parts, data: URLs images, audio and other URLs text", () => {
    const parts = toolResultParts(result);
    assert.deepEqual(
      parts.map((part) => part.type),
      ["text", "imageUrl", "image", "text"],
    );
    assert.deepEqual(parts[1], { type: "imageUrl", url: catUrl });
    assert.deepEqual(parts[3], { type: "text", text: tail });
    assert.equal(toolResultText(result), fullText);
    assert.deepEqual(toolResultImageUrls(result), [catUrl]);
    const [image] = toolResultImages(result);
    assert.equal(image?.mimeType, "image/png");
    assert.deepEqual(Buffer.from(image?.value ?? []), Buffer.from(pngBytes));
  });

  it("Anthropic: an image URL is an image block with a url source, a data: URL a base64 one", () => {
    const { messages } = convertToAnthropicMessages(transcript, {
      provider: "anthropic",
      model: "m",
    });
    const content = messages.at(-1)?.content as unknown[];
    const block = content[0] as { content: unknown };
    assert.deepEqual(block.content, [
      { type: "text", text: "see" },
      { type: "image", source: { type: "url", url: catUrl } },
      { type: "image", source: { type: "base64", media_type: "image/png", data: png64 } },
      { type: "text", text: tail },
    ]);
  });

  it("OpenAI Chat: the tool message is text; both images follow as image_url parts", () => {
    const messages = convertToOpenAIChatMessages(transcript, { provider: "openai", model: "m" });
    assert.deepEqual(messages.at(-2), { role: "tool", tool_call_id: "c1", content: fullText });
    assert.deepEqual(messages.at(-1), {
      role: "user",
      content: [
        { type: "text", text: "Image output of tool call c1 (Media_show):" },
        { type: "image_url", image_url: { url: catUrl } },
        { type: "image_url", image_url: { url: dataUrl } },
      ],
    });
  });

  it("OpenAI Responses: the output carries input_image parts by URL", () => {
    const items = convertToOpenAIResponsesMessages(transcript, { provider: "openai", model: "m" });
    const output = (items.at(-1) as { output: unknown }).output;
    assert.deepEqual(output, [
      { type: "input_text", text: "see" },
      { type: "input_image", image_url: catUrl, detail: "auto" },
      { type: "input_image", image_url: dataUrl, detail: "auto" },
      { type: "input_text", text: tail },
    ]);
  });

  it("Gemini: the response is the text; only the data: image goes inline", () => {
    const { contents } = convertToGeminiMessages(transcript, { provider: "gemini", model: "m" });
    const response = contents.at(-1)?.parts?.[0]?.functionResponse;
    assert.deepEqual(response?.response, { output: fullText });
    assert.deepEqual(response?.parts, [{ inlineData: { mimeType: "image/png", data: png64 } }]);
  });

  it("Ollama: the tool message is text; the data: image follows as base64", () => {
    const messages = convertToOllamaMessages(transcript, { provider: "ollama", model: "m" });
    assert.equal(messages.at(-2)?.content, fullText);
    assert.deepEqual(messages.at(-1)?.images, [png64]);
  });
});
