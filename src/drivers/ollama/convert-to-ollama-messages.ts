import type { Message } from "ollama";
import type { DriverIdentity } from "../shared/request-checks.js";
import { argumentsToObject } from "../shared/tool-call-arguments.js";
import { toolResultImages, toolResultText } from "../shared/tool-result-content.js";
import { visitMessages } from "../shared/visit-messages.js";
import type { PromptMessage, ToolResultMessage, UserMessage } from "../spec.js";

/**
 * Converts the neutral transcript to Ollama `/api/chat` messages. Tool results become
 * `role: "tool"` messages named by `tool_name` (text only; URLs and audio as text); images they
 * hold (and `data:` image URLs) follow in one user message, each labelled with the call it came
 * from, as user messages are where every vision model reads images.
 *
 * @example
 * ```ts
 * convertToOllamaMessages([{ role: "user", content: "Hi" }], identity);
 * // [{ role: "user", content: "Hi" }]
 * ```
 */
export function convertToOllamaMessages(
  messages: readonly PromptMessage[],
  identity: DriverIdentity,
): Message[] {
  const converted: Message[] = [];
  visitMessages(identity, messages, {
    system: (message) => converted.push({ role: "system", content: message.content }),
    user: (message) => converted.push(convertUserMessage(message)),
    assistant: (message) => {
      const toolCalls = message.toolCalls ?? [];
      converted.push({
        role: "assistant",
        content: message.content,
        ...(toolCalls.length > 0 && {
          tool_calls: toolCalls.map((call) => ({
            function: { name: call.name, arguments: argumentsToObject(call.arguments) },
          })),
        }),
      });
    },
    toolResults: (results) => converted.push(...convertToolResults(results)),
  });
  return converted;
}

function convertUserMessage(message: UserMessage): Message {
  if (typeof message.content === "string") return { role: "user", content: message.content };
  const images: string[] = [];
  const texts: string[] = [];
  for (const part of message.content) {
    if (part.type === "text") texts.push(part.text);
    else images.push(part.image.base64);
  }
  return { role: "user", content: texts.join("\n"), ...(images.length > 0 && { images }) };
}

function convertToolResults(results: readonly ToolResultMessage[]): Message[] {
  const converted: Message[] = results.map((result) => ({
    role: "tool",
    content: toolResultText(result.artifact),
    tool_name: result.toolName,
  }));
  const labels: string[] = [];
  const images: string[] = [];
  for (const result of results) {
    const found = toolResultImages(result.artifact);
    if (found.length === 0) continue;
    labels.push(
      `Image output of tool call ${result.toolCallId} (${result.toolName}): ${found.length} image(s)`,
    );
    images.push(...found.map((image) => image.base64));
  }
  if (images.length > 0) converted.push({ role: "user", content: labels.join("\n"), images });
  return converted;
}
