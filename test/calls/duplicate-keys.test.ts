// The duplicate-key check's cheap proofs (the text's length floor, the key marks) must never let a
// repeated key with another value through. Texts are spelled with every freedom JSON allows (spacing,
// escapes, exponents, trailing zeros) and, in some, one object repeats a key.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  addToFloor,
  duplicateKeyProblem,
  numberFloor,
  type TextFloor,
} from "../../src/calls/duplicate-keys.js";

/** A small seeded generator, so each fast-check case spells its text one reproducible way. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every way of writing `value` JSON allows that parses back to it, picked at random. */
function spellNumber(value: number, next: () => number): string {
  const choices = [
    JSON.stringify(value),
    value.toExponential(),
    value.toExponential().replace("e+", "E"),
  ];
  if (Number.isInteger(value) && Math.abs(value) < 1e15) choices.push(`${value}.0`, `${value}e0`);
  return choices[Math.floor(next() * choices.length)] as string;
}

function spellString(value: string, next: () => number): string {
  if (next() < 0.5) return JSON.stringify(value);
  // Some characters as \u escapes: longer text, the same string.
  let out = '"';
  for (const char of JSON.stringify(value)
    .slice(1, -1)
    .split(/(\\.|.)/u)
    .filter(Boolean)) {
    out +=
      char.length === 1 && next() < 0.3
        ? `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, "0")}`
        : char;
  }
  return `${out}"`;
}

interface Spelling {
  text: string;
  /** A key was repeated with another value. */
  conflict: boolean;
}

function spell(
  value: unknown,
  next: () => number,
  plan: { repeatAt: number; same: boolean },
): Spelling {
  let conflict = false;
  let objects = 0;
  const space = () => [" ", "", "", "\n  ", "\t"][Math.floor(next() * 5)] as string;
  const write = (node: unknown): string => {
    if (typeof node === "number") return spellNumber(node, next);
    if (typeof node === "string") return spellString(node, next);
    if (typeof node !== "object" || node === null) return JSON.stringify(node);
    if (Array.isArray(node)) return `[${node.map((item) => space() + write(item)).join(",")}]`;
    const entries = Object.entries(node).map(
      ([key, item]) => `${spellString(key, next)}${space()}:${space()}${write(item)}`,
    );
    const own = objects++;
    const keys = Object.keys(node);
    if (own === plan.repeatAt && keys.length > 0) {
      const key = keys[Math.floor(next() * keys.length)] as string;
      const original = (node as Record<string, unknown>)[key];
      const other = plan.same ? original : [original, "something else"];
      if (!plan.same) conflict = true;
      const repeated = `${spellString(key, next)}:${write(other)}`;
      // Before the original (JSON.parse keeps the original) or after it (it keeps the repeat).
      if (next() < 0.5) entries.unshift(repeated);
      else entries.push(repeated);
    }
    return `{${space()}${entries.join(`,${space()}`)}${space()}}`;
  };
  const text = write(value);
  return { text, conflict };
}

describe("duplicate keys", () => {
  it("are found in every spelling, and only when a key repeats with another value", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer(),
        fc.integer({ min: -1, max: 4 }),
        fc.boolean(),
        (value, seed, repeatAt, same) => {
          const { text, conflict } = spell(value, random(seed), { repeatAt, same });
          const problem = duplicateKeyProblem(text, JSON.parse(text));
          assert.equal(problem !== undefined, conflict, text);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("floors a text at its length or below, and at its length when compact", () => {
    const floorOf = (value: unknown): number => {
      const floor: TextFloor = { keys: 0, length: 0 };
      assert.ok(addToFloor(floor, value, 0));
      return floor.length;
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer(), (value, seed) => {
        const { text } = spell(value, random(seed), { repeatAt: -1, same: true });
        assert.ok(floorOf(JSON.parse(text)) <= text.length, text);
      }),
      { numRuns: 2000 },
    );
    // Plain words, whole numbers without trailing zeros, booleans and null: compact text is the floor.
    const word = fc.stringMatching(/^[a-z ]{0,8}$/);
    const plain = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 3 },
        word,
        fc.integer({ min: -99999, max: 99999 }).filter((n) => n % 10 !== 0),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(word, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(plain, (value) => {
        const text = JSON.stringify(value);
        assert.equal(floorOf(JSON.parse(text)), text.length, text);
      }),
      { numRuns: 2000 },
    );
  });

  it("names the key and both values", () => {
    const problem = duplicateKeyProblem('{"loc":"A","loc":"A (edited)"}', { loc: "A (edited)" });
    assert.match(
      problem ?? "",
      /"loc" appears twice with different values \("A" and "A \(edited\)"\)/,
    );
    assert.equal(duplicateKeyProblem('{"a":1,"a":1.0}', { a: 1 }), undefined);
  });

  it("floors numbers at no more than their shortest spelling", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const spellings = [JSON.stringify(value), value.toExponential()];
        for (let digits = 0; digits <= 20; digits++) {
          const spelled = value.toExponential(digits);
          if (Number(spelled) === value) spellings.push(spelled);
        }
        const shortest = Math.min(...spellings.map((spelling) => spelling.length));
        assert.ok(numberFloor(value) <= shortest, `${value}: ${numberFloor(value)} > ${shortest}`);
      }),
      { numRuns: 5000 },
    );
    for (const value of [1, 45, 10, 100, 1000, 1020, 123456789, -7, -70, 0])
      assert.ok(
        numberFloor(value) <=
          Math.min(`${value}`.length, value.toExponential().replace("e+", "e").length),
      );
    // Whole numbers without trailing zeros floor at their digits: compact text meets the floor.
    assert.equal(numberFloor(45), 2);
    assert.equal(numberFloor(-1234), 5);
    assert.equal(numberFloor(10), 2);
    assert.equal(numberFloor(3.25), 4);
  });
});
