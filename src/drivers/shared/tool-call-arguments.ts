import type { JsonObject } from "../../schema/json.js";

/**
 * Tool-call arguments as JSON text, the form OpenAI takes back in the transcript.
 *
 * @example
 * ```ts
 * argumentsToJsonText({ a: 1 }); // '{"a":1}'
 * argumentsToJsonText('{"a":'); // '{"a":' (kept as the model wrote it)
 * ```
 */
export function argumentsToJsonText(args: string | JsonObject): string {
  return typeof args === "string" ? args : JSON.stringify(args);
}

/**
 * Tool-call arguments as an object, the form Anthropic, Gemini and Ollama take back. Text that is
 * not a JSON object becomes `{}`: those providers reject anything else, and the tool result that
 * answers the call already tells the model what was wrong with it.
 *
 * @example
 * ```ts
 * argumentsToObject('{"a":1}'); // { a: 1 }
 * argumentsToObject("not json"); // {}
 * ```
 */
export function argumentsToObject(args: string | JsonObject): JsonObject {
  if (typeof args !== "string") return args;
  try {
    const parsed: unknown = JSON.parse(args);
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** @internal Streamed argument text parsed back to the object form the provider's non-streaming API returns. */
export function parseStreamedArguments(text: string): string | JsonObject {
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isJsonObject(parsed) ? parsed : text;
  } catch {
    return text;
  }
}

/** @internal */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
