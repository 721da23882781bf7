import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { Toolbox } from "../../src/index.js";
import { InMemoryReceiptStore } from "../../src/memory.js";
import { registerSdk } from "../observe/fixtures/otel-sdk.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";

const sdk = registerSdk();
after(() => sdk.shutdown());

describe("a replayed call's span", () => {
  it("says the recorded result came back (toolwright.replayed) and lists the replay step", async () => {
    const ledger = new LedgerTool();
    const toolbox = new Toolbox([ledger], { receipts: { store: new InMemoryReceiptStore() } });
    const call = { id: "c1", name: "LedgerTool_refund", arguments: '{"account":"a","amount":1}' };
    await toolbox.execute(call);
    await toolbox.execute(call);
    const [first, second, ...rest] = sdk.spans();
    assert.equal(rest.length, 0);
    assert.equal(first?.attributes["toolwright.replayed"], undefined);
    assert.equal(second?.name, "execute_tool LedgerTool_refund");
    assert.equal(second?.attributes["toolwright.replayed"], true);
    assert.deepEqual(second?.attributes["toolwright.repairs.steps"], ["replay"]);
    assert.equal(ledger.runs.length, 1);
  });
});
