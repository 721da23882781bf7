import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parseJsonParts } from "../../src/memory/json-from-parts.js";
import { jsonPartChars, jsonParts } from "../../src/memory/json-parts.js";
import { paceChars, WritePace } from "../../src/memory/write-pace.js";

const joined = async (value: unknown) => (await jsonParts(value, new WritePace())).join("");

describe("jsonParts", () => {
  it("writes exactly what JSON.stringify writes, for any JSON value", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        assert.equal(await joined(value), JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it("follows JSON.stringify's conversions: toJSON, boxed values, left-out members", async () => {
    const value = {
      when: new Date(0),
      boxed: [Object(1), Object("s"), Object(false)],
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol("s"), Number.NaN, -0],
      nested: { toJSON: (key: string) => ({ key }) },
    };
    assert.equal(await joined(value), JSON.stringify(value));
    await assert.rejects(joined({ big: 1n }), TypeError);
    const cycle: Record<string, unknown> = {};
    cycle.self = { again: cycle };
    await assert.rejects(joined(cycle), /circular/);
  });

  it("cuts a long string into parts without splitting a surrogate pair or an escape", async () => {
    const text = `${'😀"\n\\ab'.repeat(400_000)}é\u0000`;
    const parts = await jsonParts({ value: text }, new WritePace());
    assert.ok(parts.length >= 3, `${parts.length} parts`);
    for (const part of parts.slice(0, -1)) assert.ok(part.length >= jsonPartChars);
    assert.equal(parts.join(""), JSON.stringify({ value: text }));
  });

  it("walks nesting far deeper than the call stack allows", async () => {
    let deep: unknown = "bottom";
    for (let depth = 0; depth < 50_000; depth++) deep = [deep];
    const text = await joined(deep);
    assert.equal(text, `${"[".repeat(50_000)}"bottom"${"]".repeat(50_000)}`);
  });
});

/** `text` cut every `size` characters: parts that split escapes, surrogate pairs and tokens. */
function cut(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size)
    parts.push(text.slice(start, start + size));
  return parts;
}

// Long enough that parseJsonParts does not hand it to one JSON.parse.
const filler = "x".repeat(300_000);

describe("parseJsonParts", () => {
  it("reads back what JSON.parse reads, for any JSON value cut anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), async (value, size) => {
        const text = JSON.stringify({ filler, value });
        const parsed = await parseJsonParts(cut(text, size * 997), new WritePace());
        assert.deepEqual(parsed, JSON.parse(text));
      }),
      { numRuns: 150 },
    );
  });

  it("decodes escapes and surrogate pairs cut between slices and parts", async () => {
    const text = `${String.raw`😀\"\n\\\u00e9/ab`.repeat(90_000)}${String.raw`\u0000`}`;
    const value = JSON.parse(`"${text}"`) as string;
    const json = `{"a" : [ "${text}", -0, 1e3, true , null, {"__proto__": {"b": false}} ] }`;
    for (const size of [65_535, 65_537, 1_000_003]) {
      const parsed = (await parseJsonParts(cut(json, size), new WritePace())) as {
        a: [string, number, number, boolean, null, Record<string, unknown>];
      };
      assert.ok(parsed.a[0] === value, `cut every ${size}`);
      assert.deepEqual(parsed, JSON.parse(json));
      assert.ok(Object.hasOwn(parsed.a[5], "__proto__"));
    }
  });

  it("reads what jsonParts wrote, a large artifact giving the event loop its turns", async () => {
    const value = { type: "TextArtifact", value: `${'é"\n\t😀 '.repeat(1_500_000)}` };
    const pace = new WritePace();
    const parsed = await parseJsonParts(await jsonParts(value, new WritePace()), pace);
    assert.deepEqual(parsed, value);
    assert.ok(pace.turns >= value.value.length / paceChars, `${pace.turns} turns`);
  });

  it("works in proportion to its input: twice the text, twice the turns", async () => {
    const turns = async (copies: number) => {
      const pace = new WritePace();
      const value = ["ab\\".repeat(copies), "x".repeat(copies)];
      await parseJsonParts(cut(JSON.stringify(value), 4_096), pace);
      return pace.turns;
    };
    const [one, two] = [await turns(1_000_000), await turns(2_000_000)];
    assert.ok(two >= 2 * one - 2 && two <= 2 * one + 2, `${one} then ${two} turns`);
  });

  it("walks nesting far deeper than the call stack allows", async () => {
    const deep = `${"[".repeat(200_000)}"bottom"${"]".repeat(200_000)}`;
    let value = await parseJsonParts(cut(deep, 5_000), new WritePace());
    for (let depth = 0; depth < 200_000; depth++) value = (value as unknown[])[0];
    assert.equal(value, "bottom");
  });

  it("refuses what JSON.parse refuses", async () => {
    for (const bad of ['"open', "[1,]", '{"a" 1}', "[1] 2", "[tru]", '"\\x"', "[01]", "{,}", ""]) {
      const parts = cut(`${bad}`, 2);
      const padded = [`[${JSON.stringify(filler)},`, ...parts, "]"];
      await assert.rejects(parseJsonParts(padded, new WritePace()), SyntaxError, bad);
    }
  });
});
