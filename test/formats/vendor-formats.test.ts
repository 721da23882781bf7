import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { aliasFormats, aliasTarget } from "../../src/formats/format-aliases.js";
import { parseToolCalls, toolCallFormatNames } from "../../src/formats/parse-tool-calls.js";
import { leadingTextSyntaxFormats, textSyntaxFormats } from "../../src/formats/text/index.js";
import type { ParsedToolCalls, ToolCallFormatName } from "../../src/formats/tool-call-format.js";
import { type Builder, builders } from "./fixtures/json/builders.js";
import { harmonyFixtures } from "./fixtures/text/harmony-fixtures.js";
import { pythonicFixtures } from "./fixtures/text/pythonic-fixtures.js";
import { vendorFixtures } from "./fixtures/text/vendor-fixtures.js";
import { xmlFixtures } from "./fixtures/text/xml-fixtures.js";

function read(reply: string, format?: ToolCallFormatName): ParsedToolCalls {
  return parseToolCalls(reply, format === undefined ? {} : { format });
}

describe("aliases read with their target's parser", () => {
  const older = [...pythonicFixtures, ...xmlFixtures, ...harmonyFixtures];
  const reply = (format: ToolCallFormatName): string => {
    const builder = (builders as Partial<Record<string, Builder>>)[format];
    if (builder !== undefined) return builder.calls([{ name: "f", arguments: { a: 1 } }]);
    const fixture = older.find((entry) => entry.format === format)?.fixtures[1];
    assert.ok(fixture !== undefined, format);
    return fixture.reply;
  };

  for (const alias of aliasFormats) {
    it(`${alias.name} reads as ${aliasTarget(alias.name as never)} and reports its own name`, () => {
      const target = aliasTarget(alias.name as never);
      const text = reply(target);
      const named = read(text, alias.name);
      const original = read(text, target);
      assert.ok(original.calls.length > 0);
      assert.deepEqual(named, { ...original, format: alias.name });
      // Auto-detection reports the target, never the alias.
      assert.equal(read(text).format, target);
      assert.equal(alias.detect(text), false);
    });
  }

  it("lists the aliases among the format names, after every detected format", () => {
    const names = toolCallFormatNames();
    for (const alias of aliasFormats) assert.ok(names.includes(alias.name), alias.name);
    assert.equal(names.at(-1), aliasFormats.at(-1)?.name);
  });

  it("names every format and alias in the formats table of docs/dialects.md", () => {
    const docs = readFileSync(new URL("../../docs/dialects.md", import.meta.url), "utf8");
    for (const name of toolCallFormatNames()) assert.ok(docs.includes(`\`${name}\``), name);
  });

  it("reports nothing for an alias whose target finds no call", () => {
    assert.deepEqual(read("just text", "granite4"), {
      calls: [],
      text: "just text",
      format: undefined,
      refused: [],
    });
  });
});

describe("new formats never claim another format's reply", () => {
  const replies = [...pythonicFixtures, ...xmlFixtures, ...harmonyFixtures, ...vendorFixtures]
    .flatMap((entry) => entry.fixtures.map((fixture) => ({ format: entry.format, ...fixture })))
    .concat(
      Object.entries(builders).map(([format, builder]) => ({
        format: format as ToolCallFormatName,
        reply: builder.calls([{ name: "get_weather", arguments: { city: "Paris" } }]),
      })) as never[],
    );

  it("auto-detection reads each reply as its own format", () => {
    for (const { format, reply } of replies) {
      const detected = read(reply).format;
      if (format === "granite-pythonic") assert.equal(detected, undefined, reply);
      else if (format !== "qwen3-xml") assert.equal(detected, format, reply);
    }
  });

  it("each marked text format's test is false on every other format's reply", () => {
    // Formats that share a syntax on purpose, or whose overlap the auto order settles (Hunyuan V4's
    // calls are GLM's inside <tool_calls>, and Hunyuan is tried first).
    const shared = [
      ["qwen3-coder", "qwen3-xml"],
      ["hy-v3", "hy-v4"],
      ["pythonic", "llama4-pythonic"],
      ["glm45", "hy-v4"],
    ];
    const related = (a: string, b: string) =>
      a === b || shared.some((pair) => pair.includes(a) && pair.includes(b));
    for (const format of [...leadingTextSyntaxFormats, ...textSyntaxFormats]) {
      for (const { format: owner, reply } of replies) {
        if (related(format.name, owner)) continue;
        assert.equal(format.detect(reply), false, `${format.name} on ${owner}: ${reply}`);
      }
    }
  });
});

