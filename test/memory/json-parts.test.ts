import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { jsonPartChars, jsonParts } from "../../src/memory/json-parts.js";
import { WritePace } from "../../src/memory/write-pace.js";

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
