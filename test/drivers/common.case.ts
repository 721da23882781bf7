import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import { argumentsToObject, isJsonObject } from "../../src/drivers/shared/tool-call-arguments.js";
import {
  BlobArtifact,
  BooleanArtifact,
  collectStream,
  ErrorArtifact,
  ImageArtifact,
  InfoArtifact,
  JsonArtifact,
  ListArtifact,
  type PromptDriver,
  PromptDriverError,
  type PromptMessage,
  PromptRequestError,
  type PromptResponse,
  type PromptStreamEvent,
  TextArtifact,
  type ToolCall,
  type ToolDialect,
} from "../../src/index.js";
import { gifBytes, pngBytes, toolsFor } from "../fixtures/provider-servers/dialect-tools.js";
import type { HeardImage, HeardTurn } from "../fixtures/provider-servers/heard-request.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";

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

const weatherCall = (id: string, city: string): ToolCall => ({
  id,
  name: "Weather_forecast",
  arguments: { city },
});

/**
 * The suite every driver passes (Hono's `common.case.test.ts` pattern): each case scripts the fake
 * provider, calls the driver through its real SDK, and checks the response and what the provider
 * received.
 */
export function runDriverConformance(subject: DriverUnderTest): void {
  describe(`${subject.name}: driver conformance`, () => {
    let server: ScriptedServer;
    let driver: PromptDriver;
    const tools = toolsFor(subject.dialect);
    const lacks = (name: ConformanceCase) => subject.lacks?.[name];

    before(async () => {
      server = await subject.startServer();
      driver = subject.createDriver(server.origin, { maxRetries: 2 });
    });
    after(() => server.close());
    afterEach(() => {
      const unused = server.pending();
      server.reset();
      assert.equal(unused, 0, "the case left scripted turns unused");
    });

    it("declares the v1 spec, its provider, model and tool dialect", () => {
      assert.equal(driver.specificationVersion, "v1");
      assert.equal(driver.dialect, subject.dialect);
      assert.equal(driver.model, "test-model");
      assert.match(driver.provider, /^[a-z.]+$/);
    });

    it("answers a text turn, the same through generate and through stream", async () => {
      const turn = reply({
        text: "The capital of France is Paris.",
        usage: { input: 21, output: 8 },
      });
      server.script(turn, turn);
      const messages: PromptMessage[] = [
        { role: "system", content: "Answer briefly." },
        { role: "user", content: "What is the capital of France?" },
      ];
      const generated = await driver.generate({ messages });
      assert.equal(generated.text, "The capital of France is Paris.");
      assert.deepEqual(generated.toolCalls, []);
      assert.equal(generated.finishReason, "stop");
      assert.deepEqual(generated.usage, { inputTokens: 21, outputTokens: 8, totalTokens: 29 });

      const events = await drain(driver.stream({ messages }));
      const deltas = events.filter((event) => event.type === "text-delta");
      assert.ok(deltas.length > 1, "text arrives in several deltas");
      assert.equal(deltas.map((event) => event.delta).join(""), generated.text);
      assert.deepEqual(lastResponse(events), generated);

      const [plain, streamed] = server.requests;
      assert.equal(plain?.streaming, false);
      assert.equal(streamed?.streaming, true);
      for (const request of [plain, streamed]) {
        assert.equal(request?.heard.model, "test-model");
        assert.equal(request?.heard.system, "Answer briefly.");
        assert.deepEqual(request?.heard.turns, [
          { role: "user", text: "What is the capital of France?", images: [] },
        ]);
      }
    });

    it("returns parallel tool calls, with the tools sent in the driver's dialect", async () => {
      const turn = reply({
        text: "Checking both.",
        toolCalls: [
          { id: "call_1", name: "Weather_forecast", arguments: { city: "Paris" } },
          { id: "call_2", name: "Calc_calculate", arguments: { expression: "6 * 7" } },
        ],
      });
      server.script(turn, turn);
      const request = { messages: [user("Weather in Paris, and 6 * 7?")], tools };
      const generated = await driver.generate(request);
      assert.equal(generated.finishReason, "tool-calls");
      assert.equal(generated.text, "Checking both.");
      assert.deepEqual(
        generated.toolCalls.map((call) => [call.name, argumentsToObject(call.arguments)]),
        [
          ["Weather_forecast", { city: "Paris" }],
          ["Calc_calculate", { expression: "6 * 7" }],
        ],
      );
      const ids = generated.toolCalls.map((call) => call.id);
      if (lacks("tool call ids") === undefined) assert.deepEqual(ids, ["call_1", "call_2"]);
      // Without provider ids the driver makes up unique ones, so results can still be matched.
      else assert.equal(new Set(ids.filter((id) => id !== "")).size, 2);

      const events = await drain(driver.stream(request));
      const calls = events.filter((event) => event.type === "tool-call");
      assert.deepEqual(
        calls.map((event) => event.toolCall),
        generated.toolCalls,
      );
      assert.equal(events.at(-1)?.type, "finish");
      assert.deepEqual(lastResponse(events), generated);
      assert.deepEqual(server.requests[0]?.heard.tools, ["Weather_forecast", "Calc_calculate"]);
    });

    it("sends tool results of every artifact kind back in the provider's own shape", async () => {
      server.script(reply({ text: "All read." }));
      const results = [
        new TextArtifact("sunny, 21°C"),
        new InfoArtifact("no alerts"),
        new JsonArtifact({ temp: 21, unit: "C" }),
        new BooleanArtifact(true),
        new ErrorArtifact("city not found: Atlantis", { code: "activity_failed" }),
        new ImageArtifact(pngBytes, { format: "png" }),
        new ListArtifact([
          new TextArtifact("radar caption"),
          new ImageArtifact(gifBytes, { format: "gif" }),
        ]),
        new BlobArtifact("plain notes", { mimeType: "text/plain" }),
        new BlobArtifact(new Uint8Array([0xff, 0xfe, 0x00]), { mimeType: "application/pdf" }),
      ];
      const calls = results.map((_, index) => weatherCall(`call_${index}`, `City ${index}`));
      const messages: PromptMessage[] = [
        user("Look everything up."),
        { role: "assistant", content: "", toolCalls: calls },
        ...results.map((artifact, index) => ({
          role: "tool" as const,
          toolCallId: `call_${index}`,
          toolName: "Weather_forecast",
          artifact,
        })),
      ];
      const response = await driver.generate({ messages, tools });
      assert.equal(response.text, "All read.");

      const heard = server.requests[0]?.heard.turns ?? [];
      const assistant = heard.find((turn) => turn.role === "assistant");
      assert.deepEqual(
        assistant?.toolCalls.map((call) => [call.name, call.arguments]),
        calls.map((call) => [call.name, call.arguments]),
      );
      const toolTurns = heard.filter((turn) => turn.role === "tool");
      assert.equal(toolTurns.length, results.length, "one result per call");
      const texts = toolTurns.map((turn) => turn.text);
      assert.deepEqual(texts.slice(0, 5), [
        "sunny, 21°C",
        "no alerts",
        '{"temp":21,"unit":"C"}',
        "true",
        "city not found: Atlantis",
      ]);
      assert.match(texts[6] ?? "", /radar caption/);
      assert.deepEqual(texts.slice(7), [
        "plain notes",
        "Blob, mime type: application/pdf, size: 3 bytes",
      ]);
      assert.deepEqual(
        toolTurns.map((turn) => turn.isError),
        lacks("error flag on tool results") === undefined
          ? results.map((artifact) => artifact.type === "ErrorArtifact")
          : results.map(() => undefined),
      );
      const images = imagesAfterAssistant(heard);
      assert.deepEqual(images, [
        { mimeType: "image/png", base64: Buffer.from(pngBytes).toString("base64") },
        { mimeType: "image/gif", base64: Buffer.from(gifBytes).toString("base64") },
      ]);
    });

    it("sends a multi-step transcript and user images so the provider reads the same turns", async () => {
      server.script(reply({ text: "Anything else?" }));
      const photo = new ImageArtifact(pngBytes, { format: "png" });
      const messages: PromptMessage[] = [
        { role: "system", content: "You are terse." },
        {
          role: "user",
          content: [
            { type: "text", text: "Where is this?" },
            { type: "image", image: photo },
          ],
        },
        {
          role: "assistant",
          content: "Let me check.",
          toolCalls: [weatherCall("call_a", "Paris")],
        },
        {
          role: "tool",
          toolCallId: "call_a",
          toolName: "Weather_forecast",
          artifact: new TextArtifact("rain"),
        },
        { role: "assistant", content: "It is Paris; rainy." },
        user("Thanks"),
      ];
      await driver.generate({ messages, tools });
      const heard = server.requests[0]?.heard;
      assert.equal(heard?.system, "You are terse.");
      assert.deepEqual(
        heard?.turns.map((turn) => [turn.role, turn.text]),
        [
          ["user", "Where is this?"],
          ["assistant", "Let me check."],
          ["tool", "rain"],
          ["assistant", "It is Paris; rainy."],
          ["user", "Thanks"],
        ],
      );
      const first = heard?.turns[0];
      assert.deepEqual(first?.role === "user" ? first.images : [], [
        { mimeType: "image/png", base64: Buffer.from(pngBytes).toString("base64") },
      ]);
      const toolTurn = heard?.turns[2];
      if (toolTurn?.role === "tool" && toolTurn.callId !== undefined) {
        assert.equal(toolTurn.callId, "call_a");
      }
    });

    it("maps finish reasons: output cut at the token limit", async () => {
      const turn = reply({ text: "The answer is", finish: "length" });
      server.script(turn, turn);
      const request = { messages: [user("Count to a million")], maxOutputTokens: 3 };
      const generated = await driver.generate(request);
      assert.equal(generated.finishReason, "length");
      assert.deepEqual(await collectStream(driver.stream(request)), generated);
      assert.equal(server.requests[0]?.heard.maxOutputTokens, 3);
    });

    const noFilter = lacks("content-filter finish");
    if (noFilter === undefined) {
      it("maps finish reasons: content filtered", async () => {
        server.script(reply({ text: "", finish: "content-filter" }));
        const response = await driver.generate({ messages: [user("something unsafe")] });
        assert.equal(response.finishReason, "content-filter");
      });
    } else {
      it(`has no content-filter finish (${noFilter})`, () => assert.ok(noFilter.length > 0));
    }

    it("maps a finish reason it does not know to other, keeping the raw one", async () => {
      server.script(reply({ text: "hm", rawFinish: "something_new" }));
      const response = await driver.generate({ messages: [user("x")] });
      assert.equal(response.finishReason, "other");
      assert.equal(response.rawFinishReason, "something_new");
    });

    const noTemperature = lacks("temperature");
    it(
      noTemperature === undefined ? "sends temperature" : `refuses temperature (${noTemperature})`,
      async () => {
        if (noTemperature !== undefined) {
          const error = await rejection(
            driver.generate({ messages: [user("x")], temperature: 0.25 }),
          );
          assert.ok(PromptRequestError.isInstance(error));
          assert.equal(server.requests.length, 0);
          return;
        }
        server.script(reply({ text: "a" }));
        await driver.generate({ messages: [user("x")], temperature: 0.25 });
        assert.equal(server.requests[0]?.heard.temperature, 0.25);
      },
    );

    const noChoice = lacks("tool choice");
    it(
      noChoice === undefined
        ? "passes tool choice and the parallel tool calls switch"
        : `narrows the tools sent instead of a tool choice (${noChoice})`,
      async () => {
        server.script(reply({ text: "a" }), reply({ text: "b" }));
        await driver.generate({
          messages: [user("x")],
          tools,
          toolChoice: { name: "Calc_calculate" },
          parallelToolCalls: false,
        });
        await driver.generate({ messages: [user("x")], tools, toolChoice: "none" });
        const [named, none] = server.requests.map((request) => request.heard);
        assert.ok(none?.toolChoice === "none" || none?.tools.length === 0, "no tool may be called");
        if (noChoice !== undefined) {
          assert.deepEqual(named?.tools, ["Calc_calculate"]);
          const required = await rejection(
            driver.generate({ messages: [user("x")], tools, toolChoice: "required" }),
          );
          assert.ok(PromptRequestError.isInstance(required));
          assert.equal(server.requests.length, 2);
          return;
        }
        assert.deepEqual(named?.toolChoice, { name: "Calc_calculate" });
        if (named?.parallelToolCalls !== undefined) assert.equal(named.parallelToolCalls, false);
        server.script(reply({ text: "c" }));
        await driver.generate({ messages: [user("x")], tools, toolChoice: "required" });
        assert.equal(server.requests[2]?.heard.toolChoice, "required");
      },
    );

    const noStop = lacks("stop sequences");
    it(
      noStop === undefined ? "sends stop sequences" : `refuses stop sequences (${noStop})`,
      async () => {
        if (noStop !== undefined) {
          const error = await rejection(
            driver.generate({ messages: [user("x")], stopSequences: ["END"] }),
          );
          assert.ok(PromptRequestError.isInstance(error));
          assert.equal(server.requests.length, 0);
          return;
        }
        server.script(reply({ text: "one" }));
        await driver.generate({ messages: [user("x")], stopSequences: ["END", "STOP"] });
        assert.deepEqual(server.requests[0]?.heard.stop, ["END", "STOP"]);
      },
    );

    it("merges provider options into the request body last", async () => {
      server.script(reply({ text: "ok" }));
      const family = driver.provider.split(".")[0] ?? driver.provider;
      await driver.generate({
        messages: [user("x")],
        providerOptions: { [family]: { toolwright_probe: 1 }, other: { ignored: true } },
      });
      const body = server.requests[0]?.body;
      assert.ok(isJsonObject(body));
      assert.equal(body.toolwright_probe, 1);
      assert.equal(body.ignored, undefined);
    });

    it("retries 429 where the SDK retries, then throws a PromptDriverError with the provider's status and message", async () => {
      const limited = {
        type: "status",
        status: 429,
        message: "Rate limit reached for test-model",
        code: "rate_limit_exceeded",
        retryAfterMs: 1,
      } as const;
      const attempts = lacks("retries") === undefined ? 3 : 1;
      server.script(...Array.from({ length: attempts }, () => limited));
      const error = await rejection(driver.generate({ messages: [user("x")] }));
      assert.ok(PromptDriverError.isInstance(error), String(error));
      assert.equal(error.code, "provider_http_error");
      assert.equal(error.status, 429);
      assert.equal(error.providerMessage, "Rate limit reached for test-model");
      assert.equal(error.provider, driver.provider);
      assert.match(error.message, /429/);
      assert.equal(server.requests.length, attempts);
    });

    const noRetry = lacks("retries");
    it(
      noRetry === undefined ? "recovers when a retry succeeds" : `does not retry (${noRetry})`,
      async () => {
        server.script({ type: "status", status: 503, message: "overloaded", retryAfterMs: 1 });
        if (noRetry !== undefined) {
          const error = await rejection(driver.generate({ messages: [user("x")] }));
          assert.ok(PromptDriverError.isInstance(error));
          assert.equal(error.status, 503);
          assert.equal(server.requests.length, 1);
          return;
        }
        server.script(reply({ text: "fine" }));
        const response = await driver.generate({ messages: [user("x")] });
        assert.equal(response.text, "fine");
        assert.equal(server.requests.length, 2);
      },
    );

    it("throws 500 on a streamed call after retries, and does not retry a 400", async () => {
      const failing = {
        type: "status",
        status: 500,
        message: "The server had an error",
        retryAfterMs: 1,
      } as const;
      const attempts = lacks("retries") === undefined ? 3 : 1;
      server.script(...Array.from({ length: attempts }, () => failing));
      const error = await rejection(collectStream(driver.stream({ messages: [user("x")] })));
      assert.ok(PromptDriverError.isInstance(error), String(error));
      assert.equal(error.status, 500);
      assert.equal(error.providerMessage, "The server had an error");
      assert.equal(server.requests.length, attempts);

      server.requests.length = 0;
      server.script({ type: "status", status: 400, message: "Invalid 'messages'" });
      const bad = await rejection(driver.generate({ messages: [user("x")] }));
      assert.ok(PromptDriverError.isInstance(bad));
      assert.equal(bad.status, 400);
      assert.equal(bad.providerMessage, "Invalid 'messages'");
      assert.equal(server.requests.length, 1);
    });

    it("times out a provider that never answers", async () => {
      const impatient = subject.createDriver(server.origin, { maxRetries: 0, timeoutMs: 150 });
      server.script({ type: "hang" });
      const error = await rejection(impatient.generate({ messages: [user("x")] }));
      assert.ok(PromptDriverError.isInstance(error), String(error));
      assert.equal(error.code, "provider_timeout");
      assert.equal(server.requests.length, 1);
    });

    it("throws provider_stream_error when the stream breaks, after the deltas that arrived", async () => {
      server.script({ type: "break-stream", text: "Partial answer before" });
      const seen: PromptStreamEvent[] = [];
      const error = await rejection(
        (async () => {
          for await (const event of driver.stream({ messages: [user("x")] })) seen.push(event);
        })(),
      );
      assert.ok(PromptDriverError.isInstance(error), String(error));
      assert.equal(error.code, "provider_stream_error");
      assert.ok(seen.some((event) => event.type === "text-delta"));
      assert.ok(!seen.some((event) => event.type === "finish"));
    });

    it("throws the provider's in-stream error event as provider_stream_error", async () => {
      server.script({
        type: "stream-error",
        text: "Hello",
        message: "Overloaded, try later",
        code: "overloaded_error",
      });
      const error = await rejection(collectStream(driver.stream({ messages: [user("x")] })));
      assert.ok(PromptDriverError.isInstance(error), String(error));
      assert.equal(error.code, "provider_stream_error");
      assert.match(error.providerMessage, /Overloaded, try later/);
    });

    it("cancels a stream mid-way on abort: rejects with the signal's reason and closes the connection", async () => {
      server.script({ type: "stall-stream", text: "Thinking about it" });
      const controller = new AbortController();
      const seen: PromptStreamEvent[] = [];
      const error = await rejection(
        (async () => {
          for await (const event of driver.stream(
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
      const request = server.requests[0];
      await request?.closed;
      assert.equal(request?.clientClosedEarly, true);
    });

    it("rejects at once, sending nothing, when the signal is already aborted", async () => {
      const controller = new AbortController();
      controller.abort(new Error("user gave up"));
      const generate = await rejection(
        driver.generate({ messages: [user("x")] }, { signal: controller.signal }),
      );
      assert.equal((generate as Error).message, "user gave up");
      const stream = await rejection(
        collectStream(driver.stream({ messages: [user("x")] }, { signal: controller.signal })),
      );
      assert.equal((stream as Error).message, "user gave up");
      assert.equal(server.requests.length, 0);
    });

    it("refuses tools of another dialect and orphan tool results before any request", async () => {
      const other: ToolDialect = subject.dialect === "anthropic" ? "openai-chat" : "anthropic";
      const wrongTools = await rejection(
        driver.generate({ messages: [user("x")], tools: toolsFor(other) }),
      );
      assert.ok(PromptRequestError.isInstance(wrongTools), String(wrongTools));
      assert.match(wrongTools.message, /tools\[0\]: expected/);
      const orphan = await rejection(
        driver.generate({
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
        driver.generate({ messages: [user("x")], tools, toolChoice: { name: "Nope" } }),
      );
      assert.ok(PromptRequestError.isInstance(unknownChoice));
      assert.equal(server.requests.length, 0);
    });
  });
}

function user(text: string): PromptMessage {
  return { role: "user", content: text };
}

async function drain(events: AsyncIterable<PromptStreamEvent>): Promise<PromptStreamEvent[]> {
  const all: PromptStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

function lastResponse(events: PromptStreamEvent[]): PromptResponse | undefined {
  const last = events.at(-1);
  return last?.type === "finish" ? last.response : undefined;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("expected a rejection");
}

/** Images the provider received after the assistant's tool calls: in tool results or a user turn. */
function imagesAfterAssistant(turns: HeardTurn[]): HeardImage[] {
  const start = turns.findIndex((turn) => turn.role === "assistant");
  return turns.slice(start + 1).flatMap((turn) => (turn.role === "assistant" ? [] : turn.images));
}
