import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Ajv2020Module from "ajv/dist/2020.js";
import { type Dialect, type DialectOptions, JsonArtifact, type Toolbox } from "../../src/index.js";
import {
  type BfclEntry,
  bfclToolbox,
  loadBfclAnswers,
  loadBfclEntries,
} from "../fixtures/bfcl-corpus.js";
import { encodeForLowered } from "../fixtures/bfcl-encode.js";

const ajv = new Ajv2020Module.default({ strict: false, logger: false, code: { optimize: false } });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

function validLowered(schema: Record<string, unknown>, value: unknown): boolean {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate(value) === true;
}

const lowerings: readonly {
  label: string;
  dialect: Dialect;
  options: DialectOptions;
  asString: boolean;
}[] = [
  {
    label: "openai-chat strict",
    dialect: "openai-chat",
    options: { strict: true },
    asString: true,
  },
  { label: "anthropic strict", dialect: "anthropic", options: { strict: true }, asString: false },
  { label: "gemini parameters", dialect: "gemini", options: {}, asString: false },
  { label: "ollama", dialect: "ollama", options: {}, asString: false },
];

function loweredSchema(
  toolbox: Toolbox,
  dialect: Dialect,
  options: DialectOptions,
  name: string,
): Record<string, unknown> {
  if (dialect === "gemini") {
    const [tool] = toolbox.toProviderTools("gemini", options);
    return (tool.functionDeclarations.find((fn) => fn.name === name)?.parameters ?? {}) as Record<
      string,
      unknown
    >;
  }
  const tools = toolbox.toProviderTools(dialect, options) as unknown as Record<string, unknown>[];
  for (const tool of tools) {
    const fn = (tool.function ?? tool) as Record<string, unknown>;
    if (fn.name === name)
      return (fn.parameters ?? fn.input_schema ?? {}) as Record<string, unknown>;
  }
  throw new Error(`no tool ${name}`);
}

describe("BFCL accepted answers", () => {
  it("decode and validate in object form, string form and after each dialect's round trip", async (t) => {
    const entries = new Map<string, BfclEntry>(loadBfclEntries().map((entry) => [entry.id, entry]));
    const answers = loadBfclAnswers();
    const toolboxes = new Map<string, ReturnType<typeof bfclToolbox>>();
    let invalidRaw = 0;
    let decoded = 0;
    const failures: string[] = [];
    for (const answer of answers) {
      const entry = entries.get(answer.id) as BfclEntry;
      let built = toolboxes.get(answer.id);
      if (built === undefined) {
        built = bfclToolbox(entry);
        toolboxes.set(answer.id, built);
      }
      const target = built.functions.get(answer.functionName);
      assert.ok(target, `${answer.id}: ${answer.functionName}`);
      const name = built.toolbox.nativeName(target.tool, target.activityName);
      const raw = await built.toolbox.execute(
        { name, arguments: answer.input },
        { repairs: { coerce: false } },
      );
      if (!(raw.artifact instanceof JsonArtifact)) {
        // Java/JS answers written as source literals (`"ResultSet.TYPE_SCROLL_INSENSITIVE"` for an integer).
        assert.match(raw.artifact.toText(), /^Activity input JSON validation error: /);
        invalidRaw += 1;
        continue;
      }
      // A key the doc does not declare (BFCL has a few) is dropped: BFCL roots are closed.
      const declared = Object.fromEntries(
        Object.entries(answer.input).filter(([key]) =>
          Object.hasOwn(target.schema.properties ?? {}, key),
        ),
      );
      const forms: {
        label: string;
        arguments: unknown;
        expected: unknown;
        dialect?: { dialect: Dialect } & DialectOptions;
      }[] = [
        { label: "object", arguments: answer.input, expected: declared },
        { label: "string", arguments: JSON.stringify(answer.input), expected: declared },
      ];
      for (const { label, dialect, options, asString } of lowerings) {
        const lowered = loweredSchema(built.toolbox, dialect, options, name);
        const encoded = encodeForLowered(answer.input, target.schema, lowered);
        if (dialect === "openai-chat" && !validLowered(lowered, encoded)) {
          failures.push(`${answer.id} ${label}: encoded value rejected by the lowered schema`);
        }
        forms.push({
          label,
          arguments: asString ? JSON.stringify(encoded) : encoded,
          expected: declared,
          dialect: { dialect, ...options },
        });
      }
      for (const form of forms) {
        const result = await built.toolbox.execute(
          { name, arguments: form.arguments },
          form.dialect === undefined ? {} : { dialect: form.dialect },
        );
        if (!(result.artifact instanceof JsonArtifact)) {
          failures.push(`${answer.id} ${form.label}: ${result.artifact.toText()}`);
          continue;
        }
        try {
          assert.deepEqual(result.artifact.value, form.expected);
          decoded += 1;
        } catch {
          failures.push(
            `${answer.id} ${form.label}: decoded ${JSON.stringify(result.artifact.value)}`,
          );
        }
      }
    }
    t.diagnostic(
      `${answers.length} accepted calls; ${answers.length - invalidRaw} valid under their schema (${invalidRaw} Java/JS source literals skipped); ${decoded} decodes in 6 forms each`,
    );
    assert.deepEqual(failures.slice(0, 10), []);
    assert.equal(decoded, (answers.length - invalidRaw) * (2 + lowerings.length));
  });
});
