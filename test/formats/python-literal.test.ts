import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  PYTHON_LITERAL_LIMITS,
  parsePythonCall,
  parsePythonLiteral,
} from "../../src/formats/text/python-literal.js";
import { tokenizePython } from "../../src/formats/text/python-tokenizer.js";

function value(source: string, jsonLiterals = false): unknown {
  const read = parsePythonLiteral(source, { jsonLiterals });
  assert.ok(read.ok, `${source}: ${read.ok ? "" : read.reason}`);
  return read.value;
}

function refused(source: string, reason: RegExp, jsonLiterals = false): void {
  const read = parsePythonLiteral(source, { jsonLiterals });
  assert.equal(
    read.ok,
    false,
    `${source.slice(0, 60)} should be refused, read ${JSON.stringify(read)}`,
  );
  if (!read.ok) assert.match(read.reason, reason);
}

function call(source: string) {
  const tokens = tokenizePython(source);
  return parsePythonCall(tokens, 0, tokens.length);
}

describe("Python literals: strings", () => {
  it("reads single, double and triple quotes", () => {
    assert.equal(value("'San Francisco'"), "San Francisco");
    assert.equal(value('"Martha\'s"'), "Martha's");
    assert.equal(value("'''two\nlines'''"), "two\nlines");
    assert.equal(value('"""say "hi" """'), 'say "hi" ');
    assert.equal(value("u'x'"), "x");
  });

  it("decodes escapes as Python does", () => {
    assert.equal(value(String.raw`'Martha\'s Vineyard'`), "Martha's Vineyard");
    assert.equal(value(String.raw`'\"cool units\"'`), '"cool units"');
    assert.equal(value(String.raw`'a\nb\tc\\d'`), "a\nb\tc\\d");
    assert.equal(value(String.raw`'\x41\u00e9\U0001F600\101'`), "Aé😀A");
    assert.equal(value(String.raw`'\d'`), "\\d", "an unknown escape keeps its backslash");
    assert.equal(value("'a\\\nb'"), "ab", "a backslash-newline continues the line");
  });

  it("keeps backslashes in raw strings and joins adjacent strings", () => {
    assert.equal(value(String.raw`r'\n'`), "\\n");
    assert.equal(value(String.raw`r'\''`), "\\'");
    assert.equal(value("'São ' \"Paulo\""), "São Paulo");
    assert.equal(value("'🌧️ rain'"), "🌧️ rain");
  });

  it("refuses bytes, f-strings, named escapes and broken strings", () => {
    refused("b'z'", /bytes/);
    refused("rb'z'", /bytes/);
    refused("f'{x}'", /f-strings/);
    refused(String.raw`'\N{EM DASH}'`, /named escapes/);
    refused(String.raw`'\x4'`, /not valid/);
    refused("'unterminated", /cannot read/);
    refused("'line\nbreak'", /cannot read/);
  });
});

describe("Python literals: numbers and constants", () => {
  it("reads ints, floats, signs and underscores", () => {
    assert.equal(value("37"), 37);
    assert.equal(value("-5"), -5);
    assert.equal(value("+3"), 3);
    assert.equal(value("1_000"), 1000);
    assert.equal(value("0x1F"), 31);
    assert.equal(value("0o17"), 15);
    assert.equal(value("0b101"), 5);
    assert.equal(value("-2.5e-3"), -0.0025);
    assert.equal(value(".5"), 0.5);
    assert.equal(value("5."), 5);
  });

  it("refuses numbers JSON cannot carry exactly", () => {
    refused("1e999", /not finite/);
    refused("9223372036854775808", /too large/);
    refused("1j", /complex/);
    refused("0755", /cannot read/);
    refused("--1", /expressions/);
  });

  it("reads True/False/None, and true/false/null only when asked (OLMo 3)", () => {
    assert.deepEqual(value("[True, False, None]"), [true, false, null]);
    assert.deepEqual(value("[true, false, null]", true), [true, false, null]);
    refused("true", /is a name, not a value/);
  });
});

