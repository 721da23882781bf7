// The decoder's own scans run in linear time (issue 26, item 4): the cut-off check reads each
// character once, counted on doubled inputs (not timed); and raw text over the repair length reaches
// no format reader and no repair.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { judgeCutOff } from "../../src/calls/cut-off.js";
import { Toolbox } from "../../src/index.js";
import { defaultInputLimits } from "../../src/tool/input-limits.js";
import { MockTool } from "../fixtures/mock-tool.js";

/** Hostile shapes for the cut-off check, each built at a size `n`. */
const shapes: Record<string, (n: number) => string> = {
  "a string of ]} never closed": (n) => `{"path": "${"a]}".repeat(n)}`,
  "escapes in a string": (n) => `{"a": "${'\\"'.repeat(n)}`,
  "open brackets": (n) => `{"a": ${"[".repeat(n)}`,
  "many small values": (n) => `{"a": [${"1, ".repeat(n)}`,
  "line comments": (n) => `{${"// c\n".repeat(n)}"a": 1`,
  "an unclosed block comment": (n) => `{"a": 1 /*${"*".repeat(n)}`,
  "single-quoted keys": (n) => `{${"'k': 'v', ".repeat(n)}`,
  "words and colons": (n) => `{${"a: tru, ".repeat(n)}`,
};

describe("the cut-off check's work grows linearly", () => {
  for (const [name, make] of Object.entries(shapes)) {
    it(name, () => {
      const small = make(5_000);
      const large = make(10_000);
      const smallWork = judgeCutOff(small).scanned;
      const largeWork = judgeCutOff(large).scanned;
      assert.ok(smallWork <= small.length, `${smallWork} > ${small.length}`);
      assert.ok(largeWork <= large.length, `${largeWork} > ${large.length}`);
      // Twice the input, at most twice the work (plus the shape's fixed ends).
      assert.ok(largeWork <= 2 * smallWork + 16, `${smallWork} → ${largeWork}`);
    });
  }
});

describe("raw text over the repair length", () => {
  it("is refused before any format reader or repair reads it", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    const over = "[f(a=1)]\n".repeat(Math.ceil(defaultInputLimits.maxRepairLength / 9) + 1);
    const result = await toolbox.execute({ name: "MockTool_test", arguments: over });
    assert.match(result.artifact.toText(), /are not repaired, send valid JSON/);
    assert.deepEqual(result.repairs, []);
  });
});
