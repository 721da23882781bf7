import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseToolCalls } from "../../src/formats/parse-tool-calls.js";
import { textSyntaxFormats } from "../../src/formats/text/index.js";
import { pythonicFormat } from "../../src/formats/text/pythonic.js";
import type { ParsedToolCalls, ToolCallFormatName } from "../../src/formats/tool-call-format.js";
import { harmonyFixtures } from "./fixtures/text/harmony-fixtures.js";
import { pythonicFixtures } from "./fixtures/text/pythonic-fixtures.js";
import type { FormatFixture } from "./fixtures/text/shared.js";
import { vendorFixtures } from "./fixtures/text/vendor-fixtures.js";
import { xmlFixtures } from "./fixtures/text/xml-fixtures.js";

const allFixtures = [...pythonicFixtures, ...xmlFixtures, ...harmonyFixtures, ...vendorFixtures];

function check(result: ParsedToolCalls, fixture: FormatFixture, format: ToolCallFormatName): void {
  assert.deepEqual(result.calls, fixture.calls);
  assert.equal(result.text, fixture.text);
  assert.equal(result.format, format);
  if (fixture.refused === undefined) {
    assert.deepEqual(result.refused, []);
  } else {
    assert.equal(result.refused.length, 1, JSON.stringify(result.refused));
    assert.match(result.refused[0]?.reason ?? "", fixture.refused);
  }
}

for (const { format, group, auto, fixtures } of allFixtures) {
  describe(`text format ${format}${group === undefined ? "" : ` — ${group}`}`, () => {
    for (const fixture of fixtures) {
      it(`${fixture.label}: reads the named format`, () => {
        check(parseToolCalls(fixture.reply, { format }), fixture, format);
      });
      if (auto === "none") {
        it(`${fixture.label}: auto-detection leaves it as text`, () => {
          const { calls, refused } = parseToolCalls(fixture.reply);
          assert.deepEqual({ calls, refused }, { calls: [], refused: [] });
        });
      } else {
        it(`${fixture.label}: auto-detection reads the same`, () => {
          check(parseToolCalls(fixture.reply), fixture, auto ?? format);
        });
      }
    }
  });
}

describe("text formats: every listed format has the five fixtures", () => {
  it("covers plain, several, text around, nested/unicode and truncated for each format", () => {
    const labels = [
      "plain call",
      "several calls",
      "text before and after",
      "nested and unicode",
      "truncated",
    ];
    const formats = new Set(allFixtures.map((entry) => entry.format));
    for (const { name } of textSyntaxFormats) assert.ok(formats.has(name), name);
    for (const entry of allFixtures) {
      assert.deepEqual(
        entry.fixtures.map((fixture) => fixture.label),
        labels,
        entry.format,
      );
    }
  });
});

const pythonicDetect = pythonicFormat.detect;

function read(reply: string, format?: ToolCallFormatName): ParsedToolCalls {
  return parseToolCalls(reply, format === undefined ? {} : { format });
}

describe("pythonic: never guesses", () => {
  it("leaves prose with brackets alone", () => {
    for (const reply of [
      "[see above]",
      "Use [f(x) for details] here.",
      "[1, 2, 3]",
      "Here is the list:\n[a, b]",
      "The call [f(a=1)] is how you'd write it.",
      "Call it like this: get_weather(city='Paris').",
    ]) {
      for (const format of ["pythonic", undefined] as const) {
        const result = read(reply, format);
        assert.deepEqual(result, { calls: [], text: reply, format: undefined, refused: [] }, reply);
      }
    }
  });

  it("refuses positional arguments instead of guessing their names", () => {
    for (const reply of ["[fn(1, 2)]", "<|python_tag|>fn(1, 2)"]) {
      const result = read(reply);
      assert.equal(result.format, "pythonic");
      assert.deepEqual(result.calls, []);
      assert.deepEqual(result.refused, [
        { reason: "positional arguments; name each argument (name=value)", raw: "fn(1, 2)" },
      ]);
    }
  });

  it("refuses one unreadable call and keeps its readable siblings", () => {
    const result = read(
      "<|python_start|>[bad(x=b'z'), get_weather(city='LA'), calc(x=1e999), f(a=g(1))]<|python_end|>",
    );
    assert.deepEqual(result.calls, [{ name: "get_weather", arguments: { city: "LA" } }]);
    assert.deepEqual(
      result.refused.map((entry) => entry.raw),
      ["bad(x=b'z')", "calc(x=1e999)", "f(a=g(1))"],
    );
    assert.match(result.refused[0]?.reason ?? "", /bytes/);
    assert.match(result.refused[1]?.reason ?? "", /not finite/);
    assert.match(result.refused[2]?.reason ?? "", /a call/);
  });

  it("refuses unbalanced brackets without reading any part of the call", () => {
    const result = read("<|python_start|>[foo(x=1])]<|python_end|>");
    assert.deepEqual(result.calls, []);
    assert.match(result.refused[0]?.reason ?? "", /unbalanced/);
  });

  it("does not claim JSON after <|python_tag|> (that is llama3-json)", () => {
    const reply = '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}';
    assert.equal(pythonicDetect(reply), false);
    assert.deepEqual(read(reply, "pythonic").calls, []);
    assert.equal(read(reply, "pythonic").format, undefined);
  });

  it("reads OLMo 3's JSON literals only in OLMo 3", () => {
    assert.deepEqual(read("<function_calls>f(a=true, b=null)</function_calls>").calls, [
      { name: "f", arguments: { a: true, b: null } },
    ]);
    assert.match(read("[f(a=true)]").refused[0]?.reason ?? "", /is a name/);
  });

  it("stays within the stack on hostile nesting, refusing it at the depth limit", () => {
    const result = read(`[f(a=${"[".repeat(100_000)}${"]".repeat(100_000)})]`);
    assert.match(result.refused[0]?.reason ?? "", /deeper than 256/);
    assert.ok((result.refused[0]?.raw.length ?? 0) <= 500);
  });
});

