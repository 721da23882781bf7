import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DialectError } from "../../src/index.js";
import { bfclToolbox, loadBfclEntries } from "../fixtures/bfcl-corpus.js";
import { dialectVariants } from "../fixtures/dialect-variants.js";
import { checkProviderTools } from "./provider-rules.js";

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