describe("Python literals: containers", () => {
  it("reads lists, tuples (as arrays), dicts and nesting", () => {
    assert.deepEqual(value("[1, 'a', [2, [3]], ]"), [1, "a", [2, [3]]]);
    assert.deepEqual(value("(1, 2)"), [1, 2]);
    assert.deepEqual(value("(1,)"), [1]);
    assert.deepEqual(value("()"), []);
    assert.deepEqual(value("(1)"), 1);
    assert.deepEqual(value("{}"), {});
    assert.deepEqual(value("{'city': 'São Paulo', \"nested\": {'list': [{'x': -1.5}]}}"), {
      city: "São Paulo",
      nested: { list: [{ x: -1.5 }] },
    });
  });

  it("keeps __proto__ as a plain key", () => {
    const read = value("{'__proto__': {'polluted': True}}") as Record<string, unknown>;
    assert.deepEqual(Object.keys(read), ["__proto__"]);
    assert.equal(Object.getPrototypeOf(read), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it("refuses sets, non-string keys, names, calls and expressions", () => {
    refused("{1, 2}", /sets/);
    refused("{'a'}", /sets/);
    refused("{1: 'a'}", /keys must be strings/);
    refused("{None: 1}", /keys must be strings/);
    refused("city", /is a name/);
    refused("set()", /a call/);
    refused("dict(a=1)", /a call/);
    refused("1 + 2", /expressions/);
    refused("[1, 2][0]", /unexpected/);
    refused("x.y", /is a name/);
    refused("[x for x in y]", /is a name/);
    refused("", /empty/);
  });
});

describe("Python literals: limits", () => {
  it(`reads nesting up to ${PYTHON_LITERAL_LIMITS.maxDepth} levels and refuses deeper`, () => {
    const depth = PYTHON_LITERAL_LIMITS.maxDepth;
    assert.equal(parsePythonLiteral(`${"[".repeat(depth)}${"]".repeat(depth)}`).ok, true);
    refused(`${"[".repeat(depth + 1)}${"]".repeat(depth + 1)}`, /deeper than 256/);
  });

  it("refuses hostile nesting without overflowing the stack", () => {
    refused(`${"[".repeat(200_000)}${"]".repeat(200_000)}`, /deeper than 256/);
    refused("{'a': ".repeat(100_000), /deeper than 256/);
  });

  it("refuses input over the length limit", () => {
    refused(`'${"x".repeat(PYTHON_LITERAL_LIMITS.maxLength)}'`, /longer than/);
  });
});

describe("Python calls", () => {
  it("reads keyword arguments, nested dicts included (the promoted-dict bug)", () => {
    assert.deepEqual(call('fn(a=1, b={"x": 2})'), {
      ok: true,
      value: { name: "fn", arguments: { a: 1, b: { x: 2 } } },
    });
    assert.deepEqual(call("get_weather()"), {
      ok: true,
      value: { name: "get_weather", arguments: {} },
    });
    assert.deepEqual(call("f(a=[],)"), { ok: true, value: { name: "f", arguments: { a: [] } } });
  });

  it("refuses positional, repeated and unpacked arguments, and dotted names", () => {
    assert.deepEqual(call("fn(1, 2)"), {
      ok: false,
      reason: "positional arguments; name each argument (name=value)",
    });
    assert.match(refusedReason(call("fn(a=1, a=2)")), /given twice/);
    assert.match(refusedReason(call("fn(a=1, 2)")), /positional/);
    assert.match(refusedReason(call("fn(**kw)")), /positional/);
    assert.match(refusedReason(call("fn(a==1)")), /positional/);
    assert.match(refusedReason(call("tools.fn(a=1)")), /not a plain function name/);
    assert.match(refusedReason(call("fn(a=x)")), /is a name/);
    assert.match(refusedReason(call("fn(a=g(1))")), /a call/);
  });
});

function refusedReason(read: ReturnType<typeof call>): string {
  assert.equal(read.ok, false);
  return read.ok ? "" : read.reason;
}
