import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { DriverIdentity } from "../shared/request-checks.js";
import { argumentsToJsonText } from "../shared/tool-call-arguments.js";
import { imageDataUrl, toolResultParts, toolResultText } from "../shared/tool-result-content.js";
import { visitMessages } from "../shared/visit-messages.js";
import type { PromptMessage, ToolResultMessage, UserMessage } from "../spec.js";

/**
 * Converts the neutral transcript to Chat Completions messages. Tool results become
 * `role: "tool"` messages (text only, as the API takes them; audio described); images and image
 * URLs they hold follow in one user message, each labelled with the call it came from.
 *
 * @example
 * ```ts
 * convertToOpenAIChatMessages([{ role: "user", content: "Hi" }], identity);
 * // [{ role: "user", content: "Hi" }]
 * ```
 */
export function convertToOpenAIChatMessages(
  messages: readonly PromptMessage[],
  identity: DriverIdentity,
): ChatCompletionMessageParam[] {
  const converted: ChatCompletionMessageParam[] = [];
  visitMessages(identity, messages, {
    system: (message) => converted.push({ role: "system", content: message.content }),
    user: (message) => converted.push({ role: "user", content: convertUserContent(message) }),
    assistant: (message) => {
      const toolCalls = message.toolCalls ?? [];
      converted.push({
        role: "assistant",
        content: message.content === "" && toolCalls.length > 0 ? null : message.content,
        ...(toolCalls.length > 0 && {
          tool_calls: toolCalls.map((call) => ({
            id: call.id,
            type: "function" as const,
            function: { name: call.name, arguments: argumentsToJsonText(call.arguments) },
          })),
        }),
      });
    },
    toolResults: (results) => converted.push(...convertToolResults(results)),
  });
  return converted;
}

function convertUserContent(message: UserMessage): string | ChatCompletionContentPart[] {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) =>
    part.type === "text"
      ? { type: "text", text: part.text }
      : { type: "image_url", image_url: { url: imageDataUrl(part.image) } },
  );
}

function convertToolResults(results: readonly ToolResultMessage[]): ChatCompletionMessageParam[] {
  const converted: ChatCompletionMessageParam[] = results.map((result) => ({
    role: "tool",
    tool_call_id: result.toolCallId,
    content: toolResultText(result.artifact),
  }));
  const images: ChatCompletionContentPart[] = results.flatMap((result) => {
    const urls = toolResultParts(result.artifact).flatMap((part) =>
      part.type === "text" ? [] : [part.type === "imageUrl" ? part.url : imageDataUrl(part.image)],
    );
    if (urls.length === 0) return [];
    return [
      {
        type: "text" as const,
        text: `Image output of tool call ${result.toolCallId} (${result.toolName}):`,
      },
      ...urls.map((url) => ({ type: "image_url" as const, image_url: { url } })),
    ];
  });
  if (images.length > 0) converted.push({ role: "user", content: images });
  return converted;
}
