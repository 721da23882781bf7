import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { z } from "zod";
import { activity, JsonArtifact, type JsonSchemaObject, Tool } from "../src/index.js";
import { copyJsonValue } from "../src/internal/copy-json-value.js";
import { randomHexId } from "../src/internal/random-id.js";
import { dropUnknownKeys } from "../src/schema/drop-unknown-keys.js";

function hasNegativeZero(value: unknown): boolean {
  if (Object.is(value, -0)) return true;
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(hasNegativeZero);
}

describe("copyJsonValue (the JsonArtifact fast path)", () => {
  it("returns exactly what a JSON round trip returns, or undefined", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withDate: true,
          withBoxedValues: true,
          withNullPrototype: true,
          withSparseArray: true,
        }),
        (value) => {
          const copy = copyJsonValue(value);
          if (copy === undefined) return;
          assert.deepStrictEqual(copy, JSON.parse(JSON.stringify(value)));
          if (typeof value === "object" && value !== null) assert.notEqual(copy, value);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("copies plain JSON without falling back", () => {
    fc.assert(
      fc.property(fc.jsonValue({ noUnicodeString: false }), (value) => {
        // -0 (anywhere) is the one JSON number a round trip changes: the fast path leaves it to the round trip.
        if (hasNegativeZero(value)) return;
        assert.deepStrictEqual(copyJsonValue(value), JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it("leaves what JSON.stringify converts to the round trip", () => {
    class Point {
      x = 1;
    }
    const cases: unknown[] = [
      new Date(0),
      { toJSON: () => 1 },
      new Point(),
      [1, undefined],
      // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested
      [1, , 2],
      Number.NaN,
      -0,
      { a: [1, -0] },
      { a: Number.POSITIVE_INFINITY },
      10n,
      { big: 10n },
    ];
    for (const value of cases) assert.equal(copyJsonValue(value), undefined);
    assert.deepEqual(new JsonArtifact({ at: new Date(0), p: new Point() }).value, {
      at: "1970-01-01T00:00:00.000Z",
      p: { x: 1 },
    });
    assert.deepEqual(copyJsonValue({ a: undefined, f: () => 1, b: [null] }), { b: [null] });
  });

  it("drops symbol keys and reads getters once, as JSON.stringify does", () => {
    const tag = Symbol("tag");
    const tagged = { [tag]: 1, a: { [tag]: 2, b: 1 } };
    const copy = copyJsonValue(tagged) as Record<string | symbol, unknown>;
    assert.deepStrictEqual(copy, { a: { b: 1 } });
    assert.deepStrictEqual(Object.getOwnPropertySymbols(copy), []);
    let reads = 0;
    const lazy = {
      get value() {
        reads++;
        return { n: reads };
      },
    };
    assert.deepStrictEqual(copyJsonValue(lazy), { value: { n: 1 } });
    assert.equal(reads, 1);
    assert.deepStrictEqual(
      copyJsonValue(
        Object.defineProperty({ [tag]: 1 }, "x", { get: () => ++reads, enumerable: true }),
      ),
      { x: 2 },
    );
    assert.equal(reads, 2);
  });

  it("keeps a __proto__ key as an own property and stops at cycles", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const copy = copyJsonValue(value) as Record<string, unknown>;
    assert.ok(Object.hasOwn(copy, "__proto__"));
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(copyJsonValue(cyclic), undefined);
    assert.throws(() => new JsonArtifact(cyclic), /JsonArtifact needs a JSON value/);
  });
});

describe("randomHexId (artifact ids)", () => {
  it("is a UUID v4 without dashes, and unique", () => {
    const ids = new Set<string>();
    for (let index = 0; index < 2_000; index++) {
      const id = randomHexId();
      assert.match(id, /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
      ids.add(id);
    }
    assert.equal(ids.size, 2_000);
  });
});

describe("dropUnknownKeys (compiled walk)", () => {
  const schema: JsonSchemaObject = {
    type: "object",
    additionalProperties: false,
    properties: {
      a: { type: "string" },
      list: {
        type: "array",
        items: { type: "object", properties: { x: {} }, additionalProperties: false },
      },
      pair: {
        type: "array",
        prefixItems: [{ type: "object", properties: {}, additionalProperties: false }, true],
      },
      map: {
        type: "object",
        additionalProperties: {
          type: "object",
          properties: { k: {} },
          additionalProperties: false,
        },
      },
      open: { type: "object", properties: { o: { type: "object", additionalProperties: false } } },
      ref: { $ref: "#/$defs/node" },
      either: {
        anyOf: [
          { type: "string" },
          { type: "object", properties: { e: {} }, additionalProperties: false },
        ],
      },
      patterned: { type: "object", patternProperties: { "^p": {} }, additionalProperties: false },
    },
    $defs: { node: { type: "object", properties: { n: {} }, additionalProperties: false } },
  };

  it("drops undeclared keys of closed objects everywhere, without touching the input", () => {
    const input = {
      a: "x",
      extra: 1,
      list: [{ x: 1, y: 2 }, "not an object"],
      pair: [{ z: 1 }, { kept: true }],
      map: { one: { k: 1, j: 2 } },
      open: { anything: 1, o: { gone: true } },
      ref: { n: 1, m: 2 },
      either: { e: 1, f: 2 },
      patterned: { p1: 1, q: 2 },
    };
    const before = structuredClone(input);
    const result = dropUnknownKeys(schema, input);
    assert.deepEqual(result.value, {
      a: "x",
      list: [{ x: 1 }, "not an object"],
      pair: [{}, { kept: true }],
      map: { one: { k: 1 } },
      open: { anything: 1, o: {} },
      ref: { n: 1 },
      either: { e: 1 },
      patterned: { p1: 1, q: 2 },
    });
    assert.deepEqual(
      result.dropped.map((path) => path.join(".")),
      ["extra", "list.0.y", "pair.0.z", "map.one.j", "open.o.gone", "ref.m", "either.f"],
    );
    assert.deepEqual(input, before);
  });

  it("returns the very input when nothing is dropped", () => {
    const input = { a: "x", list: [{ x: 1 }], ref: { n: 1 } };
    const result = dropUnknownKeys(schema, input);
    assert.equal(result.value, input);
    assert.deepEqual(result.dropped, []);
  });
});

describe("dispatch without promises where nothing waits", () => {
  class Mixed extends Tool {
    @activity({ description: "sync", schema: z.object({ n: z.number() }) })
    sync(input: { n: number }) {
      return { doubled: input.n * 2 };
    }

    @activity({ description: "thenable" })
    thenable() {
      // biome-ignore lint/suspicious/noThenProperty: a non-promise thenable is what is tested
      return { then: (resolve: (value: unknown) => void) => resolve("from a thenable") };
    }

    @activity({
      description: "async refine",
      schema: z.object({ n: z.number().refine(async (n) => n > 0) }),
    })
    refined(input: { n: number }) {
      return input.n;
    }
  }

  it("gives the same results for synchronous methods, thenables and async validators", async () => {
    const tool = new Mixed();
    assert.deepEqual((await tool.run("sync", { n: 2 })).value, { doubled: 4 });
    assert.equal((await tool.run("thenable", {})).toText(), "from a thenable");
    assert.equal((await tool.run("refined", { n: 3 })).toText(), "3");
    assert.equal((await tool.run("refined", { n: -1 })).type, "ErrorArtifact");
  });

  it("still runs the hooks, in order, around a synchronous method", async () => {
    const events: string[] = [];
    const tool = new Mixed({
      onBeforeRun: () => {
        events.push("before");
      },
      onAfterRun: ({ artifact }) => {
        events.push(`after ${artifact.toText()}`);
      },
    });
    await tool.run("sync", { n: 1 });
    assert.deepEqual(events, ["before", 'after {"doubled":2}']);
  });
});
