// Every call cut at every position (issue 26, items 2 and 5): a cut call is refused, or it runs on
// exactly the input the model meant — never on other input. Counted without a finish reason and with
// "length"; with "stop" the rule lets closing brackets after a whole value be added, which is counted
// apart (the model said it stopped there).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { activity, Tool, Toolbox } from "../../src/index.js";
import { intended, kinds, received, schemaStyles } from "../fixtures/tolerance-suite.js";

interface Tally {
  refused: number;
  intended: number;
  other: number;
  examples: string[];
}

const tally = (): Tally => ({ refused: 0, intended: 0, other: 0, examples: [] });

function count(into: Tally, sent: string, ran: unknown, meant: unknown): void {
  if (ran === undefined) into.refused++;
  else if (isDeepStrictEqual(ran, meant)) into.intended++;
  else {
    into.other++;
    if (into.examples.length < 10) into.examples.push(`${sent} → ${JSON.stringify(ran)}`);
  }
}

/** The destructive activity: its defaults would fill in what a cut left out. */
class WipeTool extends Tool {
  readonly ran: unknown[] = [];

  @activity({
    description: "Deletes a folder's files",
    schema: z.object({
      folder: z.string(),
      exclude: z.array(z.string()).default([]),
      dry_run: z.boolean().default(false),
      note: z.string().default(""),
    }),
    annotations: { destructive: true },
  })
  wipe(input: unknown) {
    this.ran.push(input);
    return "wiped";
  }
}

// Strings with brackets and braces in them, escapes, a nested object's worth of list, a last value
// that is a literal: every place a cut-off check could mistake for the end.
const destructive = {
  folder: "/srv/data/tmp",
  exclude: ["keep.db", "a]}b", "[x]", "{y}", 'quote " and \\ slash', "ünï ✓"],
  note: "closing } and ] inside, then \"quoted\" — {'single'}: [1, 2]",
  dry_run: true,
};

describe("cut-off property: a call cut anywhere runs nothing but the intended input", () => {
  it("the issue's destructive call, cut at every position, in JSON, single quotes and a wrapper", async (t) => {
    const tool = new WipeTool();
    const toolbox = new Toolbox([tool]);
    const json = JSON.stringify(destructive);
    const texts = [
      json,
      JSON.stringify(destructive, null, 1),
      `<tool_call>${JSON.stringify({ name: "WipeTool_wipe", arguments: destructive })}</tool_call>`,
      json.replaceAll('"', "'").replace("'quote ' and", "'quote \\' and"),
    ];
    const byReason = new Map<string, Tally>();
    for (const finishReason of [undefined, "length", "stop"]) {
      const counted = tally();
      for (const text of texts) {
        for (let end = 0; end < text.length; end++) {
          tool.ran.length = 0;
          const sent = text.slice(0, end);
          await toolbox.execute({ name: "WipeTool_wipe", arguments: sent }, { finishReason });
          count(counted, sent, tool.ran[0], destructive);
        }
      }
      byReason.set(String(finishReason), counted);
    }
    const report = JSON.stringify(Object.fromEntries(byReason), null, 1);
    t.diagnostic(report);
    const positions = texts.reduce((sum, text) => sum + text.length, 0);
    for (const reason of ["undefined", "length"]) {
      const counted = byReason.get(reason) as Tally;
      assert.equal(counted.other, 0, `${reason}: ${report}`);
      assert.equal(counted.refused + counted.intended, positions);
      // What runs is the wrapped call cut inside its closing tag, after the JSON's own end.
      assert.equal(counted.intended, "</tool_call>".length, `${reason}: ${report}`);
    }
    // A normal stop closes what ends after a whole value: right after the last one that is the call
    // as meant; the caller's finish reason vouches for the rest (docs/dialects.md).
    const stop = byReason.get("stop") as Tally;
    assert.ok(stop.intended > (byReason.get("undefined") as Tally).intended, report);
  });

  for (const { style, make } of schemaStyles) {
    it(`every recoverable kind of the tolerance suite, ${style} schemas`, async (t) => {
      const tool = make();
      const toolbox = new Toolbox([tool]);
      const without = tally();
      const length = tally();
      const stop = tally();
      for (const kind of kinds) {
        if (kind.expected !== "recover") continue;
        for (const meant of intended) {
          const name = `${tool.name}_${meant.activity}`;
          const text = String(kind.send({ name, input: meant.input }));
          for (let end = 1; end < text.length; end++) {
            const sent = text.slice(0, end);
            for (const [finishReason, into] of [
              [undefined, without],
              ["length", length],
              ["stop", stop],
            ] as const) {
              received.length = 0;
              await toolbox.execute({ name, arguments: sent }, { finishReason });
              const ran = received[0];
              count(into, sent, ran?.name === name ? ran.input : ran, meant.input);
            }
          }
        }
      }
      const report = JSON.stringify({ without, length, stop }, null, 1);
      t.diagnostic(report);
      assert.equal(without.other, 0, report);
      assert.equal(length.other, 0, report);
      // "stop" may close what lacks only closing brackets (the model said it stopped there): counted
      // in the report, not held to the property.
      assert.ok(stop.refused > 0, report);
    });
  }
});
