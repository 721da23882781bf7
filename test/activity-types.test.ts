// Compile-time checks: `npm test` type-checks this file, so each `@ts-expect-error` below must stay an error.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type } from "arktype";
import { z } from "zod";
import { type ActivityContext, type ActivityInput, activity, Tool } from "../src/index.js";

const schema = z.object({ city: z.string(), days: z.number().int().default(1) });

interface CityInput {
  city: string;
}

class TypedTool extends Tool {
  unit = "C";

  @activity({ description: "exact type", schema })
  exact(input: z.infer<typeof schema>) {
    return `${input.city} ${input.days}`;
  }

  @activity({ description: "a compatible interface", schema })
  narrower(input: CityInput, context: ActivityContext<TypedTool>) {
    return `${input.city} ${context.tool.unit}`;
  }

  // @ts-expect-error city is a string in the schema, not a number
  @activity({ description: "wrong property type", schema })
  wrongType(input: { city: number }) {
    return input.city;
  }

  // @ts-expect-error the schema has no property "country"
  @activity({ description: "property the schema lacks", schema })
  missingKey(input: { city: string; country: string }) {
    return input.country;
  }

  @activity({
    description: (tool: TypedTool) => `temperature in ${tool.unit}`,
    schema: (tool: TypedTool) => z.object({ city: z.string().describe(tool.unit) }),
  })
  fromFunction(input: CityInput) {
    return input.city;
  }

  // @ts-expect-error the schema function's zod type is checked too
  @activity({ description: "d", schema: (_tool: TypedTool) => z.object({ n: z.number() }) })
  fromFunctionWrong(input: { n: string }) {
    return input.n;
  }

  @activity({ description: "arktype", schema: type({ q: "string" }) })
  standard(input: { q: string }) {
    return input.q;
  }

  // @ts-expect-error arktype's inferred type is checked
  @activity({ description: "arktype wrong", schema: type({ q: "string" }) })
  standardWrong(input: { q: boolean }) {
    return input.q;
  }

  @activity({
    description: "JSON Schema",
    schema: { type: "object", properties: { q: { type: "string" } } },
  })
  jsonSchema(input: CityInput) {
    return input.city;
  }

  // @ts-expect-error a JSON Schema input is always an object
  @activity({ description: "JSON Schema", schema: { type: "object" } })
  jsonSchemaNotObject(input: string) {
    return input;
  }

  @activity({
    description: "approval from input",
    schema,
    needsApproval: (input) => input.days > 3,
  })
  approved(input: CityInput) {
    return input.city;
  }

  // @ts-expect-error needsApproval sees the schema's type: there is no "nope"
  @activity({ description: "approval from input", schema, needsApproval: (input) => input.nope })
  approvedWrong(input: CityInput) {
    return input.city;
  }

  @activity({ description: "no input" })
  noInput() {
    return "ok";
  }
}

class NotATool {
  // @ts-expect-error @activity only decorates methods of Tool subclasses
  @activity({ description: "outside a tool" })
  method() {}
}

// @ts-expect-error description is required
activity({ name: "x" });

type Inferred = ActivityInput<typeof schema>;
const inferred: Inferred = { city: "Oslo", days: 2 };

describe("activity input types", () => {
  it("compiles the well-typed activities and runs them", async () => {
    const tool = new TypedTool();
    assert.equal((await tool.run("exact", { city: "Oslo" })).toText(), "Oslo 1");
    assert.equal((await tool.run("narrower", { city: "Oslo" })).toText(), "Oslo C");
    assert.equal(inferred.days, 2);
    assert.equal(typeof NotATool, "function");
  });
});
