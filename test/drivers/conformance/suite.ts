import assert from "node:assert/strict";
import type {
  JsonObject,
  PromptDriver,
  PromptMessage,
  PromptResponse,
  PromptStreamEvent,
  ToolCall,
  ToolDialect,
} from "../../../src/index.js";
import type { HeardImage, HeardTurn } from "../../fixtures/provider-servers/heard-request.js";
import type { ScriptedServer } from "../../fixtures/provider-servers/scripted-server.js";

/**
 * Capabilities some providers lack. A driver lists what it lacks, with the reason; the suite then
 * checks the documented behaviour instead (a refusal, a single attempt), so no case is skipped.
 */
export type ConformanceCase =
  | "content-filter finish"
  | "stop sequences"
  | "temperature"
  | "tool choice"
  | "tool call ids"
  | "retries"
  | "error flag on tool results";

/** A driver, its fake provider, and what it cannot do. */
export interface DriverUnderTest {
  name: string;
  dialect: ToolDialect;
  startServer(): Promise<ScriptedServer>;
  createDriver(origin: string, options?: { maxRetries?: number; timeoutMs?: number }): PromptDriver;
  /** What this driver's provider lacks, each with the reason. */
  lacks?: Partial<Record<ConformanceCase, string>>;
}

/** What the cases share; `server` and `driver` are set before the first case runs. */
export interface Suite {
  subject: DriverUnderTest;
  server: ScriptedServer;
  driver: PromptDriver;
  tools: JsonObject[];
  lacks(name: ConformanceCase): string | undefined;
}

export const weatherCall = (id: string, city: string): ToolCall => ({
  id,
  name: "Weather_forecast",
  arguments: { city },
});

export function user(text: string): PromptMessage {
  return { role: "user", content: text };
}

export async function drain(
  events: AsyncIterable<PromptStreamEvent>,
): Promise<PromptStreamEvent[]> {
  const all: PromptStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

export function lastResponse(events: PromptStreamEvent[]): PromptResponse | undefined {
  const last = events.at(-1);
  return last?.type === "finish" ? last.response : undefined;
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("expected a rejection");
}

/** Images the provider received after the assistant's tool calls: in tool results or a user turn. */
export function imagesAfterAssistant(turns: HeardTurn[]): HeardImage[] {
  const start = turns.findIndex((turn) => turn.role === "assistant");
  return turns.slice(start + 1).flatMap((turn) => (turn.role === "assistant" ? [] : turn.images));
}
