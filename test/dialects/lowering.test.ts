import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Ajv2020Module from "ajv/dist/2020.js";
import fc from "fast-check";
import { z } from "zod";
import {
  activity,
  DialectError,
  JsonArtifact,
  type JsonSchemaObject,
  type OpenAIChatTool,
  Tool,
  Toolbox,
} from "../../src/index.js";
import { encodeForLowered } from "../fixtures/bfcl-encode.js";

const ajv = new Ajv2020Module.default({ strict: false, logger: false });

function toolWith(schema: unknown, name = "T"): Tool {
  class SchemaTool extends Tool {
    @activity({ name: "run", description: "Runs", schema: schema as JsonSchemaObject })
    go(input: unknown) {
      return input as object;
    }
  }
  return new SchemaTool({ name });
}

const node: JsonSchemaObject = {
  type: "object",
  properties: {
    label: { type: "string" },
    children: { type: "array", items: { $ref: "#/$defs/node" } },
  },
  required: ["label"],
  additionalProperties: false,
};
const recursive: JsonSchemaObject = {
  type: "object",
  properties: { root: { $ref: "#/$defs/node" } },
  required: ["root"],
  additionalProperties: false,
  $defs: { node },
};

describe("lowering per dialect", () => {
  it("makes strict OpenAI schemas: every key required, optional → nullable, closed, no default", () => {
    const schema = z.object({
      city: z.string().describe("City"),
      days: z.number().int().min(1).default(3),
      unit: z.enum(["c", "f"]).optional(),
      note: z.string().nullable().optional(),
    });
    const [tool] = new Toolbox([toolWith(schema)]).toProviderTools("openai-chat", { strict: true });
    assert.deepEqual(tool?.function.parameters, {
      type: "object",
      properties: {
        city: { type: "string", description: "City" },
        days: { type: ["integer", "null"], minimum: 1, description: "{default: 3}" },
        unit: { type: ["string", "null"], enum: ["c", "f", null] },
        note: { type: ["string", "null"] },
      },
      required: ["city", "days", "unit", "note"],
      additionalProperties: false,
    });
    assert.equal(tool?.function.strict, true);
  });

  it("keeps recursion for strict OpenAI and refuses it for Gemini parameters, naming tool, activity, path and dialect", () => {
    const toolbox = new Toolbox([toolWith(recursive, "Tree")]);
    const [tool] = toolbox.toProviderTools("openai-chat", { strict: true });
    const parameters = tool?.function.parameters as JsonSchemaObject;
    const root = parameters.properties?.root as JsonSchemaObject;
    assert.deepEqual(root.properties?.children, {
      type: ["array", "null"],
      items: { $ref: "#/$defs/node" },
    });
    assert.deepEqual(parameters.$defs?.node, root);
    assert.throws(
      () => toolbox.toProviderTools("gemini"),
      (error: unknown) => {
        assert.ok(error instanceof DialectError);
        assert.equal(error.code, "unsupported_by_dialect");
        assert.equal(error.dialect, "gemini (parameters)");
        assert.equal(error.toolName, "Tree");
        assert.equal(error.activityName, "run");
        assert.equal(error.path, "$.root.children[*]");
        assert.match(
          error.message,
          /^gemini \(parameters\): tool "Tree" activity "run" at \$\.root\.children\[\*\]: recursive schema/,
        );
        return true;
      },
    );
    assert.throws(() => toolbox.toProviderTools("anthropic", { strict: true }), DialectError);
    const [declaration] = toolbox.toProviderTools("gemini", {
      geminiSchemaField: "parametersJsonSchema",
    })[0].functionDeclarations;
    assert.ok(declaration?.parametersJsonSchema?.$defs);
  });

  it("writes Gemini's OpenAPI subset: upper-case types, nullable, string enums, renamed properties", async () => {
    const schema = {
      type: "object",
      properties: {
        "Content-Type": { type: "string" },
        level: { enum: [1, 2, 3] },
        mode: { const: "fast" },
        size: { type: ["integer", "null"] },
        tags: { type: "array", items: { type: "string" }, minItems: 1 },
        extra: { type: "object", additionalProperties: { type: "number" } },
      },
      required: ["Content-Type", "level"],
      additionalProperties: false,
    };
    const toolbox = new Toolbox([toolWith(schema)]);
    const parameters = toolbox.toProviderTools("gemini")[0].functionDeclarations[0]?.parameters;
    assert.deepEqual(parameters, {
      type: "OBJECT",
      properties: {
        Content_Type: { type: "STRING" },
        level: { type: "STRING", enum: ["1", "2", "3"] },
        mode: { type: "STRING", enum: ["fast"] },
        size: { type: "INTEGER", nullable: true },
        tags: { type: "ARRAY", items: { type: "STRING" }, minItems: "1" },
        extra: {
          type: "STRING",
          description:
            '{a JSON object, sent as a JSON-encoded string; each value: {"type":"number"}}',
        },
      },
      required: ["Content_Type", "level"],
    });
    const result = await toolbox.execute(
      { name: "T_run", arguments: { Content_Type: "json", level: "2", extra: '{"a":1}' } },
      { dialect: "gemini" },
    );
    assert.ok(result.artifact instanceof JsonArtifact);
    assert.deepEqual(result.artifact.value, { "Content-Type": "json", level: 2, extra: { a: 1 } });
    assert.deepEqual(
      result.repairs.map((repair) => repair.detail),
      [
        '$["Content-Type"]: restored its name (sent as "Content_Type")',
        '$.level: read enum value "2" as 2',
        "$.extra: decoded the JSON text the dialect asked for",
      ],
    );
    const generic = await toolbox.execute({
      name: "T_run",
      arguments: { Content_Type: "json", level: "2" },
    });
    assert.deepEqual((generic.artifact as JsonArtifact).value, {
      "Content-Type": "json",
      level: 2,
    });
  });

  it("flattens a root union for providers that refuse one, and still validates the real union", async () => {
    const schema = z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("circle"), radius: z.number() }),
      z.object({ kind: z.literal("square"), side: z.number() }),
    ]);
    const toolbox = new Toolbox([toolWith(schema, "Shapes")]);
    const [tool] = toolbox.toProviderTools("anthropic");
    assert.equal(tool?.input_schema.type, "object");
    assert.equal(tool?.input_schema.anyOf, undefined);
    assert.deepEqual(tool?.input_schema.properties?.kind, {
      type: "string",
      enum: ["circle", "square"],
    });
    assert.deepEqual(tool?.input_schema.required, ["kind"]);
    assert.match(
      tool?.description ?? "",
      /send exactly one of these shapes: \(1\) keys kind, radius; \(2\) keys kind, side/,
    );
    const wrong = await toolbox.execute({
      name: "Shapes_run",
      arguments: { kind: "circle", side: 2 },
    });
    assert.equal(wrong.artifact.type, "ErrorArtifact");
  });

  it("moves what a dialect cannot carry into the description (Anthropic strict, Ollama)", () => {
    const schema = z.object({
      name: z
        .string()
        .min(2)
        .max(10)
        .regex(/^[a-z]+$/),
      tags: z.array(z.string()).min(2),
    });
    const toolbox = new Toolbox([toolWith(schema)]);
    const anthropic = toolbox.toProviderTools("anthropic", { strict: true })[0]?.input_schema
      .properties;
    assert.deepEqual(anthropic?.name, {
      type: "string",
      description: '{minLength: 2, maxLength: 10, pattern: "^[a-z]+$"}',
    });
    assert.deepEqual(anthropic?.tags, {
      type: "array",
      items: { type: "string" },
      description: "{minItems: 2}",
    });
    const ollama = toolbox.toProviderTools("ollama")[0]?.function.parameters.properties;
    assert.deepEqual(ollama?.name, {
      type: "string",
      description: '{minLength: 2, maxLength: 10, pattern: "^[a-z]+$"}',
    });
  });

  it("emits draft-07 for the json-schema dialect on request", () => {
    const toolbox = new Toolbox([toolWith(recursive)]);
    const [tool] = toolbox.toProviderTools("json-schema", { jsonSchemaDraft: "draft-07" });
    assert.equal(tool?.inputSchema.$schema, "http://json-schema.org/draft-07/schema#");
    assert.ok(tool?.inputSchema.definitions);
    assert.equal(JSON.stringify(tool?.inputSchema).includes("$defs"), false);
  });

  it("lists activity annotations as MCP hints and omits parameters of no-input activities where allowed", () => {
    class Hinted extends Tool {
      @activity({ description: "Pings", annotations: { readOnly: true, idempotent: true } })
      ping() {
        return "pong";
      }
    }
    const toolbox = new Toolbox([new Hinted()]);
    assert.deepEqual(toolbox.toProviderTools("mcp")[0]?.annotations, {
      readOnlyHint: true,
      idempotentHint: true,
    });
    assert.deepEqual(toolbox.toProviderTools("openai-chat")[0], {
      type: "function",
      function: { name: "Hinted_ping", description: "Pings" },
    });
    assert.deepEqual(toolbox.toProviderTools("gemini")[0].functionDeclarations[0], {
      name: "Hinted_ping",
      description: "Pings",
    });
  });
});

