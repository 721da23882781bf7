import type {
  ResponseFunctionCallOutputItemList,
  ResponseInputContent,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import type { DriverIdentity } from "../shared/request-checks.js";
import { argumentsToJsonText, isJsonObject } from "../shared/tool-call-arguments.js";
import { imageDataUrl, toolResultParts, toolResultText } from "../shared/tool-result-content.js";
import { visitMessages } from "../shared/visit-messages.js";
import type { PromptMessage, ToolResultMessage, UserMessage } from "../spec.js";
import {
  callItem,
  type NativeToolSearch,
  searchOutputItem,
} from "./openai-responses-tool-search.js";

/**
 * Converts the neutral transcript to Responses API input items. Tool calls become
 * `function_call` items and results `function_call_output` items, whose output carries images
 * as `input_image` parts; reasoning items kept from earlier turns go back before their calls. With
 * a native tool search (`search`), its calls and results become `tool_search_call` and
 * `tool_search_output` items, and calls of namespaced functions name their namespace.
 *
 * @example
 * ```ts
 * convertToOpenAIResponsesMessages([{ role: "user", content: "Hi" }], identity);
 * // [{ role: "user", content: "Hi" }]
 * ```
 */
export function convertToOpenAIResponsesMessages(
  messages: readonly PromptMessage[],
  identity: DriverIdentity,
  search?: NativeToolSearch,
): ResponseInputItem[] {
  const input: ResponseInputItem[] = [];
  visitMessages(identity, messages, {
    system: (message) => input.push({ role: "system", content: message.content }),
    user: (message) => input.push({ role: "user", content: convertUserContent(message) }),
    assistant: (message) => {
      input.push(...reasoningItems(message.providerMetadata));
      if (message.content !== "") input.push({ role: "assistant", content: message.content });
      for (const call of message.toolCalls ?? []) {
        if (search === undefined) {
          input.push({
            type: "function_call",
            call_id: call.id,
            name: call.name,
            arguments: argumentsToJsonText(call.arguments),
          });
        } else {
          input.push(callItem(call, search));
        }
      }
    },
    toolResults: (results) => {
      for (const result of results) {
        if (search !== undefined && result.toolName === search.searchName) {
          input.push(searchOutputItem(result.toolCallId, result.artifact, search));
          continue;
        }
        input.push({
          type: "function_call_output",
          call_id: result.toolCallId,
          output: toolOutput(result),
        });
      }
    },
  });
  return input;
}

function convertUserContent(message: UserMessage): string | ResponseInputContent[] {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) =>
    part.type === "text"
      ? { type: "input_text", text: part.text }
      : { type: "input_image", image_url: imageDataUrl(part.image), detail: "auto" },
  );
}

function toolOutput(message: ToolResultMessage): string | ResponseFunctionCallOutputItemList {
  const parts = toolResultParts(message.artifact);
  if (parts.every((part) => part.type === "text")) return toolResultText(message.artifact);
  return parts.map((part) => {
    if (part.type === "text") return { type: "input_text", text: part.text };
    const url = part.type === "imageUrl" ? part.url : imageDataUrl(part.image);
    return { type: "input_image", image_url: url, detail: "auto" };
  });
}

/** Reasoning items the Responses driver stored on the assistant message, sent back verbatim. */
function reasoningItems(metadata: unknown): ResponseInputItem[] {
  const openai = isJsonObject(metadata) ? metadata.openai : undefined;
  const items = isJsonObject(openai) ? openai.reasoning : undefined;
  return Array.isArray(items) ? (items.filter(isJsonObject) as unknown as ResponseInputItem[]) : [];
}
