import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { z } from "zod";
import * as zm from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { activity, ErrorArtifact, Tool, Toolbox } from "../src/index.js";
import { zodCompileTier, zodValidator } from "../src/schema/zod-schema.js";

// Schemas with what zod's compiler has to model (or refuse): formats, bounds, defaults, transforms,
// refinements, unions, records, tuples, nullables, coercion, pipes, strict and loose objects.
const schemas: Record<string, $ZodType> = {
  event: z.object({
    title: z.string().min(1).max(200),
    start: z.iso.datetime(),
    durationMinutes: z.number().int().min(1).max(1440),
    attendees: z.array(z.email()).max(3),
    location: z.string().optional(),
    priority: z.enum(["low", "normal", "high"]).default("normal"),
  }),
  transformed: z.object({
    name: z.string().trim().toLowerCase(),
    count: z.coerce.number().int(),
    tags: z
      .string()
      .transform((text) => text.split(","))
      .pipe(z.array(z.string().min(1))),
  }),
  refined: z
    .object({ low: z.number(), high: z.number() })
    .refine((range) => range.low <= range.high, { message: "low must not exceed high" }),
  unions: z.object({
    shape: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("circle"), radius: z.number().positive() }),
      z.object({ kind: z.literal("square"), side: z.number().positive() }),
    ]),
    id: z.union([z.uuid(), z.number().int()]),
    note: z.string().nullable(),
  }),
  containers: z.object({
    scores: z.record(z.string(), z.number().min(0).max(100)),
    point: z.tuple([z.number(), z.number()]),
    url: z.url().optional(),
    strict: z.strictObject({ a: z.string() }),
    loose: z.looseObject({ b: z.boolean() }),
  }),
  mini: zm.object({ city: zm.string().check(zm.minLength(2)), days: zm.optional(zm.int()) }),
};

const inputs: Record<string, unknown[]> = {
  event: [
    {
      title: "Design review",
      start: "2026-12-03T10:00:00Z",
      durationMinutes: 45,
      attendees: ["ada@example.com"],
    },
    {
      title: "",
      start: "2026-12-03T10:00:00+01:00",
      durationMinutes: 45.5,
      attendees: ["no-email"],
    },
    { title: "x", start: "2026-02-30T10:00:00Z", durationMinutes: 0, attendees: [], priority: "u" },
    { title: "x".repeat(201), start: "yesterday", durationMinutes: "45", attendees: "a@b.co" },
    "not an object",
    null,
  ],
  transformed: [
    { name: "  Ada ", count: "42", tags: "a,b" },
    { name: "Ada", count: "4.2", tags: "a,,b" },
    { name: 7, count: "x", tags: 1 },
  ],
  refined: [
    { low: 1, high: 2 },
    { low: 3, high: 2 },
    { low: "1", high: 2 },
  ],
  unions: [
    { shape: { kind: "circle", radius: 2 }, id: 7, note: null },
    { shape: { kind: "square", side: 2 }, id: "0b7d5a6e-3f7e-4b8e-9c1a-2f3e4d5c6b7a", note: "n" },
    { shape: { kind: "triangle", side: 2 }, id: 1.5, note: undefined },
    { shape: { kind: "circle", radius: -1 }, id: "not-a-uuid", note: 3 },
  ],
  containers: [
    {
      scores: { a: 1, b: 99 },
      point: [1, 2],
      url: "https://example.com/x",
      strict: { a: "x" },
      loose: { b: true, extra: 1 },
    },
    {
      scores: { a: 101 },
      point: [1],
      url: "not a url",
      strict: { a: "x", b: 1 },
      loose: { b: "no" },
    },
  ],
  mini: [{ city: "Oslo", days: 3 }, { city: "O", days: 1.5 }, {}],
};

