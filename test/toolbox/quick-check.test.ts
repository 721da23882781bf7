import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { z } from "zod";
import { addToFloor, type TextFloor } from "../../src/calls/duplicate-keys.js";
import { anyDialectProfile, schemaProfile } from "../../src/dialects/capabilities.js";
import { lowerSchema } from "../../src/dialects/lower-schema.js";
import {
  activity,
  type DialectTarget,
  type JsonSchemaObject,
  Tool,
  Toolbox,
} from "../../src/index.js";
import { buildQuickCheck, passesQuickCheck, quickFloor } from "../../src/toolbox/quick-check.js";

const echoSchema = z.object({
  text: z.string(),
  count: z.number().int().optional(),
  "start-date": z.string().optional(),
  values: z.array(z.number()).optional(),
  inner: z.object({ x: z.number() }).optional(),
});

class EchoTool extends Tool {
  @activity({ description: "Echoes its input", schema: echoSchema })
  echo(input: unknown) {
    return { received: input };
  }

  @activity({ description: "Echoes a title", schema: z.object({ title: z.string() }) })
  title(input: unknown) {
    return { received: input };
  }
}

describe("the quick check (one pass over a parsed call's keys)", () => {
  const schema = new EchoTool().activitySchema("echo");

  it("admits declared keys with nothing below them to prune, and marks synthetic nulls", () => {
    const generic = buildQuickCheck(schema, lowerSchema(schema, anyDialectProfile).plan);
    assert.ok(generic !== undefined);
    // `inner` holds a closed object: a key could be dropped under it, so it takes the full path.
    assert.deepEqual(Object.keys(generic).sort(), ["count", "start-date", "text", "values"]);
    assert.equal(generic.text, false);
    assert.equal(generic.count, true, "an optional key's null is a synthetic one to undo");
    assert.ok(passesQuickCheck(generic, { text: "a", count: 2 }));
    assert.ok(!passesQuickCheck(generic, { text: "a", count: null }));
    assert.ok(!passesQuickCheck(generic, { text: "a", unknown: 1 }));
    assert.ok(!passesQuickCheck(generic, { text: "a", inner: { x: 1 } }));
    assert.ok(!passesQuickCheck(generic, '{"text":"a"}'));
    assert.ok(!passesQuickCheck(generic, ["text"]));
  });

  it("leaves out the keys a dialect renamed, and refuses roots it cannot read in one pass", () => {
    const gemini = lowerSchema(schema, schemaProfile("gemini")).plan;
    const check = buildQuickCheck(schema, gemini);
    assert.ok(check !== undefined);
    assert.equal(
      Object.hasOwn(check, "start_date"),
      false,
      "Gemini's name for start-date is undone on the full path",
    );
    assert.equal(check["start-date"], false, "the original name needs nothing undone");
    assert.ok(!passesQuickCheck(check, { text: "a", start_date: "2026-12-02" }));
    const union: JsonSchemaObject = {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { b: { type: "number" } } },
      ],
    };
    assert.equal(buildQuickCheck(union, undefined), undefined);
    assert.equal(
      buildQuickCheck({ $ref: "#/$defs/x", $defs: { x: { type: "object" } } }, undefined),
      undefined,
    );
  });

  it("gives exactly what the full decode gives, whatever the model sends, in every dialect", async () => {
    const toolbox = new Toolbox([new EchoTool()]);
    const dialects: (DialectTarget | undefined)[] = [
      undefined,
      { dialect: "openai-chat", strict: true },
      "anthropic",
      "gemini",
      "ollama",
    ];
    const anyValue = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.integer({ min: -3, max: 3 }),
      fc.constant(null),
      fc.constant("3"),
      fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
      fc.record({ x: fc.integer(), extra: fc.boolean() }, { requiredKeys: [] }),
    );
    const call = fc.dictionary(
      fc.constantFrom("text", "count", "start-date", "start_date", "values", "inner", "zzz"),
      anyValue,
      { maxKeys: 6 },
    );
    const wrapped = fc.oneof(
      call,
      call.map((inner) => ({ values: inner })),
      call.map((inner) => ({ arguments: JSON.stringify(inner) })),
    );
    await fc.assert(
      fc.asyncProperty(
        wrapped,
        fc.constantFrom("EchoTool_echo", "EchoTool_title"),
        fc.constantFrom(...dialects),
        async (args, name, dialect) => {
          const options = dialect === undefined ? {} : { dialect };
          // Text arguments may take the quick path; an object always takes the full one.
          const [quick, full] = await Promise.all([
            toolbox.execute({ id: "q", name, arguments: JSON.stringify(args) }, options),
            toolbox.execute({ id: "q", name, arguments: args }, options),
          ]);
          const { id: _quickId, name: _quickName, ...quickArtifact } = quick.artifact.toJSON();
          const { id: _fullId, name: _fullName, ...fullArtifact } = full.artifact.toJSON();
          assert.deepEqual(quickArtifact, fullArtifact);
          assert.deepEqual(quick.repairs, full.repairs);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("measures a value as the duplicate-key check's own walk does", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), (value) => {
        const check: Record<string, boolean> = Object.create(null);
        for (const key of Object.keys(value)) check[key] = false;
        const floor: TextFloor = { keys: 0, length: 0 };
        addToFloor(floor, value, 0);
        assert.deepEqual(quickFloor(check, value), floor);
      }),
      { numRuns: 500 },
    );
  });
});
