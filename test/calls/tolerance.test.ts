// The tolerance suite (test/fixtures/tolerance-suite.ts) over closed and open schemas: every kind is
// recovered as the model meant it or refused; a run on anything else is a wrong execution, and the
// suite allows none.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { Toolbox } from "../../src/index.js";
import { intended, kinds, received, schemaStyles } from "../fixtures/tolerance-suite.js";

describe("tolerance: what open models send, recovered or refused, never run on the wrong input", () => {
  for (const { style, make } of schemaStyles) {
    it(`${style} schemas: recovers ≥ 95% of the recoverable kinds and runs nothing the model did not mean`, async () => {
      const tool = make();
      const toolbox = new Toolbox([tool]);
      const rows: string[] = [];
      let wrong = 0;
      let recoverable = 0;
      let recovered = 0;
      for (const kind of kinds) {
        let ok = 0;
        let refused = 0;
        let wrongHere = 0;
        for (const meant of intended) {
          const call = { name: `${tool.name}_${meant.activity}`, input: meant.input };
          const args = kind.send(call);
          received.length = 0;
          const result = await toolbox.execute({ name: call.name, arguments: args as string });
          const ran = received[0];
          if (ran === undefined) refused++;
          else if (
            kind.expected === "recover" &&
            ran.name === call.name &&
            isDeepStrictEqual(ran.input, call.input)
          )
            ok++;
          else {
            wrongHere++;
            rows.push(
              `WRONG ${kind.kind}: sent ${String(args)} → ran ${JSON.stringify(ran.input)} (${result.repairs.map((r) => r.step).join(", ")})`,
            );
          }
          if (kind.expected === "recover" && ran === undefined) {
            rows.push(
              `missed ${kind.kind}: ${String(args).slice(0, 120)} → ${result.artifact.toText().slice(0, 160)}`,
            );
          }
        }
        wrong += wrongHere;
        if (kind.expected === "recover") {
          recoverable += intended.length;
          recovered += ok;
        }
        rows.push(
          `${kind.kind} (${kind.expected}): ok ${ok}, refused ${refused}, wrong ${wrongHere}`,
        );
      }
      assert.equal(wrong, 0, rows.join("\n"));
      assert.ok(
        recovered / recoverable >= 0.95,
        `recovered ${recovered} of ${recoverable}\n${rows.join("\n")}`,
      );
    });
  }

  it("renames a key an open schema declares in another spelling, and logs it", async () => {
    const tool = schemaStyles[1].make();
    const toolbox = new Toolbox([tool]);
    received.length = 0;
    const result = await toolbox.execute({
      name: `${tool.name}_find_flights`,
      arguments: JSON.stringify({
        originCity: "Oslo",
        destination_city: "Rome",
        dateRange: { start: "a", end: "b" },
        cabin: "economy",
      }),
    });
    assert.deepEqual(received[0]?.input, {
      origin_city: "Oslo",
      destination_city: "Rome",
      date_range: { start: "a", end: "b" },
      cabin: "economy",
    });
    assert.deepEqual(
      result.repairs.map((repair) => repair.detail),
      ['read "originCity" as $.origin_city', 'read "dateRange" as $.date_range'],
    );
  });
});