describe("zod's compiler for schemas that validate many calls", () => {
  const after = zodCompileTier.after;
  const load = zodCompileTier.load;
  afterEach(() => {
    zodCompileTier.after = after;
    zodCompileTier.load = load;
    z.config({ jitless: false });
  });

  it("gives exactly the runtime parser's results: values, refusals and their issues", () => {
    for (const [name, schema] of Object.entries(schemas)) {
      const cases = inputs[name] ?? [];
      // Each validator parses its own copy: a transform must not see the other's output.
      zodCompileTier.after = Number.POSITIVE_INFINITY;
      const runtime = zodValidator(schema);
      const expected = cases.map((input) => runtime(structuredClone(input)));
      zodCompileTier.after = 1;
      const before = zodCompileTier.compiled;
      const compiled = zodValidator(schema);
      cases.forEach((input, index) => {
        const actual = compiled(structuredClone(input));
        assert.deepEqual(actual, expected[index], `${name}: ${JSON.stringify(input)}`);
      });
      assert.equal(zodCompileTier.compiled, before + 1, `${name} was compiled`);
    }
  });

  it("compiles a schema only after `after` validations, once", () => {
    zodCompileTier.after = 3;
    const validate = zodValidator(schemas.refined as $ZodType);
    const before = zodCompileTier.compiled;
    validate({ low: 1, high: 2 });
    validate({ low: 1, high: 2 });
    assert.equal(zodCompileTier.compiled, before);
    validate({ low: 1, high: 2 });
    for (let call = 0; call < 10; call++) validate({ low: 1, high: 2 });
    assert.equal(zodCompileTier.compiled, before + 1);
  });

  it("leaves the runtime parser alone under z.config({ jitless: true })", async () => {
    z.config({ jitless: true });
    zodCompileTier.after = 1;
    const before = zodCompileTier.compiled;
    const validate = zodValidator(schemas.event as $ZodType);
    assert.equal((await validate(inputs.event?.[0])).ok, true);
    assert.equal(zodCompileTier.compiled, before);
  });

  it("leaves a schema of another zod release on its runtime parser", async () => {
    const schema = z.object({ a: z.string() });
    // What a user's own copy of another zod version carries.
    (schema._zod as { version: object }).version = { major: 4, minor: 0, patch: 0 };
    zodCompileTier.after = 1;
    const before = zodCompileTier.compiled;
    const validate = zodValidator(schema);
    assert.deepEqual(validate({ a: "x" }), { ok: true, value: { a: "x" } });
    assert.equal((await validate({ a: 1 })).ok, false);
    assert.equal(zodCompileTier.compiled, before);
  });

  it("keeps the runtime parser when zod's core cannot be loaded (a bundle without zod's files)", async () => {
    zodCompileTier.load = () => {
      throw new Error("Cannot find module 'zod/v4/core'");
    };
    zodCompileTier.after = 1;
    const before = zodCompileTier.compiled;
    const validate = zodValidator(schemas.refined as $ZodType);
    for (let call = 0; call < 3; call++) {
      assert.deepEqual(await validate({ low: 1, high: 2 }), {
        ok: true,
        value: { low: 1, high: 2 },
      });
    }
    assert.equal((await validate({ low: 3, high: 2 })).ok, false);
    assert.equal(zodCompileTier.compiled, before);
  });

  it("still awaits async refinements once compiled", async () => {
    zodCompileTier.after = 1;
    const schema = z.object({
      user: z.string().refine(async (name) => name !== "taken", { message: "name taken" }),
    });
    const validate = zodValidator(schema);
    assert.deepEqual(await validate({ user: "free" }), { ok: true, value: { user: "free" } });
    const refused = await validate({ user: "taken" });
    assert.equal(refused.ok, false);
  });

  it("runs a refinement at most twice on a refused input, as before", async () => {
    let runs = 0;
    const schema = z.object({ n: z.number() }).refine((value) => {
      runs++;
      return value.n > 0;
    });
    zodCompileTier.after = 1;
    const validate = zodValidator(schema);
    runs = 0;
    assert.equal((await validate({ n: -1 })).ok, false);
    assert.ok(runs <= 2, `ran ${runs} times`);
    runs = 0;
    assert.equal((await validate({ n: 1 })).ok, true);
    assert.equal(runs, 1);
  });

  it("a toolbox's hot activity: the same inputs reach the method and the same refusals come back", async () => {
    const received: unknown[] = [];
    class Calendar extends Tool {
      @activity({ description: "Create an event", schema: schemas.event as $ZodType })
      create(input: unknown) {
        received.push(input);
        return { ok: true };
      }
    }
    zodCompileTier.after = 50;
    const toolbox = new Toolbox([new Calendar()]);
    const name = toolbox.nativeName("Calendar", "create");
    const valid = JSON.stringify(inputs.event?.[0]);
    const invalid = JSON.stringify(inputs.event?.[1]);
    const before = zodCompileTier.compiled;
    const refusals = new Set<string>();
    for (let call = 0; call < 120; call++) {
      const result = await toolbox.execute({ name, arguments: call % 2 === 0 ? valid : invalid });
      if (call % 2 === 1) {
        assert.ok(result.artifact instanceof ErrorArtifact);
        refusals.add(result.artifact.toText());
      }
    }
    assert.equal(zodCompileTier.compiled, before + 1);
    // Before and after the switch: one refusal text, and every valid call's input as zod gives it.
    assert.equal(refusals.size, 1);
    assert.equal(received.length, 60);
    for (const input of received) {
      assert.deepEqual(input, { ...(inputs.event?.[0] as object), priority: "normal" });
    }
  });
});
