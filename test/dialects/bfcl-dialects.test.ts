import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Dialect, DialectError, type DialectOptions } from "../../src/index.js";
import { bfclToolbox, loadBfclEntries } from "../fixtures/bfcl-corpus.js";
import { checkProviderTools } from "./provider-rules.js";

/** Every dialect variant the issue asks for: each dialect, and both strict modes where they exist. */
export const dialectVariants: readonly {
  label: string;
  dialect: Dialect;
  options: DialectOptions;
}[] = [
  { label: "openai-chat", dialect: "openai-chat", options: {} },
  { label: "openai-chat strict", dialect: "openai-chat", options: { strict: true } },
  { label: "openai-responses", dialect: "openai-responses", options: {} },
  { label: "openai-responses strict", dialect: "openai-responses", options: { strict: true } },
  { label: "anthropic", dialect: "anthropic", options: {} },
  { label: "anthropic strict", dialect: "anthropic", options: { strict: true } },
  { label: "gemini parameters", dialect: "gemini", options: {} },
  {
    label: "gemini parametersJsonSchema",
    dialect: "gemini",
    options: { geminiSchemaField: "parametersJsonSchema" },
  },
  { label: "ollama", dialect: "ollama", options: {} },
  { label: "mcp", dialect: "mcp", options: {} },
  { label: "json-schema 2020-12", dialect: "json-schema", options: {} },
  {
    label: "json-schema draft-07",
    dialect: "json-schema",
    options: { jsonSchemaDraft: "draft-07" },
  },
];

describe("BFCL function docs compiled for every dialect", () => {
  const entries = loadBfclEntries();

  it("loads the whole corpus (7 files, 1,390 questions, 2,067 function docs)", () => {
    assert.equal(entries.length, 1390);
    assert.equal(
      entries.reduce((sum, entry) => sum + entry.functions.length, 0),
      2067,
    );
  });

  it("passes each provider's rule checker or fails preflight with a DialectError", (t) => {
    const counts = new Map(
      dialectVariants.map((variant) => [variant.label, { accepted: 0, preflight: 0 }]),
    );
    const violations: string[] = [];
    for (const entry of entries) {
      const { toolbox } = bfclToolbox(entry);
      for (const { label, dialect, options } of dialectVariants) {
        const count = counts.get(label) as { accepted: number; preflight: number };
        try {
          const tools = toolbox.toProviderTools(dialect, options);
          const problems = checkProviderTools(dialect, options, tools);
          if (problems.length > 0)
            violations.push(`${entry.id} ${label}: ${problems.slice(0, 3).join("; ")}`);
          else count.accepted += entry.functions.length;
        } catch (error) {
          if (!(error instanceof DialectError)) throw error;
          assert.match(error.message, /^[a-z-]+( \(.+\))?: tool ".+" activity ".+" at \$/);
          count.preflight += entry.functions.length;
        }
      }
    }
    for (const [label, { accepted, preflight }] of counts) {
      t.diagnostic(
        `${label}: ${accepted} accepted by the rule checker, ${preflight} preflight DialectErrors`,
      );
    }
    assert.deepEqual(violations.slice(0, 10), []);
    for (const { accepted, preflight } of counts.values()) assert.equal(accepted + preflight, 2067);
  });
});