describe("pythonic: tool names with '-' and '.'", () => {
  it("reads dashed and dotted names in every pythonic format", () => {
    assert.deepEqual(read('[get-weather(city="Paris")]').calls, [
      { name: "get-weather", arguments: { city: "Paris" } },
    ]);
    assert.deepEqual(read("<|python_tag|>web-search.run(q='x')<|eom_id|>").calls, [
      { name: "web-search.run", arguments: { q: "x" } },
    ]);
    assert.deepEqual(
      read("<|tool_call_start|>[send-mail(to='a'), tool-2fa(code=1)]<|tool_call_end|>").calls,
      [
        { name: "send-mail", arguments: { to: "a" } },
        { name: "tool-2fa", arguments: { code: 1 } },
      ],
    );
    assert.deepEqual(read("<function_calls>get-time(city=null)</function_calls>").calls, [
      { name: "get-time", arguments: { city: null } },
    ]);
  });

  it("never reads a subtraction as a call", () => {
    for (const reply of ["[a - b(x=1)]", "[a -b(x=1)]", "[a- b(x=1)]", "[get-(x=1)]"]) {
      assert.deepEqual(read(reply), { calls: [], text: reply, format: undefined, refused: [] });
    }
    const mixed = read("[f(x=1), a - b(y=2)]");
    assert.deepEqual(mixed.calls, [{ name: "f", arguments: { x: 1 } }]);
    assert.match(mixed.refused[0]?.reason ?? "", /expected a call/);
    assert.equal(mixed.refused[0]?.raw, "a - b(y=2)]");
  });
});

