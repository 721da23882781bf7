import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { aliasFormats } from "../../src/formats/format-aliases.js";
import { parseToolCalls, toolCallFormatNames } from "../../src/formats/parse-tool-calls.js";
import { measureWork } from "../../src/formats/reply/work-meter.js";
import {
  parseToolCallsStream,
  type ToolCallStreamEvent,
  ToolCallStreamReader,
} from "../../src/formats/stream/tool-call-stream.js";
import type { ParsedToolCall, ToolCallFormatName } from "../../src/formats/tool-call-format.js";
import { formatReplies } from "./fixtures/format-replies.js";
import { issueProse, moreProse } from "./fixtures/prose-replies.js";

type Format = ToolCallFormatName | "auto";

const aliasNames = new Set<string>(aliasFormats.map((alias) => alias.name));

/** What a reply reads as whole, as `format`: the result every chunking must end with. */
interface Whole {
  readonly format: Format;
  /** The format fed chunks are read as: "auto" settles on one format. */
  readonly settled: Format;
  readonly result: ReturnType<typeof parseToolCalls>;
}

function readWhole(reply: string, format: Format): Whole {
  const settled = format === "auto" ? (parseToolCalls(reply).format ?? "auto") : format;
  return { format, settled, result: parseToolCalls(reply, { format }) };
}

/** Feeds `chunks` to a reader and checks every event against the reply read whole. */
function stream(chunks: readonly string[], { format, settled, result: whole }: Whole) {
  const reader = new ToolCallStreamReader({ format });
  const calls: ParsedToolCall[] = [];
  let text = "";
  let fed = "";
  const take = (events: ToolCallStreamEvent[]) => {
    for (const event of events) {
      if (event.type === "text-delta") text += event.delta;
      else if (event.type === "tool-call") {
        calls.push(event.call);
        // Only then: the call is complete in what was fed so far.
        const sofar = parseToolCalls(fed, { format: settled }).calls;
        assert.deepEqual(
          sofar[calls.length - 1],
          event.call,
          `yielded before complete: ${JSON.stringify(fed)}`,
        );
      }
    }
  };
  for (const chunk of chunks) {
    fed += chunk;
    take(reader.push(chunk));
  }
  const end = reader.end();
  take(end);
  const finish = end.at(-1);
  assert.ok(finish?.type === "finish");
  assert.deepEqual(finish.result, whole);
  return { calls, text };
}

function splits(reply: string): string[][] {
  const all: string[][] = [];
  for (let at = 1; at < reply.length; at += 1) all.push([reply.slice(0, at), reply.slice(at)]);
  return all;
}

// A seeded generator, so a failure names a chunking that can be replayed.
function randomChunks(reply: string, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const chunks: string[] = [];
  for (let at = 0; at < reply.length; ) {
    const size = 1 + Math.floor(next() * 12);
    chunks.push(reply.slice(at, at + size));
    at += size;
  }
  return chunks;
}

describe("the streaming reader yields what parseToolCalls reads (issue 26)", () => {
  for (const { format, label, reply } of formatReplies()) {
    it(`${format}: ${label}`, () => {
      const chunkings = [
        // An alias reads with its target's reader (format-aliases.ts), whose every split runs
        // under the target's own name: the alias gets the other chunkings.
        ...(aliasNames.has(format) ? [] : splits(reply)),
        ...[1, 2, 3, 4, 5].map((seed) => randomChunks(reply, seed)),
        [...reply],
      ];
      // The reply read whole, once: as its format, and as "auto" when that settles on the same one.
      const wholes = [readWhole(reply, format)];
      if (parseToolCalls(reply).format === wholes[0]?.result.format)
        wholes.push(readWhole(reply, "auto"));
      for (const chunks of chunkings) {
        for (const whole of wholes) {
          const named = whole.format;
          const { calls, text } = stream(chunks, whole);
          assert.deepEqual(calls, whole.result.calls, `${named}: ${JSON.stringify(chunks)}`);
          if (named === format)
            assert.equal(text, whole.result.text, `${named}: ${JSON.stringify(chunks)}`);
        }
      }
    });
  }

  it("prose that talks about a call yields no call, whatever the chunking", () => {
    for (const { reply, format } of [...issueProse, ...moreProse]) {
      for (const chunks of [[...reply], randomChunks(reply, 7)]) {
        for (const named of [format, "auto"] as const) {
          assert.deepEqual(stream(chunks, readWhole(reply, named)).calls, [], reply);
        }
      }
    }
  });

  it("yields each call as soon as the chunk that completes it arrives", () => {
    const reader = new ToolCallStreamReader({ format: "hermes" });
    const first = '<tool_call>{"name": "a", "arguments": {}}</tool_call>';
    assert.deepEqual(reader.push('Let me check.\n<tool_call>{"name": "a", '), [
      { type: "text-delta", delta: "Let me check." },
    ]);
    assert.deepEqual(reader.push('"arguments": {}}</tool_call>\n<tool_call>{"name": "b"'), [
      { type: "tool-call", call: { name: "a", arguments: {} } },
    ]);
    assert.deepEqual(reader.push(', "arguments": {"x": 1}}</tool_call>'), [
      { type: "tool-call", call: { name: "b", arguments: { x: 1 } } },
    ]);
    const end = reader.end();
    assert.equal(end.at(-1)?.type, "finish");
    assert.ok(first.length > 0);
  });

  it("reads an async iterable of chunks", async () => {
    async function* chunks() {
      yield "[get_weather(city=";
      yield "'Paris')]";
    }
    const events: ToolCallStreamEvent[] = [];
    for await (const event of parseToolCallsStream(chunks(), { format: "pythonic" }))
      events.push(event);
    assert.deepEqual(events[0], {
      type: "tool-call",
      call: { name: "get_weather", arguments: { city: "Paris" } },
    });
    assert.equal(events.at(-1)?.type, "finish");
  });
});

describe("the streaming reader's work grows linearly, whatever the chunking", () => {
  const sample = '<tool_call>{"name": "f", "arguments": {"a": "x"}}</tool_call>\n';
  const cases: [Format, string][] = [
    ["hermes", sample],
    ["auto", sample],
    ["auto", "Just some prose, with no call at all. "],
    ["hermes", '<tool_call>{"name": "f", "arguments": {"a": "'],
    ["pythonic", "[f(a=1)]\n"],
    [
      "deepseek-v31",
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜>',
    ],
  ];
  for (const [format, unit] of cases) {
    it(`${format}: ${JSON.stringify(unit.slice(0, 30))} repeated, fed in small chunks`, () => {
      const works = [4_000, 8_000, 16_000].map((size) => {
        const reply = unit.repeat(Math.ceil(size / unit.length));
        const chunks = randomChunks(reply, 3);
        return measureWork(() => {
          const reader = new ToolCallStreamReader({ format });
          for (const chunk of chunks) reader.push(chunk);
          reader.end();
        }).work;
      });
      for (let i = 1; i < works.length; i += 1) {
        assert.ok((works[i] as number) <= 2.6 * (works[i - 1] as number), works.join(" → "));
      }
    });
  }

  it("names every format it can stream", () => {
    for (const format of toolCallFormatNames())
      assert.doesNotThrow(() => new ToolCallStreamReader({ format }));
  });
});
