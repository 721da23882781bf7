import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { codeMode } from "../../src/code-mode.js";
import { Toolbox } from "../../src/index.js";
import { parentOf, registerSdk } from "../observe/fixtures/otel-sdk.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";

const sdk = registerSdk();
after(() => sdk.shutdown());

describe("a script's calls in traces", () => {
  it("are execute_tool spans, children of the script's own execute_tool span", async () => {
    const inner = new Toolbox([new LedgerTool()]);
    const outer = new Toolbox([codeMode(inner)]);
    const script = `return await Promise.all([
      tools.LedgerTool_balance({ account: "alice" }),
      tools.LedgerTool_lookup({ account: "bob" }),
    ]);`;
    const result = await outer.execute({
      id: "s1",
      name: "CodeMode_run_script",
      arguments: JSON.stringify({ script }),
    });
    assert.equal(result.artifact.type, "JsonArtifact", result.artifact.toText());
    const spans = sdk.spans();
    const parent = spans.find((span) => span.name === "execute_tool CodeMode_run_script");
    const children = spans.filter((span) => span.name.startsWith("execute_tool LedgerTool_"));
    assert.ok(parent !== undefined);
    assert.deepEqual(children.map((span) => span.name).sort(), [
      "execute_tool LedgerTool_balance",
      "execute_tool LedgerTool_lookup",
    ]);
    for (const child of children) {
      assert.equal(parentOf(child), parent.spanContext().spanId);
      assert.equal(child.spanContext().traceId, parent.spanContext().traceId);
    }
  });
});
