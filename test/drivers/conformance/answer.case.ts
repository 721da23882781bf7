import assert from "node:assert/strict";
import { it } from "node:test";
import {
  argumentsToObject,
  isJsonObject,
} from "../../../src/drivers/shared/tool-call-arguments.js";
import {
  BlobArtifact,
  BooleanArtifact,
  collectStream,
  ErrorArtifact,
  ImageArtifact,
  InfoArtifact,
  JsonArtifact,
  ListArtifact,
  type PromptMessage,
  PromptRequestError,
  TextArtifact,
} from "../../../src/index.js";
import { gifBytes, pngBytes } from "../../fixtures/provider-servers/dialect-tools.js";
import { reply } from "../../fixtures/provider-servers/script.js";
import {
  drain,
  imagesAfterAssistant,
  lastResponse,
  rejection,
  type Suite,
  user,
  weatherCall,
} from "./suite.js";

/** Cases about answers: text, tool calls, tool results, transcripts, finish reasons and options. */
export function answerCases(suite: Suite): void {
  it("declares the v1 spec, its provider, model and tool dialect", () => {
    assert.equal(suite.driver.specificationVersion, "v1");
    assert.equal(suite.driver.dialect, suite.subject.dialect);
    assert.equal(suite.driver.model, "test-model");
    assert.match(suite.driver.provider, /^[a-z.]+$/);
  });

  it("answers a text turn, the same through generate and through stream", async () => {
    const turn = reply({
      text: "The capital of France is Paris.",
      usage: { input: 21, output: 8 },
    });
    suite.server.script(turn, turn);
    const messages: PromptMessage[] = [
      { role: "system", content: "Answer briefly." },
      { role: "user", content: "What is the capital of France?" },
    ];
    const generated = await suite.driver.generate({ messages });
    assert.equal(generated.text, "The capital of France is Paris.");
    assert.deepEqual(generated.toolCalls, []);
    assert.equal(generated.finishReason, "stop");
    assert.deepEqual(generated.usage, { inputTokens: 21, outputTokens: 8, totalTokens: 29 });

    const events = await drain(suite.driver.stream({ messages }));
    const deltas = events.filter((event) => event.type === "text-delta");
    assert.ok(deltas.length > 1, "text arrives in several deltas");
    assert.equal(deltas.map((event) => event.delta).join(""), generated.text);
    assert.deepEqual(lastResponse(events), generated);

    const [plain, streamed] = suite.server.requests;
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
    suite.server.script(turn, turn);
    const request = { messages: [user("Weather in Paris, and 6 * 7?")], tools: suite.tools };
    const generated = await suite.driver.generate(request);
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
    if (suite.lacks("tool call ids") === undefined) assert.deepEqual(ids, ["call_1", "call_2"]);
    // Without provider ids the driver makes up unique ones, so results can still be matched.
    else assert.equal(new Set(ids.filter((id) => id !== "")).size, 2);

    const events = await drain(suite.driver.stream(request));
    const calls = events.filter((event) => event.type === "tool-call");
    assert.deepEqual(
      calls.map((event) => event.toolCall),
      generated.toolCalls,
    );
    assert.equal(events.at(-1)?.type, "finish");
    assert.deepEqual(lastResponse(events), generated);
    assert.deepEqual(suite.server.requests[0]?.heard.tools, ["Weather_forecast", "Calc_calculate"]);
  });

  it("sends tool results of every artifact kind back in the provider's own shape", async () => {
    suite.server.script(reply({ text: "All read." }));
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
    const response = await suite.driver.generate({ messages, tools: suite.tools });
    assert.equal(response.text, "All read.");

    const heard = suite.server.requests[0]?.heard.turns ?? [];
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
      suite.lacks("error flag on tool results") === undefined
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
    suite.server.script(reply({ text: "Anything else?" }));
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
    await suite.driver.generate({ messages, tools: suite.tools });
    const heard = suite.server.requests[0]?.heard;
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
    suite.server.script(turn, turn);
    const request = { messages: [user("Count to a million")], maxOutputTokens: 3 };
    const generated = await suite.driver.generate(request);
    assert.equal(generated.finishReason, "length");
    assert.deepEqual(await collectStream(suite.driver.stream(request)), generated);
    assert.equal(suite.server.requests[0]?.heard.maxOutputTokens, 3);
  });

  const noFilter = suite.lacks("content-filter finish");
  if (noFilter === undefined) {
    it("maps finish reasons: content filtered", async () => {
      suite.server.script(reply({ text: "", finish: "content-filter" }));
      const response = await suite.driver.generate({ messages: [user("something unsafe")] });
      assert.equal(response.finishReason, "content-filter");
    });
  } else {
    it(`has no content-filter finish (${noFilter})`, () => assert.ok(noFilter.length > 0));
  }

  it("maps a finish reason it does not know to other, keeping the raw one", async () => {
    suite.server.script(reply({ text: "hm", rawFinish: "something_new" }));
    const response = await suite.driver.generate({ messages: [user("x")] });
    assert.equal(response.finishReason, "other");
    assert.equal(response.rawFinishReason, "something_new");
  });

  const noTemperature = suite.lacks("temperature");
  it(
    noTemperature === undefined ? "sends temperature" : `refuses temperature (${noTemperature})`,
    async () => {
      if (noTemperature !== undefined) {
        const error = await rejection(
          suite.driver.generate({ messages: [user("x")], temperature: 0.25 }),
        );
        assert.ok(PromptRequestError.isInstance(error));
        assert.equal(suite.server.requests.length, 0);
        return;
      }
      suite.server.script(reply({ text: "a" }));
      await suite.driver.generate({ messages: [user("x")], temperature: 0.25 });
      assert.equal(suite.server.requests[0]?.heard.temperature, 0.25);
    },
  );

  const noChoice = suite.lacks("tool choice");
  it(
    noChoice === undefined
      ? "passes tool choice and the parallel tool calls switch"
      : `narrows the tools sent instead of a tool choice (${noChoice})`,
    async () => {
      suite.server.script(reply({ text: "a" }), reply({ text: "b" }));
      await suite.driver.generate({
        messages: [user("x")],
        tools: suite.tools,
        toolChoice: { name: "Calc_calculate" },
        parallelToolCalls: false,
      });
      await suite.driver.generate({
        messages: [user("x")],
        tools: suite.tools,
        toolChoice: "none",
      });
      const [named, none] = suite.server.requests.map((request) => request.heard);
      assert.ok(none?.toolChoice === "none" || none?.tools.length === 0, "no tool may be called");
      if (noChoice !== undefined) {
        assert.deepEqual(named?.tools, ["Calc_calculate"]);
        const required = await rejection(
          suite.driver.generate({
            messages: [user("x")],
            tools: suite.tools,
            toolChoice: "required",
          }),
        );
        assert.ok(PromptRequestError.isInstance(required));
        assert.equal(suite.server.requests.length, 2);
        return;
      }
      assert.deepEqual(named?.toolChoice, { name: "Calc_calculate" });
      if (named?.parallelToolCalls !== undefined) assert.equal(named.parallelToolCalls, false);
      suite.server.script(reply({ text: "c" }));
      await suite.driver.generate({
        messages: [user("x")],
        tools: suite.tools,
        toolChoice: "required",
      });
      assert.equal(suite.server.requests[2]?.heard.toolChoice, "required");
    },
  );

  const noStop = suite.lacks("stop sequences");
  it(
    noStop === undefined ? "sends stop sequences" : `refuses stop sequences (${noStop})`,
    async () => {
      if (noStop !== undefined) {
        const error = await rejection(
          suite.driver.generate({ messages: [user("x")], stopSequences: ["END"] }),
        );
        assert.ok(PromptRequestError.isInstance(error));
        assert.equal(suite.server.requests.length, 0);
        return;
      }
      suite.server.script(reply({ text: "one" }));
      await suite.driver.generate({ messages: [user("x")], stopSequences: ["END", "STOP"] });
      assert.deepEqual(suite.server.requests[0]?.heard.stop, ["END", "STOP"]);
    },
  );

  it("merges provider options into the request body last", async () => {
    suite.server.script(reply({ text: "ok" }));
    const family = suite.driver.provider.split(".")[0] ?? suite.driver.provider;
    await suite.driver.generate({
      messages: [user("x")],
      providerOptions: { [family]: { toolwright_probe: 1 }, other: { ignored: true } },
    });
    const body = suite.server.requests[0]?.body;
    assert.ok(isJsonObject(body));
    assert.equal(body.toolwright_probe, 1);
    assert.equal(body.ignored, undefined);
  });
}