describe("XML parameter values: only unambiguous conversions", () => {
  const qwen = (value: string) =>
    read(
      `<tool_call>\n<function=f>\n<parameter=v>\n${value}\n</parameter>\n</function>\n</tool_call>`,
    ).calls[0]?.arguments;

  it("keeps every value as the text written (the schema decides, in the toolbox)", () => {
    for (const text of [
      "42",
      "-1.5",
      "false",
      "null",
      '"quoted"',
      "007",
      "True",
      "1e999",
      "[1, 2]",
    ]) {
      assert.deepEqual(qwen(text), { v: text });
    }
    assert.deepEqual(qwen("def f():\n    return 1"), { v: "def f():\n    return 1" });
  });

  it('keeps string="true" DSML values as text and refuses string="false" values that are not JSON', () => {
    const dsml = (flag: string, value: string) =>
      read(
        `<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="v" string="${flag}">${value}</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>`,
      );
    assert.deepEqual(dsml("true", "42").calls, [{ name: "f", arguments: { v: "42" } }]);
    assert.deepEqual(dsml("false", "[1, 2]").calls, [{ name: "f", arguments: { v: [1, 2] } }]);
    assert.match(dsml("false", "Paris").refused[0]?.reason ?? "", /not JSON/);
  });
});

describe("XML formats: malformed and cut-off calls are refused whole", () => {
  it("refuses a parameter without </parameter> and keeps the calls before it", () => {
    const result = read(
      "<tool_call>\n<function=get_time>\n<parameter=city>\nTokyo\n</parameter>\n</function>\n</tool_call>\n" +
        "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</function>\n</tool_call>",
    );
    assert.deepEqual(result.calls, [{ name: "get_time", arguments: { city: "Tokyo" } }]);
    assert.match(result.refused[0]?.reason ?? "", /"city" is not closed with <\/parameter>/);
  });

  it("refuses an unclosed GLM call even when its last argument is complete", () => {
    const result = read(
      "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>",
    );
    assert.equal(result.format, "glm45");
    assert.deepEqual(result.calls, []);
    assert.match(result.refused[0]?.reason ?? "", /cut off/);
  });

  it("does not run calls written inside the reasoning", () => {
    const reply =
      "<think>I could write <tool_call>\n<function=rm>\n</function>\n</tool_call></think>Nothing to do.";
    assert.deepEqual(read(reply, "qwen3-coder"), {
      calls: [],
      text: reply,
      format: undefined,
      refused: [],
    });
  });

  it("reads MiniMax-M2 names with or without quotes", () => {
    const result = read(
      "<minimax:tool_call><invoke name=get_time><parameter name='city'>Tokyo</parameter></invoke></minimax:tool_call>",
    );
    assert.deepEqual(result.calls, [{ name: "get_time", arguments: { city: "Tokyo" } }]);
  });

  it("refuses Step-3 calls that are not functions", () => {
    const result = read(
      '<｜tool_calls_begin｜><｜tool_call_begin｜>retrieval<｜tool_sep｜><steptml:invoke name="f"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    );
    assert.match(result.refused[0]?.reason ?? "", /only function calls/);
  });

  it("does not mistake Hermes JSON in <tool_call> for an XML format", () => {
    const reply = '<tool_call>{"name": "f", "arguments": {}}</tool_call>';
    for (const format of textSyntaxFormats) assert.equal(format.detect(reply), false, format.name);
  });
});

describe("harmony: only functions.* recipients are calls", () => {
  const message = (header: string, body: string, end = "<|call|>") =>
    `<|start|>assistant<|channel|>commentary ${header}<|message|>${body}${end}`;

  it("refuses built-in tool recipients and non-JSON json-typed arguments", () => {
    const result = read(
      message("to=browser.search <|constrain|>json", '{"q": "x"}') +
        message("to=functions.f <|constrain|>json", "not json"),
    );
    assert.deepEqual(result.calls, []);
    assert.match(result.refused[0]?.reason ?? "", /not a function call/);
    assert.match(result.refused[1]?.reason ?? "", /not valid JSON/);
  });

  it("passes untyped non-JSON arguments on as text and reads empty arguments as {}", () => {
    const result = read(
      message("to=functions.echo", "foo") + message("to=functions.now <|constrain|>json", ""),
    );
    assert.deepEqual(result.calls, [
      { name: "echo", arguments: "foo" },
      { name: "now", arguments: {} },
    ]);
  });

  it("accepts a complete JSON object whose <|call|> stop token was stripped", () => {
    const result = read(message("to=functions.f <|constrain|>json", '{"a": 1}', ""));
    assert.deepEqual(result.calls, [{ name: "f", arguments: { a: 1 } }]);
    assert.deepEqual(result.refused, []);
  });
});
