import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Artifact } from "../../artifacts/artifact.js";
import type { ImageArtifact } from "../../artifacts/image-artifact.js";
import { toolReferencesKey } from "../../dialects/capabilities.js";
import type { DriverIdentity } from "../shared/request-checks.js";
import { argumentsToObject, isJsonObject } from "../shared/tool-call-arguments.js";
import { toolResultParts, toolResultText } from "../shared/tool-result-content.js";
import { visitMessages } from "../shared/visit-messages.js";
import type { PromptMessage, ToolResultMessage } from "../spec.js";

/**
 * Converts the neutral transcript to Anthropic's `system` and `messages`. Tool results become
 * `tool_result` blocks in one user turn, with `is_error` for ErrorArtifacts and image blocks for
 * images and image URLs (audio and other URLs go as their text); consecutive turns of one role are merged, as the API expects alternating roles.
 * A tool search's result whose found tools are all among `deferred` (the request's tools sent with
 * `defer_loading: true`) becomes `tool_reference` blocks, which the API expands into those tools.
 *
 * @example
 * ```ts
 * convertToAnthropicMessages([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }], identity);
 * // { system: [{ type: "text", text: "Be brief." }], messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }] }
 * ```
 */
export function convertToAnthropicMessages(
  messages: readonly PromptMessage[],
  identity: DriverIdentity,
  deferred: ReadonlySet<string> = new Set(),
): { system: TextBlockParam[]; messages: MessageParam[] } {
  const system: TextBlockParam[] = [];
  const converted: { role: "user" | "assistant"; content: ContentBlockParam[] }[] = [];
  const append = (role: "user" | "assistant", blocks: ContentBlockParam[]) => {
    const last = converted.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else converted.push({ role, content: blocks });
  };
  visitMessages(identity, messages, {
    system: (message) => system.push({ type: "text", text: message.content }),
    user: (message) =>
      append(
        "user",
        typeof message.content === "string"
          ? [{ type: "text", text: message.content }]
          : message.content.map((part) =>
              part.type === "text" ? { type: "text", text: part.text } : imageBlock(part.image),
            ),
      ),
    assistant: (message) => {
      const blocks: ContentBlockParam[] = thinkingBlocks(message.providerMetadata);
      if (message.content !== "") blocks.push({ type: "text", text: message.content });
      for (const call of message.toolCalls ?? []) {
        blocks.push({
          type: "tool_use",
          id: call.id,
          name: call.name,
          input: argumentsToObject(call.arguments),
        });
      }
      append("assistant", blocks);
    },
    toolResults: (results) =>
      append(
        "user",
        results.map((result) => toolResultBlock(result, deferred)),
      ),
  });
  return { system, messages: converted };
}

function toolResultBlock(
  result: ToolResultMessage,
  deferred: ReadonlySet<string>,
): ToolResultBlockParam {
  const references = toolReferences(result.artifact, deferred);
  if (references !== undefined) {
    return {
      type: "tool_result",
      tool_use_id: result.toolCallId,
      content: references.map((name) => ({ type: "tool_reference", tool_name: name })),
    };
  }
  const parts = toolResultParts(result.artifact);
  const block: ToolResultBlockParam = {
    type: "tool_result",
    tool_use_id: result.toolCallId,
    content: parts.every((part) => part.type === "text")
      ? toolResultText(result.artifact)
      : parts
          // The API rejects empty text blocks.
          .filter((part) => part.type !== "text" || part.text !== "")
          .map((part): TextBlockParam | ImageBlockParam => {
            if (part.type === "text") return { type: "text", text: part.text };
            if (part.type === "imageUrl") {
              return { type: "image", source: { type: "url", url: part.url } };
            }
            return imageBlock(part.image);
          }),
  };
  if (result.artifact.type === "ErrorArtifact") block.is_error = true;
  return block;
}

// Only names the request defers can be referenced: the API rejects a reference it cannot resolve.
function toolReferences(artifact: Artifact, deferred: ReadonlySet<string>): string[] | undefined {
  if (deferred.size === 0 || artifact.type === "ErrorArtifact") return undefined;
  const names = artifact.meta[toolReferencesKey];
  if (!Array.isArray(names) || names.length === 0) return undefined;
  return names.every((name) => typeof name === "string" && deferred.has(name))
    ? (names as string[])
    : undefined;
}

function imageBlock(image: ImageArtifact): ImageBlockParam {
  return {
    type: "image",
    source: {
      type: "base64",
      media_type: image.mimeType as "image/png",
      data: image.base64,
    },
  };
}

/** Thinking blocks the driver kept from the model's turn: the API wants them back, signed, before tool use. */
function thinkingBlocks(metadata: unknown): ContentBlockParam[] {
  const anthropic = isJsonObject(metadata) ? metadata.anthropic : undefined;
  const blocks = isJsonObject(anthropic) ? anthropic.thinking : undefined;
  return Array.isArray(blocks)
    ? (blocks.filter(isJsonObject) as unknown as ContentBlockParam[])
    : [];
}
