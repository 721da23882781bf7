import assert from "node:assert/strict";
import { it } from "node:test";
import {
  collectStream,
  PromptDriverError,
  PromptRequestError,
  type PromptStreamEvent,
  TextArtifact,
  type ToolDialect,
} from "../../../src/index.js";
import { toolsFor } from "../../fixtures/provider-servers/dialect-tools.js";
import { reply } from "../../fixtures/provider-servers/script.js";
import { rejection, type Suite, user } from "./suite.js";

/** Cases about failures: error statuses and retries, timeouts, broken streams, aborts, bad requests. */
export function failureCases(suite: Suite): void {
  it("retries 429 where the SDK retries, then throws a PromptDriverError with the provider's status and message", async () => {
    const limited = {
      type: "status",
      status: 429,
      message: "Rate limit reached for test-model",
      code: "rate_limit_exceeded",
      retryAfterMs: 1,
    } as const;
    const attempts = suite.lacks("retries") === undefined ? 3 : 1;
    suite.server.script(...Array.from({ length: attempts }, () => limited));
    const error = await rejection(suite.driver.generate({ messages: [user("x")] }));
    assert.ok(PromptDriverError.isInstance(error), String(error));
    assert.equal(error.code, "provider_http_error");
    assert.equal(error.status, 429);
    assert.equal(error.providerMessage, "Rate limit reached for test-model");
    assert.equal(error.provider, suite.driver.provider);
    assert.match(error.message, /429/);
    assert.equal(suite.server.requests.length, attempts);
  });

  const noRetry = suite.lacks("retries");
  it(
    noRetry === undefined ? "recovers when a retry succeeds" : `does not retry (${noRetry})`,
    async () => {
      suite.server.script({ type: "status", status: 503, message: "overloaded", retryAfterMs: 1 });
      if (noRetry !== undefined) {
        const error = await rejection(suite.driver.generate({ messages: [user("x")] }));
        assert.ok(PromptDriverError.isInstance(error));
        assert.equal(error.status, 503);
        assert.equal(suite.server.requests.length, 1);
        return;
      }
      suite.server.script(reply({ text: "fine" }));
      const response = await suite.driver.generate({ messages: [user("x")] });
      assert.equal(response.text, "fine");
      assert.equal(suite.server.requests.length, 2);
    },
  );

  it("throws 500 on a streamed call after retries, and does not retry a 400", async () => {
    const failing = {
      type: "status",
      status: 500,
      message: "The server had an error",
      retryAfterMs: 1,
    } as const;
    const attempts = suite.lacks("retries") === undefined ? 3 : 1;
    suite.server.script(...Array.from({ length: attempts }, () => failing));
    const error = await rejection(collectStream(suite.driver.stream({ messages: [user("x")] })));
    assert.ok(PromptDriverError.isInstance(error), String(error));
    assert.equal(error.status, 500);
    assert.equal(error.providerMessage, "The server had an error");
    assert.equal(suite.server.requests.length, attempts);

    suite.server.requests.length = 0;
    suite.server.script({ type: "status", status: 400, message: "Invalid 'messages'" });
    const bad = await rejection(suite.driver.generate({ messages: [user("x")] }));
    assert.ok(PromptDriverError.isInstance(bad));
    assert.equal(bad.status, 400);
    assert.equal(bad.providerMessage, "Invalid 'messages'");
    assert.equal(suite.server.requests.length, 1);
  });

  it("times out a provider that never answers", async () => {
    const impatient = suite.subject.createDriver(suite.server.origin, {
      maxRetries: 0,
      timeoutMs: 150,
    });
    suite.server.script({ type: "hang" });
    const error = await rejection(impatient.generate({ messages: [user("x")] }));
    assert.ok(PromptDriverError.isInstance(error), String(error));
    assert.equal(error.code, "provider_timeout");
    assert.equal(suite.server.requests.length, 1);
  });

  it("throws provider_stream_error when the stream breaks, after the deltas that arrived", async () => {
    suite.server.script({ type: "break-stream", text: "Partial answer before" });
    const seen: PromptStreamEvent[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of suite.driver.stream({ messages: [user("x")] })) seen.push(event);
      })(),
    );
    assert.ok(PromptDriverError.isInstance(error), String(error));
    assert.equal(error.code, "provider_stream_error");
    assert.ok(seen.some((event) => event.type === "text-delta"));
    assert.ok(!seen.some((event) => event.type === "finish"));
  });

  it("throws the provider's in-stream error event as provider_stream_error", async () => {
    suite.server.script({
      type: "stream-error",
      text: "Hello",
      message: "Overloaded, try later",
      code: "overloaded_error",
    });
    const error = await rejection(collectStream(suite.driver.stream({ messages: [user("x")] })));
    assert.ok(PromptDriverError.isInstance(error), String(error));
    assert.equal(error.code, "provider_stream_error");
    assert.match(error.providerMessage, /Overloaded, try later/);
  });

  it("cancels a stream mid-way on abort: rejects with the signal's reason and closes the connection", async () => {
    suite.server.script({ type: "stall-stream", text: "Thinking about it" });
    const controller = new AbortController();
    const seen: PromptStreamEvent[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of suite.driver.stream(
          { messages: [user("x")] },
          { signal: controller.signal },
        )) {
          seen.push(event);
          if (event.type === "text-delta") controller.abort();
        }
      })(),
    );
    assert.equal(error, controller.signal.reason);
    assert.equal((error as Error).name, "AbortError");
    assert.equal(seen.filter((event) => event.type === "text-delta").length, 1);
    const request = suite.server.requests[0];
    await request?.closed;
    assert.equal(request?.clientClosedEarly, true);
  });

  it("rejects at once, sending nothing, when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("user gave up"));
    const generate = await rejection(
      suite.driver.generate({ messages: [user("x")] }, { signal: controller.signal }),
    );
    assert.equal((generate as Error).message, "user gave up");
    const stream = await rejection(
      collectStream(suite.driver.stream({ messages: [user("x")] }, { signal: controller.signal })),
    );
    assert.equal((stream as Error).message, "user gave up");
    assert.equal(suite.server.requests.length, 0);
  });

  it("refuses tools of another dialect and orphan tool results before any request", async () => {
    const other: ToolDialect = suite.subject.dialect === "anthropic" ? "openai-chat" : "anthropic";
    const wrongTools = await rejection(
      suite.driver.generate({ messages: [user("x")], tools: toolsFor(other) }),
    );
    assert.ok(PromptRequestError.isInstance(wrongTools), String(wrongTools));
    assert.match(wrongTools.message, /tools\[0\]: expected/);
    const orphan = await rejection(
      suite.driver.generate({
        messages: [
          user("x"),
          {
            role: "tool",
            toolCallId: "nope",
            toolName: "Calc_calculate",
            artifact: new TextArtifact("1"),
          },
        ],
      }),
    );
    assert.ok(PromptRequestError.isInstance(orphan));
    assert.match(orphan.message, /messages\[1\]\.toolCallId: "nope" answers no tool call/);
    const unknownChoice = await rejection(
      suite.driver.generate({
        messages: [user("x")],
        tools: suite.tools,
        toolChoice: { name: "Nope" },
      }),
    );
    assert.ok(PromptRequestError.isInstance(unknownChoice));
    assert.equal(suite.server.requests.length, 0);
  });
}
