import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { JsonArtifact, ToolConfigError } from "../../src/index.js";
import { StructuredOutputTool } from "../../src/tools.js";

describe("StructuredOutputTool", () => {
  it("returns the validated input as a JsonArtifact, as Griptape", async () => {
    const tool = new StructuredOutputTool({ schema: z.object({ foo: z.string() }) });
    const artifact = await tool.run("provide_output", { foo: "bar" });
    assert.ok(artifact instanceof JsonArtifact);
    assert.deepEqual(artifact.value, { foo: "bar" });
  });

  it("shows the output schema to the model and validates against it", async () => {
    const tool = new StructuredOutputTool({
      schema: {
        type: "object",
        properties: { answer: { type: "string" }, score: { type: "number", minimum: 0 } },
        required: ["answer", "score"],
      },
    });
    assert.deepEqual(tool.activitySchema("provide_output").required, ["answer", "score"]);
    const invalid = await tool.run("provide_output", { answer: "x", score: -1 });
    assert.equal(invalid.type, "ErrorArtifact");
    assert.match(invalid.toText(), /^Activity input JSON validation error: \$\.score/);
    const transformed = new StructuredOutputTool({
      schema: z.object({ tags: z.string().transform((text) => text.split(",")) }),
    });
    assert.deepEqual((await transformed.run("provide_output", { tags: "a,b" })).toJSON().value, {
      tags: ["a", "b"],
    });
    assert.equal(tool.findActivity("provide_output")?.annotations.readOnly, true);
  });

  it("rejects a schema that is not an object schema", () => {
    assert.throws(() => new StructuredOutputTool({ schema: z.string() }), ToolConfigError);
  });
});
