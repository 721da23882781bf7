import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type } from "arktype";
import { z } from "zod";
import * as zm from "zod/mini";
import { type ActivityContext, activity, Tool } from "../src/index.js";

describe("schema kinds", () => {
  it("zod: JSON Schema of the input side, closed objects, no safe-integer noise", () => {
    class Z extends Tool {
      @activity({
        description: "z",
        schema: z.object({
          count: z.number().int().min(1),
          mode: z.enum(["a", "b"]).default("a"),
          note: z.string().optional(),
          loose: z.object({ k: z.string() }).loose(),
        }),
      })
      go() {}
    }
    assert.deepEqual(new Z().activitySchema("go"), {
      type: "object",
      properties: {
        count: { type: "integer", minimum: 1 },
        mode: { default: "a", type: "string", enum: ["a", "b"] },
        note: { type: "string" },
        loose: {
          type: "object",
          properties: { k: { type: "string" } },
          required: ["k"],
          additionalProperties: {},
        },
      },
      required: ["count", "loose"],
      additionalProperties: false,
    });
  });

  it("zod mini: the same JSON Schema and validation as zod classic", async () => {
    const classic = z.object({ city: z.string().min(2), days: z.number().int().optional() });
    const mini = zm.object({
      city: zm.string().check(zm.minLength(2)),
      days: zm.optional(zm.int()),
    });
    class Weather extends Tool {
      @activity({ description: "classic", schema: classic })
      a(input: { city: string; days?: number | undefined }) {
        return input.city;
      }

      @activity({ description: "mini", schema: mini })
      b(input: { city: string; days?: number | undefined }) {
        return input.city;
      }
    }
    const tool = new Weather();
    assert.deepEqual(tool.activitySchema("b"), tool.activitySchema("a"));
    assert.equal((await tool.run("b", { city: "Oslo" })).toText(), "Oslo");
    const bad = await tool.run("b", { city: "O", days: 1.5 });
    assert.equal(bad.toText(), (await tool.run("a", { city: "O", days: 1.5 })).toText());
    assert.match(
      bad.toText(),
      /\$\.city: expected string of at least 2 characters, got string "O"/,
    );
  });

  it("zod: an async refinement is validated asynchronously", async () => {
    class Slow extends Tool {
      @activity({
        description: "slow",
        schema: z.object({ name: z.string().refine(async (name) => name !== "taken") }),
      })
      claim(input: { name: string }) {
        return `claimed ${input.name}`;
      }
    }
    const tool = new Slow();
    assert.equal((await tool.run("claim", { name: "free" })).toText(), "claimed free");
    assert.match((await tool.run("claim", { name: "taken" })).toText(), /validation error/);
    assert.equal((await tool.run("claim", { name: "again" })).toText(), "claimed again");
  });

  it("zod: a root union of objects is an object schema", async () => {
    class U extends Tool {
      @activity({
        description: "u",
        schema: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("circle"), r: z.number() }),
          z.object({ kind: z.literal("square"), side: z.number() }),
        ]),
      })
      area(input: { kind: "circle"; r: number } | { kind: "square"; side: number }) {
        return input.kind === "circle" ? Math.PI * input.r ** 2 : input.side ** 2;
      }
    }
    const tool = new U();
    assert.equal(tool.activitySchema("area").type, "object");
    assert.equal(
      (tool.activitySchema("area").oneOf ?? tool.activitySchema("area").anyOf)?.length,
      2,
    );
    assert.equal((await tool.run("area", { kind: "square", side: 3 })).toText(), "9");
    const bad = await tool.run("area", { kind: "triangle" });
    assert.match(bad.toText(), /^Activity input JSON validation error: /);
  });

  it("Standard Schema with JSON Schema (arktype): validated by the library itself", async () => {
    const person = type({ name: "string", "age?": "number.integer >= 0" });
    class People extends Tool {
      @activity({ description: "greet", schema: person })
      greet(input: typeof person.infer) {
        return `hi ${input.name}${input.age === undefined ? "" : ` (${input.age})`}`;
      }
    }
    const tool = new People();
    assert.deepEqual(tool.activitySchema("greet"), {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } },
      required: ["name"],
    });
    assert.equal((await tool.run("greet", { name: "Ada", age: 36 })).toText(), "hi Ada (36)");
    assert.equal(
      (await tool.run("greet", { name: 1 })).toText(),
      "Activity input JSON validation error: $.name: name must be a string (was a number), got 1",
    );
  });

  it("JSON Schema draft-07 is upgraded to 2020-12 and still validates", async () => {
    class Legacy extends Tool {
      @activity({
        description: "legacy",
        schema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          definitions: {
            point: {
              type: "array",
              items: [{ type: "number" }, { type: "number" }],
              additionalItems: false,
            },
          },
          properties: { at: { $ref: "#/definitions/point" } },
          required: ["at"],
        },
      })
      go(input: { at: number[] }) {
        return input.at.join(",");
      }
    }
    const tool = new Legacy();
    assert.deepEqual(tool.activitySchema("go"), {
      type: "object",
      $defs: {
        point: {
          type: "array",
          prefixItems: [{ type: "number" }, { type: "number" }],
          items: false,
        },
      },
      properties: { at: { $ref: "#/$defs/point" } },
      required: ["at"],
    });
    assert.equal((await tool.run("go", { at: [1, 2] })).toText(), "1,2");
    assert.match((await tool.run("go", { at: [1, 2, 3] })).toText(), /validation error/);
  });

  it("a schema function is called with the tool and resolved once per instance", async () => {
    let calls = 0;
    class Configurable extends Tool {
      constructor(readonly choices: string[]) {
        super();
      }
      @activity({
        description: "pick",
        schema: (tool: Configurable) => {
          calls++;
          return z.object({ choice: z.enum(tool.choices as [string, ...string[]]) });
        },
      })
      pick(input: { choice: string }, context: ActivityContext<Configurable>) {
        return `${input.choice} of ${context.tool.choices.length}`;
      }
    }
    const tool = new Configurable(["x", "y"]);
    assert.deepEqual(tool.activitySchema("pick").properties, {
      choice: { type: "string", enum: ["x", "y"] },
    });
    assert.equal((await tool.run("pick", { choice: "y" })).toText(), "y of 2");
    assert.match((await tool.run("pick", { choice: "z" })).toText(), /expected one of "x", "y"/);
    assert.equal(calls, 1);
    const broken = new (class extends Tool {
      @activity({ description: "b", schema: () => z.string() as never })
      b() {}
    })();
    assert.throws(() => broken.activitySchema("b"), { name: "ActivityConfigError", key: "schema" });
  });
});
