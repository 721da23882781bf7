// The shared reader of calls between markers (src/formats/tag-calls/): its scanner finds what
// indexOf finds while passing over the reply once per marker, its attribute readers read what the
// regular expressions they replace read, and the formats built on it stay linear on hostile replies.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parseToolCalls } from "../../src/formats/parse-tool-calls.js";
import { MarkerScan } from "../../src/formats/tag-calls/marker-scan.js";
import { quotedAttributes, readTagAttributes } from "../../src/formats/tag-calls/tag-attributes.js";
import type { ToolCallFormatName } from "../../src/formats/tool-call-format.js";

/**
 * The characters `String.prototype.indexOf` passes over while `run` runs: the work of every marker
 * search, counted rather than timed.
 */
function searchWork(run: () => void): number {
  const indexOf = String.prototype.indexOf;
  let work = 0;
  String.prototype.indexOf = function (this: string, search: string, position?: number) {
    const from = Math.min(Math.max(0, Math.trunc(position ?? 0)), this.length);
    const at = indexOf.call(this, search, from);
    work += (at < 0 ? this.length : at + search.length) - from;
    return at;
  } as typeof indexOf;
  try {
    run();
  } finally {
    String.prototype.indexOf = indexOf;
  }
  return work;
}

const text = (alphabet: readonly string[], maxLength = 60) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((parts) => parts.join(""));

describe("MarkerScan", () => {
  it("finds what indexOf finds, whatever order the searches come in", () => {
    const markers = ["</a>", "<a", ">", "\n"];
    fc.assert(
      fc.property(
        text(["<", "/", "a", ">", "\n", " ", "b"]),
        fc.array(fc.tuple(fc.constantFrom(...markers), fc.nat(70)), { maxLength: 30 }),
        (reply, searches) => {
          const scan = new MarkerScan(reply);
          for (const [marker, from] of searches) {
            assert.equal(scan.find(marker, from), reply.indexOf(marker, from), `${marker} ${from}`);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("passes over the text once per marker while the searches move forward", () => {
    const reply = "x".repeat(10_000);
    const scan = new MarkerScan(reply);
    const work = searchWork(() => {
      for (let from = 0; from < reply.length; from += 1) scan.find("</parameter>", from);
    });
    assert.equal(work, reply.length);
  });
});

// The regular expressions the attribute readers replace (backtracking ones, re-run at each place).
function attributesByRegExp(tag: string, from: number): [number, [string, string][]] | undefined {
  const attribute = /\s+(\w+)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s>]+))/y;
  const read: [string, string][] = [];
  let at = from;
  for (;;) {
    attribute.lastIndex = at;
    const match = attribute.exec(tag);
    if (match === null) break;
    read.push([match[1] as string, match[2] ?? match[3] ?? match[4] ?? ""]);
    at = attribute.lastIndex;
  }
  while (at < tag.length && /\s/.test(tag[at] as string)) at += 1;
  return tag[at] === ">" ? [at + 1, read] : undefined;
}

describe("tag attributes: one pass, the readings of the expressions they replace", () => {
  // Whole pieces of attributes as well as single characters, so most tags are nearly well formed.
  const alphabet = [
    ...[" name=", " a = ", ' k="v"', " k='v'", ' k="v', " k=v", '"v"', "'v'", '"', "'"],
    ...["k=v", 'k="v"', " ", "\n", "=", ">", "x_1", "y z", "<", "&quot;"],
  ];

  it("readTagAttributes reads ` key=value` pairs up to `>` as the sticky expression did", () => {
    fc.assert(
      fc.property(text(alphabet), fc.nat(8), (tag, offset) => {
        const from = Math.min(offset, tag.length);
        const read = readTagAttributes(tag, from);
        const expected = attributesByRegExp(tag, from);
        const last = new Map(expected?.[1]);
        assert.deepEqual(
          read === undefined ? undefined : [read.end, [...read.attributes]],
          expected === undefined ? undefined : [expected[0], [...last]],
          `${JSON.stringify(tag)} from ${from}`,
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('quotedAttributes finds every key="value" as a global match did', () => {
    fc.assert(
      fc.property(text(alphabet), fc.nat(10), (span, cut) => {
        const end = Math.max(0, span.length - cut);
        const expected = new Map<string, string>();
        for (const match of span.slice(0, end).matchAll(/(\w+)="([^"]*)"/g)) {
          expected.set(match[1] as string, match[2] as string);
        }
        assert.deepEqual([...quotedAttributes(span, 0, end)], [...expected], JSON.stringify(span));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("arg pairs: a key, a type and a value each end at their own closing tag", () => {
  it("refuses a key that would only be complete by running across </arg_key>", () => {
    const reply =
      "<tool_call>f<arg_key>city</arg_key>Paris</arg_key><arg_value>1</arg_value></tool_call>";
    const result = parseToolCalls(reply, { format: "glm45" });
    assert.deepEqual(result.calls, []);
    assert.match(result.refused[0]?.reason ?? "", /expected <arg_key>k<\/arg_key> and its value/);
  });

  it("refuses a type tag that would only be complete by running across </arg_type>", () => {
    const reply =
      "<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>a</ifm|arg_key><ifm|arg_type>string</ifm|arg_type>" +
      "<b></ifm|arg_type><ifm|arg_value>1</ifm|arg_value></ifm|tool_call></ifm|tool_calls>";
    const result = parseToolCalls(reply, { format: "k2-horizon" });
    assert.deepEqual(result.calls, []);
    assert.equal(result.refused.length, 1);
  });
});

describe("sectioned calls: each marker search passes over the reply once", () => {
  const b = "<｜tool▁call▁begin｜>";
  const sep = "<｜tool▁sep｜>";
  const e = "<｜tool▁call▁end｜>";
  const hostile: [ToolCallFormatName, string][] = [
    // No separator anywhere: each call's search for one used to run to the end of the reply.
    ["deepseek-v31", `${b}f${e}`],
    ["kimi-k2", "<|tool_call_begin|>functions.f:0<|tool_call_end|>"],
    // No newline after the name: each call's search for the fence used to run to the end.
    ["deepseek-v3", `${b}function${sep}f${e}`],
  ];

  for (const [format, call] of hostile) {
    it(`${format}: twice the calls, twice the work`, () => {
      const read = (count: number) => {
        let refused = 0;
        const work = searchWork(() => {
          refused = parseToolCalls(call.repeat(count), { format }).refused.length;
        });
        assert.equal(refused, count);
        return work;
      };
      const once = read(500);
      assert.ok(read(1000) <= 2.1 * once, `${format}: work grew faster than the reply`);
    });
  }
});