describe("format-specific cases", () => {
  it("gemma4: bare values are typed, quoted values stay text, keys may be quoted", () => {
    const result = read(
      '<|tool_call>call:set{<|"|>a b<|"|>:1,n:-2.5e3,t:<|"|>true<|"|>,x:nil,e:{},l:[]}<tool_call|>',
    );
    assert.deepEqual(result.calls, [
      { name: "set", arguments: { "a b": 1, n: -2500, t: "true", x: "nil", e: {}, l: [] } },
    ]);
  });

  it("gemma4: malformed calls are refused, not guessed", () => {
    for (const [body, reason] of [
      ["get{a:1}", /call:name/],
      ['call:f{a:<|"|>x}', /not closed with/],
      ["call:f{a:1,a:2}", /given twice/],
      ["call:f{a:1} extra", /end of the call/],
      ["call:f{a:[1,2}", /expected/],
    ] as const) {
      const result = read(`<|tool_call>${body}<tool_call|>`, "gemma4");
      assert.deepEqual(result.calls, [], body);
      assert.match(result.refused[0]?.reason ?? "", reason, body);
    }
  });

  it("functiongemma: an unclosed call at the end is cut off, earlier calls still count", () => {
    const result = read(
      "<start_function_call>call:a{x:<escape>1<escape>}<end_function_call><start_function_call>call:b{",
    );
    assert.deepEqual(result.calls, [{ name: "a", arguments: { x: "1" } }]);
    assert.match(result.refused[0]?.reason ?? "", /cut off/);
  });

  it("kimi-k3: unwraps the response channel and refuses typed values that are not JSON", () => {
    const call = (type: string, value: string) =>
      `<|open|>response<|sep|>On it.<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="f&amp;g" index="1"<|sep|><|open|>argument key="v" type="${type}"<|sep|>${value}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`;
    assert.deepEqual(read(call("array", "[1]")), {
      calls: [{ name: "f&g", arguments: { v: [1] } }],
      text: "On it.",
      format: "kimi-k3",
      refused: [],
    });
    assert.match(read(call("integer", "three")).refused[0]?.reason ?? "", /not JSON/);
  });

  it("hy-v4: reads a checkpoint's tag suffix", () => {
    const s = ":6124c78e";
    const reply = `Sure.<tool_calls${s}><tool_call${s}>get_time<arg_key${s}>city</arg_key${s}><arg_value${s}>Tokyo</arg_value${s}></tool_call${s}></tool_calls${s}>`;
    assert.deepEqual(read(reply), {
      calls: [{ name: "get_time", arguments: { city: "Tokyo" } }],
      text: "Sure.",
      format: "hy-v4",
      refused: [],
    });
  });

  it("hy-v3: text between the calls of a section is refused, not dropped", () => {
    const result = read(
      "<tool_calls><tool_call>a<tool_sep></tool_call>oops<tool_call>b<tool_sep></tool_call></tool_calls>",
    );
    assert.deepEqual(result.calls, [
      { name: "a", arguments: {} },
      { name: "b", arguments: {} },
    ]);
    assert.match(result.refused[0]?.reason ?? "", /expected only/);
  });

  it("gigachat35: a parameter without string= is text; string=false must be JSON", () => {
    const reply = (flag: string) =>
      `<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="v"${flag}>007</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>`;
    assert.deepEqual(read(reply("")).calls, [{ name: "f", arguments: { v: "007" } }]);
    assert.match(read(reply(' string="false"')).refused[0]?.reason ?? "", /not JSON/);
  });

  it("dots: a JSON object in the block is read; anything else is refused", () => {
    assert.deepEqual(
      read('Sure.<dots_function_call>{"name": "f", "arguments": {"a": 1}}</dots_function_call>'),
      { calls: [{ name: "f", arguments: { a: 1 } }], text: "Sure.", format: "dots", refused: [] },
    );
    assert.match(
      read("<dots_function_call>{'name': 'f'}</dots_function_call>").refused[0]?.reason ?? "",
      /not valid JSON/,
    );
  });

  it("step-audio-2: arguments must be one JSON object", () => {
    const result = read("<tool_call>function\nf\n[1, 2]</tool_call>");
    assert.equal(result.format, "step-audio-2");
    assert.match(result.refused[0]?.reason ?? "", /not a JSON object/);
  });

  it("granite-pythonic: only whole lines are calls", () => {
    const reply =
      'Call get_weather(city="Paris") to check.\nget_weather(city="Paris") is how\nget_time()';
    const result = read(reply, "granite-pythonic");
    assert.deepEqual(result.calls, [{ name: "get_time", arguments: {} }]);
    assert.equal(
      result.text,
      'Call get_weather(city="Paris") to check.\nget_weather(city="Paris") is how',
    );
    assert.deepEqual(read(reply).calls, []);
  });

  it("pangu: the old [unused11] markers, and LFM2's Python calls after the same marker", () => {
    assert.deepEqual(read('[unused11][{"name": "f", "arguments": {"a": 1}}][unused12] ok'), {
      calls: [{ name: "f", arguments: { a: 1 } }],
      text: "ok",
      format: "pangu",
      refused: [],
    });
    assert.equal(read("<|tool_call_start|>[f(a=1)]<|tool_call_end|>").format, "lfm2");
  });

  it("qwen25-coder: comma-separated objects are read too", () => {
    assert.deepEqual(
      read('<tools>{"name": "a", "arguments": {}}, {"name": "b", "arguments": {}}</tools>').calls,
      [
        { name: "a", arguments: {} },
        { name: "b", arguments: {} },
      ],
    );
  });

  it("gigachat3: the text before <|message_sep|> stays, the separator goes", () => {
    assert.deepEqual(
      read('Checking.<|message_sep|>function call<|role_sep|>\n{"name": "f", "arguments": {}}'),
      {
        calls: [{ name: "f", arguments: {} }],
        text: "Checking.",
        format: "gigachat3",
        refused: [],
      },
    );
  });

  it("minimax-m3: repeated tags are a list, a parameter given twice or text beside tags is refused", () => {
    const ns = "]<]minimax[>[";
    const call = (params: string) =>
      `${ns}<tool_call>\n${ns}<invoke name="f">${params}${ns}</invoke>\n${ns}</tool_call>`;
    assert.deepEqual(read(call(`${ns}<d>${ns}<t>a${ns}</t>${ns}<t>b${ns}</t>${ns}</d>`)).calls, [
      { name: "f", arguments: { d: { t: ["a", "b"] } } },
    ]);
    assert.match(
      read(call(`${ns}<a>1${ns}</a>${ns}<a>2${ns}</a>`)).refused[0]?.reason ?? "",
      /given twice/,
    );
    assert.match(
      read(call(`${ns}<a>x${ns}<b>y${ns}</b>${ns}</a>`)).refused[0]?.reason ?? "",
      /both text and tags/,
    );
  });

  it("k2-horizon: a JSON call inside <ifm|tool_call> and stray text in the group", () => {
    const result = read(
      '<ifm|tool_calls><ifm|tool_call>{"name": "f", "arguments": {"a": 1}}</ifm|tool_call> junk</ifm|tool_calls>',
    );
    assert.deepEqual(result.calls, [{ name: "f", arguments: { a: 1 } }]);
    assert.equal(result.format, "k2-horizon");
    assert.equal(result.text, "");
    assert.match(result.refused[0]?.reason ?? "", /expected only/);
  });

  it("solar-open2 and plamo3: a call without its closing token is cut off", () => {
    assert.match(
      read("<|tool_call:start|>f\n<|tool_arg:start|>a<|tool_arg:value|>1<|tool_arg:end|>")
        .refused[0]?.reason ?? "",
      /cut off/,
    );
    const plamo = (tag: string) => `<|plamo:${tag}:plamo|>`;
    const reply = `${plamo("begin_tool_requests")}${plamo("begin_tool_request")}${plamo("begin_tool_name")}f${plamo("end_tool_name")}${plamo("begin_tool_arguments")}{"a": }${plamo("end_tool_arguments")}${plamo("end_tool_request")}${plamo("end_tool_requests")}`;
    assert.match(read(reply).refused[0]?.reason ?? "", /not valid JSON/);
  });

  it("inkling: arguments under args; text blocks keep only their text", () => {
    assert.deepEqual(
      read(
        '<|message_model|><|content_text|>On it.<|end_message|><|message_model|><|content_invoke_tool_json|>{"name": "f", "args": {"a": 1}}<|end_message|>',
      ),
      {
        calls: [{ name: "f", arguments: { a: 1 } }],
        text: "On it.",
        format: "inkling",
        refused: [],
      },
    );
  });

  it("minicpm5-xml: calls written in the reasoning are not read", () => {
    const reply = '<think><function name="rm"></function></think>Nothing to run.';
    assert.deepEqual(read(reply, "minicpm5-xml"), {
      calls: [],
      text: reply,
      format: undefined,
      refused: [],
    });
  });
});
