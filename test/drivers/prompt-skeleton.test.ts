import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createPromptDriver,
  type ProviderSpec,
  type StreamFold,
} from "../../src/drivers/shared/create-prompt-driver.js";
import {
  type FailureContext,
  settleFailure,
  streamEndedEarly,
} from "../../src/drivers/shared/driver-failure.js";
import type { ProviderCall } from "../../src/drivers/shared/provider-call.js";
import { makeUsage } from "../../src/drivers/shared/usage.js";
import { type MessageVisitor, visitMessages } from "../../src/drivers/shared/visit-messages.js";
import type { PromptMessage, PromptRequest, PromptStreamEvent } from "../../src/drivers/spec.js";
import {
  collectStream,
  PromptDriverError,
  PromptRequestError,
  TextArtifact,
} from "../../src/index.js";

/** A provider's answer: words, then a full stop word that ends it (`.`), as a stream sends them. */
interface Answer {
  words: string[];
  finish: string;
}

/** Folds streamed words back into the answer; a stream without its `.` is cut short. */
class WordFold implements StreamFold<string, Answer> {
  readonly #words: string[] = [];
  #ended = false;

  *add(word: string): Generator<PromptStreamEvent> {
    if (word === ".") {
      this.#ended = true;
      return;
    }
    this.#words.push(word);
    yield { type: "text-delta", delta: word };
  }

