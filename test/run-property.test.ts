import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { z } from "zod";
import { activity, isArtifact, Tool } from "../src/index.js";
import { MockTool } from "./fixtures/mock-tool.js";

class Shapes extends Tool {
  @activity({ description: "record", schema: z.object({ map: z.record(z.string(), z.unknown()) }) })
  record(input: { map: Record<string, unknown> }) {
    return Object.keys(input.map).length;
  }

  @activity({
    description: "open JSON Schema",
    schema: {
      type: "object",
      properties: { nested: { type: "object", additionalProperties: { type: "object" } } },
      additionalProperties: true,
    },
  })
  open(input: Record<string, unknown>) {
    return input;
  }

  @activity({ description: "merge", schema: z.object({ target: z.object({}).loose() }) })
  merge(input: { target: Record<string, unknown> }) {
    return Object.assign({}, input.target);
  }
}

const pollutingInputs = [
  '{"__proto__": {"polluted": true}}',
  '{"test": "x", "__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"map": {"__proto__": {"polluted": true}}}',
  '{"nested": {"__proto__": {"polluted": true}}, "__proto__": {"polluted": true}}',
  '{"target": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}',
];

function assertNotPolluted(): void {
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.hasOwn(Object.prototype, "polluted"), false);
}

describe("run on arbitrary input (property)", () => {
  const tools: Tool[] = [new MockTool(), new Shapes()];

  it("always resolves to an artifact, whatever JSON the model sends", async () => {
    for (const tool of tools) {
      for (const { name } of tool.activities()) {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue(), async (input) => {
            const artifact = await tool.run(name, input);
            assert.ok(isArtifact(artifact));
            assertNotPolluted();
          }),
          { numRuns: 150 },
        );
      }
    }
  });

  it("also for objects shaped like the schema with junk mixed in", async () => {
    const tool = new MockTool();
    const arbitrary = fc.dictionary(
      fc.constantFrom("test", "extra", "__proto__", "constructor", "toString", "values"),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(
        arbitrary,
        fc.constantFrom(...tool.activities().map((a) => a.name)),
        async (input, name) => {
          const artifact = await tool.run(name, input);
          assert.ok(isArtifact(artifact));
          assertNotPolluted();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never pollutes Object.prototype through __proto__ or constructor payloads", async () => {
    for (const text of pollutingInputs) {
      for (const tool of tools) {
        for (const { name } of tool.activities()) {
          const artifact = await tool.run(name, JSON.parse(text));
          assert.ok(isArtifact(artifact));
          assertNotPolluted();
        }
      }
    }
  });

  it("keeps a __proto__ key as plain data where the schema allows any key", async () => {
    const artifact = await new Shapes().run(
      "open",
      JSON.parse('{"nested": {"__proto__": {"x": 1}}}'),
    );
    assert.equal(artifact.toText(), '{"nested":{"__proto__":{"x":1}}}');
    const nested = (artifact.value as { nested: object }).nested;
    assert.equal(Object.getPrototypeOf(nested), Object.prototype);
    assert.ok(Object.hasOwn(nested, "__proto__"));
  });
});
