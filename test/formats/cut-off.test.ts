import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { JsonMarkerFormatName } from "../../src/formats/json/format-names.js";
import { parseToolCalls } from "../../src/formats/parse-tool-calls.js";
import type { ParsedToolCall } from "../../src/formats/tool-call-format.js";
import { formatReplies } from "./fixtures/format-replies.js";
import { type Builder, builders } from "./fixtures/json/builders.js";

// Every reply of the format tests cut at every position: the calls read from the cut reply are the
// complete ones the whole reply holds, in order, never a call with other input (issue 26). Without
// a finish reason, and with "length", nothing is closed.
describe("a reply cut at any position yields only calls the whole reply holds", () => {
  const own = formatReplies().filter(
    (entry, index, all) =>
      all.findIndex((e) => e.reply === entry.reply && e.format === entry.format) === index,
  );
  for (const { format, label, reply } of own) {
    const full = parseToolCalls(reply, { format }).calls;
    if (full.length === 0) continue;
    it(`${format}: ${label}`, () => {
      for (let end = 1; end < reply.length; end += 1) {
        const cut = reply.slice(0, end);
        for (const finishReason of [undefined, "length"]) {
          const read = parseToolCalls(cut, { format, finishReason });
          assertPrefix(
            read.calls,
            full,
            `${JSON.stringify(cut)} (${finishReason ?? "no finish reason"})`,
          );
        }
      }
    });
  }
});

function assertPrefix(
  calls: readonly ParsedToolCall[],
  full: readonly ParsedToolCall[],
  where: string,
): void {
  assert.ok(calls.length <= full.length, `${where}: ${calls.length} calls`);
  for (const [index, call] of calls.entries()) assert.deepEqual(call, full[index], where);
}

// The one cut the text cannot judge: JSON arguments that stop right after a whole value. The finish
// reason decides: a normal stop closes them, "length" never does; without one, only read-only
// callers close them.
describe("JSON arguments cut right after a whole value: the finish reason decides", () => {
  const weather = { name: "get_weather", arguments: { city: "Paris", unit: "celsius" } };
  for (const [format, builder] of Object.entries(builders) as [JsonMarkerFormatName, Builder][]) {
    it(format, () => {
      const reply = builder.calls([weather]);
      const cut = reply.slice(0, reply.indexOf('"celsius"') + '"celsius"'.length);
      for (const options of [
        {},
        { finishReason: "length" },
        { finishReason: "length", readOnly: true },
      ]) {
        const read = parseToolCalls(cut, { format, ...options });
        assert.deepEqual(read.calls, [], JSON.stringify(options));
        assert.equal(read.refused.length, 1, JSON.stringify(options));
      }
      for (const options of [
        { finishReason: "stop" },
        { finishReason: "tool-calls" },
        { readOnly: true },
      ]) {
        const [call, ...more] = parseToolCalls(cut, { format, ...options }).calls;
        assert.deepEqual(more, []);
        assert.equal(call?.name, "get_weather", JSON.stringify(options));
        assert.deepEqual(call?.arguments, weather.arguments);
        assert.match(call?.closedBrackets ?? "", /^[}\]]+$/);
      }
      // Cut inside a string, after a key or a comma: never closed.
      for (const end of ['"cels', '"unit"', '"unit":', '"Paris",']) {
        const inside = reply.slice(0, reply.indexOf(end) + end.length);
        const read = parseToolCalls(inside, { format, finishReason: "stop" });
        assert.deepEqual(read.calls, [], inside);
        assert.equal(read.refused.length, 1, inside);
      }
    });
  }
});

describe("pythonic calls after <|python_tag|> (issue 26, item 6)", () => {
  it("a dict argument with a \"name\" key is the pythonic format's, not Llama JSON's", () => {
    const reply = '<|python_tag|>create_user(data={"name": "Ada", "age": 36})<|eom_id|>';
    assert.deepEqual(parseToolCalls(reply), {
      calls: [{ name: "create_user", arguments: { data: { name: "Ada", age: 36 } } }],
      text: "",
      format: "pythonic",
      refused: [],
    });
    assert.deepEqual(parseToolCalls(reply, { format: "llama3-json" }).refused, []);
  });

  it("a cut pythonic reply is refused with the reason that asks for the whole call", () => {
    for (const reply of [
      '<|python_tag|>create_user(data={"name": "Ada", "ag',
      "<|python_tag|>create_user(data={'name': 'Ada'}",
      "<|python_tag|>create_us",
      "<|python_tag|>",
      "[get_weather(",
      "Sure.\n[get_weather(ci",
      "[get_weather(city='Par",
    ]) {
      const read = parseToolCalls(reply);
      assert.deepEqual(read.calls, [], reply);
      assert.equal(read.format, "pythonic", reply);
      assert.equal(read.refused.length, 1, reply);
      assert.match(
        read.refused[0]?.reason ?? "",
        /cut off\?\); send the complete call again/,
        reply,
      );
    }
  });
});
