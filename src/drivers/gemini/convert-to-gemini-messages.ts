import type { Content, Part } from "@google/genai";
import type { DriverIdentity } from "../shared/request-checks.js";
import { argumentsToObject, isJsonObject } from "../shared/tool-call-arguments.js";
import { toolResultImages, toolResultText } from "../shared/tool-result-content.js";
import { visitMessages } from "../shared/visit-messages.js";
import type { AssistantMessage, PromptMessage, ToolResultMessage } from "../spec.js";

/**
 * Converts the neutral transcript to Gemini `contents` and a `systemInstruction`. Tool results
 * become `functionResponse` parts of one user turn — `{ output }`, or `{ error }` for an
 * ErrorArtifact — with images (and `data:` image URLs) as the response's own inline parts, other
 * URLs and audio as text; thought signatures go back on
 * the parts they came with.
 *
 * @example
 * ```ts
 * convertToGeminiMessages([{ role: "user", content: "Hi" }], identity);
 * // { systemInstruction: undefined, contents: [{ role: "user", parts: [{ text: "Hi" }] }] }
 * ```
 */
export function convertToGeminiMessages(
  messages: readonly PromptMessage[],
  identity: DriverIdentity,
): { systemInstruction: Content | undefined; contents: Content[] } {
  const system: Part[] = [];
  const contents: Content[] = [];
  const append = (role: "user" | "model", parts: Part[]) => {
    const last = contents.at(-1);
    if (last?.role === role) last.parts?.push(...parts);
    else contents.push({ role, parts });
  };
  visitMessages(identity, messages, {
    system: (message) => system.push({ text: message.content }),
    user: (message) =>
      append(
        "user",
        typeof message.content === "string"
          ? [{ text: message.content }]
          : message.content.map((part) =>
              part.type === "text"
                ? { text: part.text }
                : { inlineData: { mimeType: part.image.mimeType, data: part.image.base64 } },
            ),
      ),
    assistant: (message) => append("model", modelParts(message)),
    toolResults: (results) => append("user", results.map(functionResponsePart)),
  });
  return {
    systemInstruction: system.length === 0 ? undefined : { parts: system },
    contents,
  };
}

/** The model's turn: its text and calls, with the thought signatures they came with. */
function modelParts(message: AssistantMessage): Part[] {
  const parts: Part[] = [];
  const textSignature = geminiMetadata(message.providerMetadata).textSignature;
  if (message.content !== "") {
    parts.push({
      text: message.content,
      ...(typeof textSignature === "string" && { thoughtSignature: textSignature }),
    });
  }
  for (const call of message.toolCalls ?? []) {
    const metadata = geminiMetadata(call.providerMetadata);
    parts.push({
      functionCall: {
        // Ids the driver made up for a model that sent none are not sent back.
        ...(metadata.generatedId !== true && { id: call.id }),
        name: call.name,
        args: argumentsToObject(call.arguments),
      },
      ...(typeof metadata.thoughtSignature === "string" && {
        thoughtSignature: metadata.thoughtSignature,
      }),
    });
  }
  return parts;
}

function functionResponsePart(result: ToolResultMessage): Part {
  const text = toolResultText(result.artifact);
  const images = toolResultImages(result.artifact);
  return {
    functionResponse: {
      ...(!isGeneratedId(result.toolCallId) && { id: result.toolCallId }),
      name: result.toolName,
      response: result.artifact.type === "ErrorArtifact" ? { error: text } : { output: text },
      ...(images.length > 0 && {
        parts: images.map((image) => ({
          inlineData: { mimeType: image.mimeType, data: image.base64 },
        })),
      }),
    },
  };
}

/** @internal Ids the driver generates for calls that came without one. */
export function generatedCallId(index: number, name: string): string {
  return `gemini-call-${index}-${name}`;
}

function isGeneratedId(id: string): boolean {
  return id.startsWith("gemini-call-");
}

function geminiMetadata(metadata: unknown): Record<string, unknown> {
  const gemini = isJsonObject(metadata) ? metadata.gemini : undefined;
  return isJsonObject(gemini) ? gemini : {};
}
