import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { coerceInput } from "../../src/calls/coerce-input.js";
import { parseArguments } from "../../src/calls/parse-arguments.js";
import type { RepairOptions } from "../../src/calls/repair-steps.js";
import { unknownNameMessage } from "../../src/calls/resolve-name.js";
import { stripWrappers } from "../../src/calls/strip-wrappers.js";
import type { JsonSchemaObject } from "../../src/index.js";
import { defaultInputLimits } from "../../src/tool/input-limits.js";
import type { Repair } from "../../src/tool/repair.js";

function parsed(
  raw: unknown,
  switches?: RepairOptions,
  cutOff: { finishReason?: string | undefined; readOnly?: boolean } = {},
) {
  const repairs: Repair[] = [];
  const result = parseArguments(raw, repairs, { switches, limits: defaultInputLimits, ...cutOff });
  return { result, steps: repairs.map((repair) => repair.step), repairs };
}

describe("parsing arguments", () => {
  it("takes the JSON.parse fast path and records nothing for valid input", () => {
    assert.deepEqual(parsed('{"a":1}'), {
      result: { ok: true, value: { a: 1 } },
      steps: [],
      repairs: [],
    });
    assert.deepEqual(parsed({ a: 1 }).result, { ok: true, value: { a: 1 } });
    assert.deepEqual(parsed(undefined).result, { ok: true, value: {} });
  });

  it("repairs what models break, recording each step", () => {
    const cases: [string, unknown, string[]][] = [
      ['{"a":1,}', { a: 1 }, ["repair-json"]],
      ["{'a': 'b'}", { a: "b" }, ["repair-json"]],
      ['{"a": None, "b": True, "c": False}', { a: null, b: true, c: false }, ["repair-json"]],
      ['{command: "ls"}', { command: "ls" }, ["repair-json"]],
      ['```json\n{"a":1}\n```', { a: 1 }, ["strip-wrappers"]],
      ['{"a":1}<|call|>', { a: 1 }, ["strip-wrappers"]],
      ['<tool_call>{"a":1}</tool_call>', { a: 1 }, ["strip-wrappers"]],
      // A `name` parameter beside others: arguments, not a call named "Lebron James".
      [
        '<tool_call>{"name":"Lebron James","sport":"Basketball"}</tool_call>',
        { name: "Lebron James", sport: "Basketball" },
        ["strip-wrappers"],
      ],
      ['<｜tool▁sep｜>{"a":1}<｜tool▁call▁end｜>', { a: 1 }, ["strip-wrappers"]],
      ['{command:<|"|>ls<|"|>}', { command: "ls" }, ["strip-wrappers", "repair-json"]],
      ['Sure! Here are the arguments: {"a":1} Hope this helps.', { a: 1 }, ["strip-wrappers"]],
      ["", {}, ["repair-json"]],
    ];
    for (const [raw, value, steps] of cases) {
      const { result, steps: recorded } = parsed(raw);
      assert.deepEqual(result, { ok: true, value }, raw);
      assert.deepEqual(recorded, steps, raw);
    }
  });

  it("refuses what no repair reads soundly, saying why", () => {
    const twice = parsed('{"a":1}{"a":2}').result;
    assert.equal(twice.ok, false);
    assert.match((twice as { message: string }).message, /more than one JSON value/);
    const off = parsed("{'a': 1}", { "repair-json": false }).result;
    assert.equal(off.ok, false);
    assert.match((off as { message: string }).message, /^Activity input JSON decoding error: /);
  });

  it("describes a repair by the text it repaired, not by a wrapper an earlier step removed", () => {
    const { result, repairs } = parsed("```json\n{'a': 1,}\n```");
    assert.deepEqual(result, { ok: true, value: { a: 1 } });
    assert.deepEqual(
      repairs.map((repair) => repair.step),
      ["strip-wrappers", "repair-json"],
    );
    const detail = repairs[1]?.detail ?? "";
    assert.match(detail, /^repaired malformed JSON \(/);
    assert.doesNotMatch(detail, /`/, detail);
  });

  it("leaves text without wrappers alone", () => {
    const repairs: Repair[] = [];
    assert.equal(stripWrappers('{"a":"<b>"}', repairs), undefined);
    assert.deepEqual(repairs, []);
  });
});

describe("schema-directed coercion", () => {
  const schema: JsonSchemaObject = {
    type: "object",
    properties: {
      count: { type: "integer" },
      ratio: { type: "number" },
      on: { type: "boolean" },
      zip: { type: "string" },
      tags: { type: "array", items: { type: "string" } },
      point: { type: "object", properties: { x: { type: "number" } } },
      unit: { enum: ["Celsius", "Fahrenheit"] },
      level: { enum: [1, 2] },
      note: { type: "string" },
      either: { anyOf: [{ type: "integer" }, { type: "boolean" }] },
    },
    required: ["count"],
  };

  it("converts only where the value's type does not fit", () => {
    const repairs: Repair[] = [];
    const input = {
      count: "2",
      ratio: "0.5",
      on: "TRUE",
      zip: 75001,
      tags: "solo",
      point: '{"x": 1}',
      unit: "celsius",
      level: "2",
      note: null,
      either: "true",
    };
    assert.deepEqual(coerceInput(schema, input, repairs), {
      count: 2,
      ratio: 0.5,
      on: true,
      zip: "75001",
      tags: ["solo"],
      point: { x: 1 },
      unit: "Celsius",
      level: 2,
      either: true,
    });
    assert.deepEqual(
      repairs.map((repair) => repair.detail),
      [
        '$.count: "2" → 2',
        '$.ratio: "0.5" → 0.5',
        '$.on: "TRUE" → true',
        '$.zip: 75001 → "75001"',
        '$.tags: "solo" → ["solo"]',
        '$.point: "{\\"x\\": 1}" → {"x":1}',
        '$.unit: "celsius" → "Celsius"',
        '$.level: "2" → 2',
        "$.note: dropped null (optional)",
        '$.either: "true" → true',
      ],
    );
    const valid = { count: 1, tags: ["a"] };
    assert.equal(coerceInput(schema, valid, []), valid, "a fitting input is returned as is");
  });

  it("does not guess: a word for a number or a float for an integer stays wrong", () => {
    const repairs: Repair[] = [];
    assert.deepEqual(coerceInput(schema, { count: "two" }, repairs), { count: "two" });
    assert.deepEqual(coerceInput(schema, { count: "2.5" }, repairs), { count: "2.5" });
    assert.deepEqual(repairs, []);
  });
});

describe("unknown names", () => {
  it("lists the most similar names first and cuts the list to the budget", () => {
    const names = Array.from(
      { length: 300 },
      (_, index) => `Tool${index}_activity_with_a_long_name`,
    );
    const message = unknownNameMessage("Tool42_activity_with_a_long_nam", names);
    assert.match(message, /most similar first: Tool42_activity_with_a_long_name, /);
    assert.match(message, /… and \d+ more\.$/);
    assert.ok(message.length <= 1000);
    assert.equal(unknownNameMessage("x", []), 'Tool "x" not found: no tools are available.');
  });

  it("ranks a name the request is part of above a shorter name that is merely close", () => {
    const known = [
      "TaskMemoryTool_read",
      "TaskMemoryTool_search",
      "DateTimeTool_get_current_datetime",
      "CalculatorTool_calculate",
      "FileManagerTool_list_files_from_disk",
    ];
    assert.match(
      unknownNameMessage("Calc", known),
      /most similar first: CalculatorTool_calculate, /,
    );
    assert.match(unknownNameMessage("memory_search", known), /first: TaskMemoryTool_search, /);
    // A name of any length costs the same bounded work, and still finds its match.
    assert.match(
      unknownNameMessage(`Calculator${"x".repeat(100_000)}`, known),
      /first: CalculatorTool_calculate, /,
    );
  });
});

describe("truncated output", () => {
  it("closes what was cut after a whole value only when the finish reason allows it", () => {
    const cut = '{"a": "x", "b": [1, 2]';
    for (const allowed of [
      { finishReason: "stop" },
      { finishReason: "tool-calls" },
      { readOnly: true },
    ]) {
      assert.deepEqual(parsed(cut, undefined, allowed).result, {
        ok: true,
        value: { a: "x", b: [1, 2] },
      });
    }
    assert.deepEqual(parsed('{"a": [1, "2"', undefined, { finishReason: "stop" }), {
      result: { ok: true, value: { a: [1, "2"] } },
      steps: ["repair-json"],
      repairs: [
        { step: "repair-json", detail: 'closed the arguments with ]} (finish reason "stop")' },
      ],
    });
    assert.deepEqual(parsed('{"a": true', undefined, { finishReason: "stop" }).result, {
      ok: true,
      value: { a: true },
    });
    for (const refused of [
      {},
      { finishReason: "length" },
      { finishReason: "length", readOnly: true },
    ]) {
      const result = parsed(cut, undefined, refused).result;
      assert.equal(result.ok, false, JSON.stringify(refused));
      assert.match((result as { message: string }).message, /send the whole call again/);
    }
  });

  it("without a finish reason refuses a call cut off anywhere, in either quote style", () => {
    // Closing `{"a": "x"` would guess that nothing followed the cut (another key, more items).
    for (const raw of [
      '{"a": "x", "b": [1, 2]',
      '{"a": [1, 2',
      '{"a": true',
      '{"expression": "6*7"',
      "{'expression': '6*7'",
      '{"path": "/home/us',
      "{'path': '/home/us",
      '{"count": 12',
      '{"a":',
      '{"note": "it\'s"',
    ]) {
      const result = parsed(raw).result;
      assert.equal(result.ok, false, raw);
      assert.match(
        (result as { message: string }).message,
        /cut off.*send the whole call again/,
        raw,
      );
    }
    // Complete text in single quotes is still read, brackets inside strings included.
    assert.deepEqual(parsed("{'expression': '6*7'}").result, {
      ok: true,
      value: { expression: "6*7" },
    });
    assert.deepEqual(parsed("{'a': '{[', 'b': 1,}").result, { ok: true, value: { a: "{[", b: 1 } });
  });

  it("refuses arguments that end before their own end, whatever the finish reason", () => {
    for (const raw of [
      '{"a": [1, 2',
      '{"path": "/home/us',
      '{"count": 12',
      '{"a":',
      '{"a": 1,',
      '{"a": 1, "b"',
      '{"a": {',
      '{"a": [',
      '{"folder": "/srv/data/tmp", "exclude": ["keep.db", "a]}',
      '{"pattern": "^[a-z]+}$',
      '{"a": tru',
      "{'expression': '6*",
      "{'a': 1, 'b'",
      '```json\n{"a": 1',
      '<tool_call>{"a": "x"',
      '"{\\"folder\\": \\"/srv\\"',
    ]) {
      for (const finishReason of [undefined, "stop", "length"]) {
        const result = parsed(raw, undefined, { finishReason, readOnly: true }).result;
        assert.equal(result.ok, false, `${raw} (${finishReason})`);
        // A reply in a model's own format goes on to its reader's refusal (see toolbox.test.ts).
        if (result.ok || result.inText !== undefined) continue;
        assert.match(result.message, /send the whole call again/, raw);
      }
    }
  });

  it("reads Python-literal arguments cut after a whole value like JSON", () => {
    assert.equal(parsed("{'expression': '6*7'").result.ok, false);
    assert.equal(
      parsed("{'expression': '6*7'", undefined, { finishReason: "length" }).result.ok,
      false,
    );
    assert.deepEqual(parsed("{'expression': '6*7'", undefined, { finishReason: "stop" }).result, {
      ok: true,
      value: { expression: "6*7" },
    });
  });

  it("still repairs broken quoting that is no cut", () => {
    assert.deepEqual(parsed('{side1":5,"side2":4}').result, {
      ok: true,
      value: { side1: 5, side2: 4 },
    });
    assert.deepEqual(parsed('{"a": 1, // it\'s one\n"b": 2}').result, {
      ok: true,
      value: { a: 1, b: 2 },
    });
  });
});
