import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ErrorArtifact, JsonArtifact, type ToolCallResult } from "../../src/index.js";
import {
  type BfclEntry,
  bfclToolbox,
  loadBfclAnswers,
  loadBfclEntries,
} from "../fixtures/bfcl-corpus.js";
import { corruptionCases } from "../fixtures/corruption-suite.js";

describe("the corruption suite over BFCL answers", () => {
  it("recovers the intended input or returns an error that names the problem", async (t) => {
    const entries = new Map<string, BfclEntry>(loadBfclEntries().map((entry) => [entry.id, entry]));
    // Every fourth accepted call keeps the suite fast and still covers each category.
    const answers = loadBfclAnswers().filter((_, index) => index % 4 === 0);
    const tally = new Map<string, { total: number; recovered: number }>();
    const misses: string[] = [];
    for (const answer of answers) {
      const { toolbox, functions } = bfclToolbox(entries.get(answer.id) as BfclEntry);
      const target = functions.get(answer.functionName);
      assert.ok(target);
      const name = toolbox.nativeName(target.tool, target.activityName);
      const plain = await toolbox.execute(
        { name, arguments: answer.input },
        { repairs: { coerce: false } },
      );
      if (!(plain.artifact instanceof JsonArtifact)) continue;
      const sample = {
        name,
        toolName: target.tool.name,
        activityName: target.activityName,
        schema: target.schema,
        input: answer.input,
      };
      for (const test of corruptionCases(sample)) {
        const result = await toolbox.execute(
          { name: test.name, arguments: test.arguments },
          test.finishReason === undefined ? {} : { finishReason: test.finishReason },
        );
        const outcome: ToolCallResult = result.calls?.[0] ?? result;
        const entry = tally.get(test.malformation) ?? { total: 0, recovered: 0 };
        entry.total += 1;
        let ok: boolean;
        if (test.expected === "error") {
          ok = outcome.artifact instanceof ErrorArtifact && outcome.artifact.value.length <= 1000;
        } else {
          ok =
            outcome.artifact instanceof JsonArtifact &&
            isDeepEqual(outcome.artifact.value, test.expected);
        }
        if (ok) entry.recovered += 1;
        else if (misses.length < 20) {
          misses.push(
            `${answer.id} ${test.malformation}: ${JSON.stringify(test.arguments).slice(0, 120)} → ${outcome.artifact.toText().slice(0, 160)}`,
          );
        }
        tally.set(test.malformation, entry);
      }
    }
    let total = 0;
    let recovered = 0;
    for (const [malformation, entry] of [...tally].sort()) {
      total += entry.total;
      recovered += entry.recovered;
      t.diagnostic(`${malformation}: ${entry.recovered}/${entry.total}`);
    }
    const rate = recovered / total;
    t.diagnostic(`recovery rate: ${recovered}/${total} = ${(rate * 100).toFixed(2)}%`);
    for (const miss of misses) t.diagnostic(`miss: ${miss}`);
    assert.ok(rate >= 0.99, `recovery rate ${rate}`);
  });
});

function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
