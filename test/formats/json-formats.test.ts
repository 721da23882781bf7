import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { JsonMarkerFormatName } from "../../src/formats/json/format-names.js";
import { parseToolCalls } from "../../src/formats/parse-tool-calls.js";
import type { ParsedToolCall, ParsedToolCalls } from "../../src/formats/tool-call-format.js";
import { type Builder, builders, type Call } from "./fixtures/json/builders.js";

const weather: Call = { name: "get_weather", arguments: { city: "Paris", unit: "celsius" } };
const search: Call = { name: "web_search", arguments: { query: "opening hours today", limit: 3 } };
const nested: Call = {
  name: "find_places",
  arguments: {
    city: "São Paulo",
    filters: { tags: ["a", "b"], open: { from: "08:00", to: null } },
    note: 'bring ☂️ — 北京 {not a brace} "quoted" 🌧',
    // An escaped quote before a brace, and a string ending in a backslash, test the JSON scanner.
    tricky: ['"}', "C:\\temp\\", "]]"],
  },
};

function expected(builder: Builder, calls: readonly Call[]): ParsedToolCall[] {
  const ids = builder.ids?.(calls);
  return calls.map((call, index) => {
    const id = ids?.[index];
    return id === undefined ? { ...call } : { ...call, id };
  });
}

function parseBoth(reply: string, format: JsonMarkerFormatName): ParsedToolCalls {
  const named = parseToolCalls(reply, { format });
  assert.deepEqual(parseToolCalls(reply), named, "auto-detection reads it as the named format");
  return named;
}

for (const [format, builder] of Object.entries(builders) as [JsonMarkerFormatName, Builder][]) {
  describe(`format ${format}`, () => {
    it("reads a plain call", () => {
      const parsed = parseBoth(builder.calls([weather]), format);
      assert.deepEqual(parsed, {
        calls: expected(builder, [weather]),
        text: "",
        format,
        refused: [],
      });
    });

    it("reads several calls in one reply, in order", () => {
      const parsed = parseBoth(builder.calls([weather, search, nested]), format);
      assert.deepEqual(parsed.calls, expected(builder, [weather, search, nested]));
      assert.equal(parsed.text, "");
      assert.deepEqual(parsed.refused, []);
    });

    it("keeps the text before and after the calls", () => {
      const block = builder.calls([weather, search]);
      const { reply, text } = builder.around?.(block) ?? {
        reply: `Let me check.\n${block}\nDone soon.`,
        text: "Let me check.\n\nDone soon.",
      };
      const parsed = parseBoth(reply, format);
      assert.deepEqual(parsed.calls, expected(builder, [weather, search]));
      assert.equal(parsed.text, text);
      assert.equal(parsed.format, format);
    });

    it("reads nested and unicode arguments exactly", () => {
      const parsed = parseBoth(builder.calls([nested]), format);
      assert.deepEqual(parsed.calls, expected(builder, [nested]));
    });

    it("returns the complete calls of a truncated reply and refuses the cut-off one", () => {
      const full = builder.calls([weather, search]);
      const reply = full.slice(0, full.indexOf("hours today"));
      const parsed = parseBoth(reply, format);
      assert.deepEqual(parsed.calls, expected(builder, [weather]));
      assert.equal(parsed.refused.length, 1);
      assert.match(parsed.refused[0]?.reason ?? "", /cut off\?\); send the call again/);
      assert.ok(parsed.refused[0]?.raw.includes("opening"), "raw holds the cut-off call");
      assert.equal(parsed.text, "");
      assert.equal(parsed.format, format);
    });

    it("refuses a reply cut off right after the opening marker", () => {
      const full = builder.calls([weather]);
      const reply = full.slice(0, full.indexOf("get_weather"));
      const parsed = parseToolCalls(reply, { format });
      assert.deepEqual(parsed.calls, []);
      // xLAM has no marker: a bare `[{"name": "` is not yet a call, so it stays text.
      assert.equal(parsed.refused.length, format === "xlam" ? 0 : 1, JSON.stringify(parsed));
    });
  });
}

