import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  collectStream,
  DriverConfigError,
  type PromptDriver,
  PromptDriverError,
  type PromptStreamEvent,
  responseToMessage,
} from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing.js";

const ask = { messages: [{ role: "user" as const, content: "2 + 2?" }] };

describe("MockPromptDriver", () => {
  it("is a PromptDriver that replays scripted responses in order and records each request", async () => {
    const driver: PromptDriver = new MockPromptDriver({
      responses: [
        {
          toolCalls: [{ name: "Calc_calculate", arguments: { expression: "2+2" } }],
          usage: { inputTokens: 5, outputTokens: 3 },
        },
        "It is 4.",
      ],
      dialect: "anthropic",
    });
    assert.equal(driver.specificationVersion, "v1");
    assert.equal(driver.dialect, "anthropic");
    const first = await driver.generate(ask);
    assert.deepEqual(first, {
      text: "",
      toolCalls: [
        { id: "mock-call-1-1", name: "Calc_calculate", arguments: { expression: "2+2" } },
      ],
      finishReason: "tool-calls",
      rawFinishReason: "tool-calls",
      usage: { inputTokens: 5, outputTokens: 3, totalTokens: 8 },
    });
    const second = await driver.generate({ messages: [...ask.messages, responseToMessage(first)] });
    assert.equal(second.text, "It is 4.");
    assert.equal(second.finishReason, "stop");
    const mock = driver as MockPromptDriver;
    assert.equal(mock.requests.length, 2);
    assert.equal(mock.requests[1]?.messages.length, 2);
    assert.equal(mock.remaining, 0);
  });

  it("computes a response from the request, and throws scripted errors", async () => {
    const failure = new PromptDriverError({
      code: "provider_http_error",
      provider: "mock",
      model: "mock-model",
      status: 429,
      providerMessage: "slow down",
    });
    const driver = new MockPromptDriver({
      responses: [
        (request, call) => `call ${call} saw ${request.messages.length} message(s)`,
        failure,
      ],
    });
    assert.equal((await driver.generate(ask)).text, "call 0 saw 1 message(s)");
    await assert.rejects(driver.generate(ask), (error) => error === failure);
  });

  it("streams the same response word by word, tool calls before finish", async () => {
    const step = {
      text: "Let me check that.",
      reasoning: "User wants a sum.",
      toolCalls: [{ id: "c1", name: "Calc_calculate", arguments: { expression: "2+2" } }],
    };
    const driver = new MockPromptDriver({ responses: [step, step] });
    const generated = await driver.generate(ask);
    const events: PromptStreamEvent[] = [];
    for await (const event of driver.stream(ask)) events.push(event);
    assert.deepEqual(
      events.map((event) => event.type),
      [
        "reasoning-delta",
        "reasoning-delta",
        "reasoning-delta",
        "reasoning-delta",
        "text-delta",
        "text-delta",
        "text-delta",
        "text-delta",
        "tool-call-start",
        "tool-call-delta",
        "tool-call",
        "finish",
      ],
    );
    const text = events
      .flatMap((event) => (event.type === "text-delta" ? [event.delta] : []))
      .join("");
    assert.equal(text, "Let me check that.");
    const finish = events.at(-1);
    assert.deepEqual(finish?.type === "finish" ? finish.response : undefined, generated);
  });

  it("throws a DriverConfigError naming the call when the script runs out", async () => {
    const driver = new MockPromptDriver({ responses: ["only one"] });
    await driver.generate(ask);
    const error = await collectStream(driver.stream(ask)).catch((caught: unknown) => caught);
    assert.ok(DriverConfigError.isInstance(error));
    assert.equal(
      error.message,
      'MockPromptDriver: "responses" has no response left for call 2 (it was given 1)',
    );
    assert.throws(() => new MockPromptDriver({} as never), DriverConfigError);
  });

  it("honours an abort signal before and during a stream", async () => {
    const driver = new MockPromptDriver({ responses: ["one two three four", "x"] });
    const controller = new AbortController();
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of driver.stream(ask, { signal: controller.signal })) {
          if (event.type === "text-delta") seen.push(event.delta);
          controller.abort();
        }
      })(),
      { name: "AbortError" },
    );
    assert.deepEqual(seen, ["one"]);
    await assert.rejects(driver.generate(ask, { signal: controller.signal }), {
      name: "AbortError",
    });
    assert.equal(driver.requests.length, 1, "an aborted call uses no response");
  });
});