  complete(context: FailureContext): Answer {
    if (!this.#ended) throw streamEndedEarly(context, "the full stop");
    return { words: this.#words, finish: "done" };
  }
}

/** What the fake provider saw and did, for the assertions. */
interface Journal {
  connects: number;
  sent: { stream: boolean; body: string }[];
  started: number;
  ended: number;
  failures: { error: unknown; phase: FailureContext["phase"] }[];
}

/**
 * A provider spec over an in-memory "API" whose answer is `words`; `failAt` makes the whole call
 * throw, or the stream throw after that many words.
 */
function fakeProvider(
  words: string[],
  options: { failAt?: number; textToolCalls?: boolean } = {},
): { spec: ProviderSpec<string, Journal, Answer, string>; journal: Journal } {
  const journal: Journal = { connects: 0, sent: [], started: 0, ended: 0, failures: [] };
  const boom = new Error("connection reset");
  const spec: ProviderSpec<string, Journal, Answer, string> = {
    driver: "FakePromptDriver",
    provider: "fake",
    model: "fake-1",
    connect: async () => {
      journal.connects++;
      const call: ProviderCall<Journal> = {
        client: journal,
        failure: (error, context) => {
          journal.failures.push({ error, phase: context.phase });
          return settleFailure(error, context, () => undefined);
        },
        started: () => journal.started++,
        end: () => journal.ended++,
      };
      return call;
    },
    body: (request) => {
      const first = request.messages[0];
      if (first?.role !== "user" || typeof first.content !== "string") {
        throw new PromptRequestError({
          provider: "fake",
          model: "fake-1",
          path: "messages[0]",
          message: "must be text from the user",
        });
      }
      return first.content;
    },
    send: async (client, body) => {
      client.sent.push({ stream: false, body });
      if (options.failAt !== undefined) throw boom;
      return { words, finish: "done" };
    },
    sendStream: async (client, body) => {
      client.sent.push({ stream: true, body });
      return (async function* () {
        for (const [index, word] of [...words, "."].entries()) {
          if (index === options.failAt) throw boom;
          yield word;
        }
      })();
    },
    convert: (answer) => ({
      text: answer.words.join(" "),
      toolCalls: [],
      finishReason: "stop",
      rawFinishReason: answer.finish,
      usage: makeUsage(1, answer.words.length),
    }),
    fold: () => new WordFold(),
    ...(options.textToolCalls === true && {
      textToolCalls: (text: string) => {
        const match = /^CALL (\w+)$/.exec(text);
        return match?.[1] === undefined
          ? undefined
          : { text: "", toolCalls: [{ id: "t0", name: match[1], arguments: {} }] };
      },
    }),
  };
  return { spec, journal };
}

const ask = (text: string, extra: Partial<PromptRequest> = {}): PromptRequest => ({
  messages: [{ role: "user", content: text }],
  ...extra,
});

async function drain(events: AsyncIterable<PromptStreamEvent>): Promise<PromptStreamEvent[]> {
  const seen: PromptStreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("expected a rejection");
}

describe("the generate/stream skeleton", () => {
  it("streams the deltas, then finishes with the response generate returns for the same answer", async () => {
    const { spec, journal } = fakeProvider(["six", "times", "seven"]);
    const driver = createPromptDriver(spec);
    const whole = await driver.generate(ask("6*7?"));
    const events = await drain(driver.stream(ask("6*7?")));
    assert.deepEqual(events, [
      { type: "text-delta", delta: "six" },
      { type: "text-delta", delta: "times" },
      { type: "text-delta", delta: "seven" },
      { type: "finish", response: whole },
    ]);
    assert.equal(whole.text, "six times seven");
    assert.deepEqual(journal.sent, [
      { stream: false, body: "6*7?" },
      { stream: true, body: "6*7?" },
    ]);
    assert.equal(journal.started, 1, "only the stream reports that its answer started");
    assert.equal(journal.ended, 2);
  });

  it("builds the body before connecting: a request the API cannot take sends nothing", async () => {
    const { spec, journal } = fakeProvider(["x"]);
    const driver = createPromptDriver(spec);
    const request: PromptRequest = { messages: [{ role: "system", content: "no user" }] };
    assert.ok(PromptRequestError.isInstance(await rejection(driver.generate(request))));
    assert.ok(
      PromptRequestError.isInstance(await rejection(collectStream(driver.stream(request)))),
    );
    assert.equal(journal.connects, 0);
  });

  it("rejects with the reason of a signal aborted before the call, without connecting", async () => {
    const { spec, journal } = fakeProvider(["x"]);
    const driver = createPromptDriver(spec);
    const controller = new AbortController();
    controller.abort(new Error("user gave up"));
    const options = { signal: controller.signal };
    assert.equal(
      (await rejection(driver.generate(ask("x"), options))) as Error,
      controller.signal.reason,
    );
    const streamed = await rejection(collectStream(driver.stream(ask("x"), options)));
    assert.equal(streamed, controller.signal.reason);
    assert.equal(journal.connects, 0);
  });

  it("checks the call options, naming the driver", async () => {
    const { spec } = fakeProvider(["x"]);
    const error = await rejection(
      createPromptDriver(spec).generate(ask("x"), { signal: "soon" as unknown as AbortSignal }),
    );
    assert.match(String(error), /FakePromptDriver/);
    assert.match(String(error), /signal/);
  });

  it("maps a failure through the call that failed, in the phase it failed in, and ends the call", async () => {
    const whole = fakeProvider(["x"], { failAt: 0 });
    const error = await rejection(createPromptDriver(whole.spec).generate(ask("x")));
    assert.ok(PromptDriverError.isInstance(error));
    assert.equal(error.code, "provider_connection_error");
    assert.equal(error.providerMessage, "connection reset");
    assert.deepEqual(
      whole.journal.failures.map((failure) => failure.phase),
      ["request"],
    );
    assert.equal(whole.journal.ended, 1);

    const broken = fakeProvider(["a", "b", "c"], { failAt: 2 });
    const seen: PromptStreamEvent[] = [];
    const streamed = await rejection(
      (async () => {
        for await (const event of createPromptDriver(broken.spec).stream(ask("x")))
          seen.push(event);
      })(),
    );
    assert.ok(PromptDriverError.isInstance(streamed));
    assert.equal(streamed.code, "provider_stream_error");
    assert.deepEqual(
      seen.map((event) => event.type),
      ["text-delta", "text-delta"],
    );
    assert.deepEqual(
      broken.journal.failures.map((failure) => failure.phase),
      ["stream"],
    );
    assert.equal(broken.journal.ended, 1);
  });

  it("reports a stream that ends before its last event as a provider_stream_error", async () => {
    const { spec } = fakeProvider(["a"]);
    const cut: ProviderSpec<string, Journal, Answer, string> = {
      ...spec,
      sendStream: async () =>
        (async function* () {
          yield "a";
        })(),
    };
    const error = await rejection(collectStream(createPromptDriver(cut).stream(ask("x"))));
    assert.ok(PromptDriverError.isInstance(error));
    assert.equal(error.code, "provider_stream_error");
    assert.equal(error.providerMessage, "the stream ended before the full stop");
  });

  it("ends the call when the consumer stops reading early", async () => {
    const { spec, journal } = fakeProvider(["a", "b", "c"]);
    for await (const event of createPromptDriver(spec).stream(ask("x"))) {
      if (event.type === "text-delta") break;
    }
    assert.equal(journal.ended, 1);
    assert.deepEqual(journal.failures, []);
  });

  it("reads tool calls written as text only when the request had tools and the answer no calls", async () => {
    const tools = [{ type: "function", function: { name: "Calc_calculate", parameters: {} } }];
    const { spec } = fakeProvider(["CALL", "Calc_calculate"], { textToolCalls: true });
    const driver = createPromptDriver(spec);
    const read = await driver.generate(ask("x", { tools }));
    assert.equal(read.text, "");
    assert.deepEqual(read.toolCalls, [{ id: "t0", name: "Calc_calculate", arguments: {} }]);
    assert.equal(read.finishReason, "tool-calls");
    assert.deepEqual(await collectStream(driver.stream(ask("x", { tools }))), read);

    const untouched = await driver.generate(ask("x"));
    assert.equal(untouched.text, "CALL Calc_calculate");
    assert.equal(untouched.finishReason, "stop");
    const plain = fakeProvider(["CALL", "Calc_calculate"]);
    const notRead = await createPromptDriver(plain.spec).generate(ask("x", { tools }));
    assert.deepEqual(notRead.toolCalls, []);
  });
});

describe("the message walk", () => {
  const calls = [
    { id: "c1", name: "T_a", arguments: {} },
    { id: "c2", name: "T_b", arguments: {} },
  ];
  const result = (toolCallId: string): PromptMessage => ({
    role: "tool",
    toolCallId,
    toolName: "T_a",
    artifact: new TextArtifact("1"),
  });

  function record(messages: readonly PromptMessage[]): string[] {
    const seen: string[] = [];
    const visitor: MessageVisitor = {
      system: (message) => seen.push(`system:${message.content}`),
      user: () => seen.push("user"),
      assistant: (message) => seen.push(`assistant:${message.toolCalls?.length ?? 0}`),
      toolResults: (results) => seen.push(`tools:${results.map((r) => r.toolCallId).join(",")}`),
    };
    visitMessages({ provider: "fake", model: "fake-1" }, messages, visitor);
    return seen;
  }

  it("hands each message over in order, consecutive tool results as one run", () => {
    assert.deepEqual(
      record([
        { role: "system", content: "s" },
        { role: "user", content: "u" },
        { role: "assistant", content: "", toolCalls: calls },
        result("c1"),
        result("c2"),
        { role: "assistant", content: "", toolCalls: [calls[0] ?? assert.fail()] },
        result("c1"),
      ]),
      ["system:s", "user", "assistant:2", "tools:c1,c2", "assistant:1", "tools:c1"],
    );
  });

  it("names an unknown role by the message's own index, after a run of tool results too", () => {
    const messages = [
      { role: "user", content: "u" },
      { role: "assistant", content: "", toolCalls: calls },
      result("c1"),
      result("c2"),
      { role: "robot", content: "beep" },
    ] as unknown as PromptMessage[];
    assert.throws(
      () => record(messages),
      (error) =>
        PromptRequestError.isInstance(error) &&
        /messages\[4\]\.role: unknown role "robot"/.test(error.message),
    );
  });

  it("rejects a tool result that answers no call before anything is handed over", () => {
    const seen: string[] = [];
    assert.throws(
      () =>
        visitMessages(
          { provider: "fake", model: "fake-1" },
          [{ role: "user", content: "u" }, result("c9")],
          {
            system: () => seen.push("system"),
            user: () => seen.push("user"),
            assistant: () => seen.push("assistant"),
            toolResults: () => seen.push("tools"),
          },
        ),
      /messages\[1\]\.toolCallId: "c9" answers no tool call/,
    );
    assert.deepEqual(seen, []);
  });
});