// Cases taken from vLLM's parser tests (rewritten), for what the generic builders do not cover.
describe("format-specific cases from vLLM's tests", () => {
  const ok = (reply: string, format: JsonMarkerFormatName) => {
    const parsed = parseBoth(reply, format);
    assert.equal(parsed.format, format);
    return parsed;
  };

  it("hermes: arguments given as a JSON string stay a string", () => {
    const parsed = ok(
      '<tool_call>{"name": "run_query", "arguments": "{\\"sql\\": \\"select 1\\"}"}</tool_call>',
      "hermes",
    );
    assert.deepEqual(parsed.calls, [{ name: "run_query", arguments: '{"sql": "select 1"}' }]);
  });

  it("hermes: a malformed call is refused and the next one still read; the close tag may be missing at the end", () => {
    const parsed = ok(
      '<tool_call>{"name": "a", "arguments": {city: Paris}}</tool_call>\n<tool_call>{"name": "b", "arguments": {}}',
      "hermes",
    );
    assert.deepEqual(parsed.calls, [{ name: "b", arguments: {} }]);
    assert.equal(parsed.refused.length, 1);
    assert.match(
      parsed.refused[0]?.reason ?? "",
      /not valid JSON .*send it again as standard JSON/,
    );
    assert.equal(parsed.refused[0]?.raw, '{"name": "a", "arguments": {city: Paris}}');
  });

  it("hermes: calls inside <think> are reasoning, not calls", () => {
    const reply =
      '<think>maybe <tool_call>{"name": "x", "arguments": {}}</tool_call></think>\nThe answer is 4.';
    assert.deepEqual(parseToolCalls(reply, { format: "hermes" }), {
      calls: [],
      text: reply,
      format: undefined,
      refused: [],
    });
  });

  it("hermes and granite share <tool_call>: a JSON object is Hermes, a JSON list Granite 3.1", () => {
    const list = parseToolCalls('<tool_call>[{"name": "f", "arguments": {"a": 1}}]');
    assert.equal(list.format, "granite");
    assert.deepEqual(list.calls, [{ name: "f", arguments: { a: 1 } }]);
    assert.equal(
      parseToolCalls('<tool_call>{"name": "f", "arguments": {}}</tool_call>').format,
      "hermes",
    );
  });

  it("mistral: the old list form, arguments before the name, content before and trailing data", () => {
    const parsed = ok(
      'Hello[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}, {"name": "add", "arguments": {"a": 3.5, "b": 4}}]\nextra trailing data',
      "mistral",
    );
    assert.deepEqual(parsed.calls, [
      { name: "get_age", arguments: { name: "John Doe" } },
      { name: "add", arguments: { a: 3.5, b: 4 } },
    ]);
    assert.equal(parsed.text, "Hello\nextra trailing data");
  });

  it("mistral: the old list form cut off keeps the complete call", () => {
    const parsed = ok(
      '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 1}}, {"name": "mul", "argu',
      "mistral",
    );
    assert.deepEqual(parsed.calls, [{ name: "add", arguments: { a: 1 } }]);
    assert.equal(parsed.refused.length, 1);
  });

  it("mistral: v11 without [ARGS], and [CALL_ID] goes to id", () => {
    const parsed = ok(
      '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]get_weather[CALL_ID]a1B2c3D4e[ARGS]{"city": "Paris"}',
      "mistral",
    );
    assert.deepEqual(parsed.calls, [
      { name: "add", arguments: { a: 3.5, b: 4 } },
      { name: "get_weather", arguments: { city: "Paris" }, id: "a1B2c3D4e" },
    ]);
  });

  it("llama3-json: bare calls open the reply, separated by ';', with 'arguments' or 'parameters'", () => {
    const calls =
      '{"name": "searchTool", "parameters": {"query": "test {value} [complex]"}}; {"name": "getOpenIncidentsTool", "arguments": {}}';
    const parsed = ok(`${calls} Would you like to know more?`, "llama3-json");
    assert.deepEqual(parsed.calls, [
      { name: "searchTool", arguments: { query: "test {value} [complex]" } },
      { name: "getOpenIncidentsTool", arguments: {} },
    ]);
    assert.equal(parsed.text, "Would you like to know more?");
    // Bare JSON has no marker: inside prose ("Here are the results: …") it is text, named or not.
    const prose = `Here are the results: ${calls} Would you like to know more?`;
    for (const format of ["llama3-json", undefined] as const) {
      const read = parseToolCalls(prose, format === undefined ? {} : { format });
      assert.deepEqual(read, { calls: [], text: prose, format: undefined, refused: [] });
    }
  });

  it("llama3-json: JSON that is not a call stays text (no arguments key, quoted JSON in prose)", () => {
    for (const reply of [
      '{"name": "Ada Lovelace", "born": 1815}',
      '{"name": "searchTool", "parameters": {"query": "x"}} The arguments I passed were {"query": "x"}',
    ]) {
      const parsed = parseToolCalls(reply, { format: "llama3-json" });
      assert.deepEqual(parsed.refused, []);
      assert.ok(parsed.calls.length <= 1);
    }
    assert.equal(parseToolCalls('{"name": "Ada Lovelace", "born": 1815}').format, undefined);
  });

  it("deepseek-v3 and v3.1 share tokens: the 'function' header picks V3", () => {
    const v31 = `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
    assert.equal(parseToolCalls(v31).format, "deepseek-v31");
    const v3 = `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n\`\`\`json\n{"a": 1}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
    assert.equal(parseToolCalls(v3).format, "deepseek-v3");
    assert.deepEqual(parseToolCalls(v3, { format: "deepseek-v31" }).calls, []);
  });

  it("deepseek-v31: a reply that ends on the section token is refused as cut off", () => {
    const parsed = ok("Let me look.<｜tool▁calls▁begin｜>", "deepseek-v31");
    assert.equal(parsed.refused.length, 1);
    assert.equal(parsed.text, "Let me look.");
  });

  it("kimi-k2: the id is kept, the name is taken from it", () => {
    const parsed = ok(
      'I\'ll check.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "北京"}<|tool_call_end|><|tool_call_begin|>lookup.v2:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
      "kimi-k2",
    );
    assert.deepEqual(parsed.calls, [
      { name: "get_weather", arguments: { city: "北京" }, id: "functions.get_weather:0" },
      { name: "lookup.v2", arguments: {}, id: "lookup.v2:1" },
    ]);
    assert.equal(parsed.text, "I'll check.");
  });

  it("jamba, hunyuan and minimax share <tool_calls>: list, list in <answer>, one object per line", () => {
    const list = '<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>';
    assert.equal(parseToolCalls(list).format, "jamba");
    assert.equal(parseToolCalls(`<think>hm</think>\n<answer>${list}</answer>`).format, "hunyuan");
    assert.equal(parseToolCalls(list, { format: "hunyuan" }).format, "hunyuan");
    assert.equal(
      parseToolCalls('<tool_calls>\n{"name": "f", "arguments": {}}\n</tool_calls>').format,
      "minimax",
    );
  });

  it("minimax: a malformed line is refused, the others read; calls in <think> are skipped", () => {
    const parsed = ok(
      '<think>I could <tool_calls>\n{"name": "ignored", "arguments": {}}\n</tool_calls></think>\n<tool_calls>\n{"name": "a", "arguments": {"x": 1}}\n{invalid json here}\n{"name": "b", "arguments": {}}\n</tool_calls>',
      "minimax",
    );
    assert.deepEqual(
      parsed.calls.map((call) => call.name),
      ["a", "b"],
    );
    assert.equal(parsed.refused.length, 1);
    assert.ok(parsed.text.startsWith("<think>I could <tool_calls>"));
  });

  it("xlam: a list after the thinking; a list of records that are not calls stays text", () => {
    const parsed = ok(
      '<think>The user wants weather.</think>\n[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
      "xlam",
    );
    assert.deepEqual(parsed.calls, [{ name: "get_weather", arguments: { city: "Paris" } }]);
    assert.equal(parsed.text, "<think>The user wants weather.</think>");
    const records = '[{"name": "Ada", "born": 1815}, {"name": "Alan", "born": 1912}]';
    assert.deepEqual(parseToolCalls(records), {
      calls: [],
      text: records,
      format: undefined,
      refused: [],
    });
  });

  it("nemotron-json: a single object is read as one call; string arguments stay a string", () => {
    const parsed = ok(
      '<TOOLCALL>{"name": "run_query", "arguments": "{\\"sql\\": \\"select 1\\"}"}</TOOLCALL>',
      "nemotron-json",
    );
    assert.deepEqual(parsed.calls, [{ name: "run_query", arguments: '{"sql": "select 1"}' }]);
  });

  it("apertus: an object with more than one key is refused, not guessed", () => {
    const parsed = ok('<|tools_prefix|>[{"f": {"a": 1}, "g": {}}]<|tools_suffix|>', "apertus");
    assert.deepEqual(parsed.calls, []);
    assert.match(parsed.refused[0]?.reason ?? "", /exactly one key/);
  });

  it("a call whose arguments are not an object is refused", () => {
    const parsed = ok('<tool_call>{"name": "f", "arguments": [1, 2]}</tool_call>', "hermes");
    assert.match(parsed.refused[0]?.reason ?? "", /arguments of "f" are not a JSON object/);
  });

  it("a reply without any call is returned as text", () => {
    assert.deepEqual(parseToolCalls("  How can I help you today?  "), {
      calls: [],
      text: "How can I help you today?",
      format: undefined,
      refused: [],
    });
  });
});
