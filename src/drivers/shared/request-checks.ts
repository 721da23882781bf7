import { PromptRequestError } from "../../errors/prompt-request-error.js";
import type { JsonObject } from "../../schema/json.js";
import type { PromptMessage, PromptRequest } from "../spec.js";

/** @internal The identity used in request errors. */
export interface DriverIdentity {
  provider: string;
  model: string;
}

/**
 * @internal Checks that each tool has the shape of the driver's dialect before anything is sent,
 * so tools compiled for another provider fail here rather than as a provider's 400.
 */
export function checkTools(
  identity: DriverIdentity,
  tools: PromptRequest["tools"],
  expected: string,
  isValid: (tool: JsonObject) => boolean,
): readonly JsonObject[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) {
    throw new PromptRequestError({ ...identity, path: "tools", message: "must be an array" });
  }
  // Compiled tools are plain JSON as well; their interfaces just declare no index signature.
  const list = tools as readonly unknown[] as readonly JsonObject[];
  list.forEach((tool, index) => {
    if (typeof tool !== "object" || tool === null || !isValid(tool)) {
      throw new PromptRequestError({
        ...identity,
        path: `tools[${index}]`,
        message: `expected ${expected}, got ${preview(tool)}; compile tools with toolbox.toProviderTools(driver.dialect)`,
      });
    }
  });
  return list;
}

/** @internal The name a tool choice names, checked against the tools sent. */
export function checkToolChoiceName(
  identity: DriverIdentity,
  name: string,
  toolNames: readonly string[],
): string {
  if (!toolNames.includes(name)) {
    throw new PromptRequestError({
      ...identity,
      path: "toolChoice.name",
      message: `"${name}" is not one of the tools sent (${toolNames.join(", ") || "none"})`,
    });
  }
  return name;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** @internal Merges provider options into a request body, last, so they override. */
export function withProviderOptions<T extends object>(
  body: T,
  providerOptions: Readonly<Record<string, JsonObject>> | undefined,
  family: string,
): T {
  const extra = providerOptions?.[family];
  return extra === undefined ? body : { ...body, ...extra };
}

/**
 * @internal Every tool result must answer a call of the latest assistant message before it: all
 * four providers reject (or silently misattribute) results that do not.
 */
export function checkToolResults(
  identity: DriverIdentity,
  messages: readonly PromptMessage[],
): void {
  let open = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role === "assistant")
      open = new Set((message.toolCalls ?? []).map((call) => call.id));
    else if (message.role === "tool") {
      if (!open.has(message.toolCallId)) {
        throw new PromptRequestError({
          ...identity,
          path: `messages[${index}].toolCallId`,
          message: `"${message.toolCallId}" answers no tool call of the assistant message before it`,
        });
      }
    } else if (message.role === "user") open = new Set();
  });
}
