import { ImageArtifact } from "../artifacts/image-artifact.js";
import type {
  FinishReason,
  PromptDriver,
  PromptMessage,
  UserContentPart,
} from "../drivers/spec.js";
import type { McpSampleHandler, McpSamplingRequest } from "./server-requests.js";

// A server's sampling request run through one of toolwright's prompt drivers: the server gets the
// caller's model only when the caller connects it with this handler (MCP asks a person to approve
// sampling; choosing to pass the handler for a server is that approval, made in code).

type SamplingResult = Awaited<ReturnType<McpSampleHandler>>;
type SamplingContent = McpSamplingRequest["messages"][number]["content"];
type SamplingPart = Extract<SamplingContent, { type: string }>;

/**
 * An `onSample` handler that answers a server's sampling requests with `driver` (text and images;
 * the server's system prompt, token limit, temperature and stop sequences are passed on, the token
 * limit capped by `maxTokens`). Requests with audio or tool use are refused with an error the server
 * sees.
 *
 * @example
 * ```ts
 * import { AnthropicPromptDriver } from "toolwright/anthropic";
 * const driver = new AnthropicPromptDriver({ model: "claude-sonnet-4-5" });
 * await McpTool.connect({ url }, { onSample: samplingWithDriver(driver, { maxTokens: 1_000 }) });
 * ```
 */
export function samplingWithDriver(
  driver: PromptDriver,
  options: { maxTokens?: number | undefined } = {},
): McpSampleHandler {
  return async (request) => {
    if (request.tools !== undefined || request.toolChoice !== undefined) {
      throw new Error(`sampling with tools is not offered to ${request.server}`);
    }
    const messages: PromptMessage[] = [];
    if (request.systemPrompt) messages.push({ role: "system", content: request.systemPrompt });
    for (const message of request.messages) {
      const parts = ([message.content].flat() as SamplingPart[]).map((part) =>
        partOf(part, request.server),
      );
      messages.push(
        message.role === "user"
          ? { role: "user", content: parts }
          : { role: "assistant", content: parts.map((part) => textOf(part)).join("") },
      );
    }
    const cap = options.maxTokens ?? request.maxTokens;
    const response = await driver.generate(
      {
        messages,
        maxOutputTokens: Math.min(request.maxTokens, cap),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.stopSequences === undefined ? {} : { stopSequences: request.stopSequences }),
      },
      { signal: request.signal },
    );
    const result: SamplingResult = {
      role: "assistant",
      model: driver.model,
      content: { type: "text", text: response.text },
      stopReason: stopReasonOf(response.finishReason),
    };
    return result;
  };
}

function partOf(content: SamplingPart, server: string): UserContentPart {
  if (content.type === "text") return { type: "text", text: content.text };
  if (content.type === "image") {
    const format = content.mimeType.replace(/^image\//, "");
    return {
      type: "image",
      image: new ImageArtifact(Buffer.from(content.data, "base64"), { format }),
    };
  }
  throw new Error(`sampling content of type "${content.type}" is not offered to ${server}`);
}

function textOf(part: UserContentPart): string {
  if (part.type === "text") return part.text;
  throw new Error("an assistant message of a sampling request holds an image");
}

function stopReasonOf(reason: FinishReason): string {
  if (reason === "stop") return "endTurn";
  if (reason === "length") return "maxTokens";
  return reason;
}