describe("strict OpenAI round trip", () => {
  const schema = z.object({
    title: z.string(),
    count: z.number().int().optional(),
    ratio: z.number().nullable(),
    flags: z.array(z.boolean()).optional(),
    owner: z.object({ name: z.string(), email: z.string().optional() }).optional(),
    mode: z.enum(["a", "b"]).optional(),
    meta: z.record(z.string(), z.number()).optional(),
  });
  const value = fc.record(
    {
      title: fc.string(),
      count: fc.integer(),
      ratio: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
      flags: fc.array(fc.boolean()),
      owner: fc.record({ name: fc.string(), email: fc.string() }, { requiredKeys: ["name"] }),
      mode: fc.constantFrom("a" as const, "b" as const),
      meta: fc.dictionary(
        fc.string({ minLength: 1 }).filter((key) => key !== "__proto__"),
        fc.integer(),
      ),
    },
    { requiredKeys: ["title", "ratio"] },
  );

  it("decodes every value valid under the original back to itself", async () => {
    const toolbox = new Toolbox([toolWith(schema)]);
    const tools = toolbox.toProviderTools("openai-chat", { strict: true }) as OpenAIChatTool[];
    const lowered = tools[0]?.function.parameters as Record<string, unknown>;
    const original = toolbox.tools[0]?.activitySchema("run") as JsonSchemaObject;
    const validateLowered = ajv.compile(lowered);
    await fc.assert(
      fc.asyncProperty(value, async (input) => {
        const encoded = encodeForLowered(input, original, lowered);
        assert.ok(validateLowered(encoded), JSON.stringify(validateLowered.errors));
        const result = await toolbox.execute(
          { name: "T_run", arguments: JSON.stringify(encoded) },
          { dialect: { dialect: "openai-chat", strict: true } },
        );
        assert.ok(result.artifact instanceof JsonArtifact, result.artifact.toText());
        assert.deepEqual(result.artifact.value, JSON.parse(JSON.stringify(input)));
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
