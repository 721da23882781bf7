import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkOptions, closestKey } from "../../src/internal/check-options.js";
import { aString, positiveNumber } from "../../src/internal/option-rules.js";

const check = (value: unknown, required: readonly string[] = []) =>
  checkOptions(value, {
    owner: "Thing",
    rules: { timeoutMs: positiveNumber, name: aString },
    required,
    error: (option, message) => new Error(`"${option}" ${message}`),
  });

describe("checkOptions", () => {
  it("suggests the closest key for a typo, a swap or another case, and nothing for a stranger", () => {
    const keys = ["timeoutMs", "name", "maxSteps"];
    assert.equal(closestKey("tiemoutMs", keys), "timeoutMs");
    assert.equal(closestKey("nmae", keys), "name");
    assert.equal(closestKey("TIMEOUTMS", keys), "timeoutMs");
    assert.equal(closestKey("maxStep", keys), "maxSteps");
    assert.equal(closestKey("colour", keys), undefined);
    assert.throws(() => check({ colour: "red" }), {
      message: '"colour" is not an option of Thing; its options are: timeoutMs, name',
    });
  });

  it("treats undefined as not given, but still refuses an unknown key that holds undefined", () => {
    check({ timeoutMs: undefined, name: undefined });
    assert.throws(() => check({ timout: undefined }), /"timout" is not an option of Thing/);
  });

  it("names a missing required key, also when no options were passed at all", () => {
    assert.throws(() => check({}, ["name"]), { message: '"name" is required (a string)' });
    assert.throws(() => check(undefined, ["name"]), { message: '"name" is required (a string)' });
    assert.throws(() => check(undefined), {
      message: '"options" must be an object; got undefined',
    });
    assert.throws(() => check([1]), { message: '"options" must be an object; got an array ([1])' });
  });

  it("says what was expected and what came", () => {
    assert.throws(() => check({ timeoutMs: "5" }), {
      message: '"timeoutMs" must be a positive number; got a string ("5")',
    });
    assert.throws(() => check({ timeoutMs: new Map() }), {
      message: '"timeoutMs" must be a positive number; got an instance of Map',
    });
  });
});
