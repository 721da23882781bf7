// The inspector's small parts on their own: the schema diff the Dialects view marks, the token counts,
// the browser command, and the confirmation reasons.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { activity, Tool } from "../../src/index.js";
import { callReasons } from "../../src/inspect/confirm-gate.js";
import { browserCommand } from "../../src/inspect/open-browser.js";
import { schemaChanges } from "../../src/inspect/schema-changes.js";
import { countTokens } from "../../src/inspect/token-count.js";

describe("the inspector's parts", () => {
  it("lists what lowering changed: removed, added and changed keys at their outermost path", () => {
    const declared = {
      type: "object",
      properties: { a: { type: "string", minLength: 1 } },
      required: ["a"],
    };
    const sent = {
      type: "object",
      properties: { a: { type: ["string", "null"], description: "{minLength: 1}" } },
      required: ["a", "b"],
    };
    assert.deepEqual(
      schemaChanges(declared, sent).map((change) => `${change.kind} ${change.at}`),
      [
        "changed $.properties.a.type",
        "removed $.properties.a.minLength",
        "added $.properties.a.description",
        "changed $.required",
      ],
    );
    assert.deepEqual(schemaChanges(declared, structuredClone(declared)), []);
    const wide = Object.fromEntries(
      Array.from({ length: 500 }, (_, index) => [`k${index}`, index]),
    );
    assert.equal(schemaChanges({}, wide).length, 300, "a page, not a dump");
  });

  it("counts tokens with o200k_base when gpt-tokenizer resolves, and labels any estimate", () => {
    const counted = countTokens('{"name":"CalculatorTool_calculate"}');
    assert.equal(counted.method, "o200k_base");
    assert.ok(counted.count > 3 && counted.count < 20);
    const special = countTokens("a <|endoftext|> b");
    assert.ok(["o200k_base", "≈ chars/4"].includes(special.method));
  });

  it("opens a browser only where one can show: $BROWSER, macOS, Windows, or Linux with a display", () => {
    const url = "http://127.0.0.1:1/?token=t";
    assert.deepEqual(browserCommand(url, { BROWSER: "firefox" }, "linux"), {
      command: "firefox",
      args: [url],
    });
    assert.equal(browserCommand(url, {}, "darwin")?.command, "open");
    assert.equal(browserCommand(url, {}, "win32")?.command, "cmd");
    assert.equal(browserCommand(url, { PATH: "/usr/bin:/bin" }, "linux"), undefined);
    assert.equal(browserCommand(url, { DISPLAY: ":0", PATH: "" }, "linux"), undefined);
  });

  it("asks before an activity that is destructive, needs approval, may write, or whose predicate says so", async () => {
    class Bank extends Tool {
      @activity({ description: "Balance", annotations: { readOnly: true } })
      balance() {
        return 1;
      }
      @activity({
        description: "Pays",
        schema: { type: "object", properties: { amount: { type: "number" } } },
        annotations: { readOnly: true },
        needsApproval: (input: { amount?: number }) => (input.amount ?? 0) > 100,
      })
      pay() {
        return "paid";
      }
      @activity({ description: "Closes the account", annotations: { destructive: true } })
      close_account() {
        return "closed";
      }
    }
    const bank = new Bank();
    const reasons = (name: string, input: unknown) =>
      callReasons(bank, bank.findActivity(name) as never, input);
    assert.deepEqual(await reasons("balance", {}), []);
    assert.deepEqual(await reasons("pay", { amount: 5 }), []);
    assert.deepEqual(await reasons("pay", { amount: 500 }), [
      "needs approval for this input (its needsApproval predicate says so)",
    ]);
    assert.deepEqual(await reasons("close_account", {}), [
      "destructive",
      "not annotated readOnly: it may write",
    ]);
  });
});
