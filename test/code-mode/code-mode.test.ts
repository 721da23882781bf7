import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codeMode } from "../../src/code-mode.js";
import { type Artifact, Toolbox } from "../../src/index.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";

const script = (tool: ReturnType<typeof codeMode>, source: string) =>
  tool.run("run_script", { script: source });

function setup(options: Parameters<typeof codeMode>[1] = {}) {
  const ledger = new LedgerTool();
  const toolbox = new Toolbox([ledger]);
  return { ledger, toolbox, tool: codeMode(toolbox, options) };
}

const json = (artifact: Artifact) => JSON.parse(artifact.toText()) as unknown;

describe("codeMode", () => {
  it("describes the toolbox as a typed API in its activity", () => {
    const { tool } = setup();
    const declarations = tool.declarations();
    assert.match(declarations, /^declare const tools: \{/);
    assert.match(
      declarations,
      /\/\*\* The balance of an account\. \*\/\n {2}LedgerTool_balance\(input: \{\n {4}\/\*\* The account's name\. \*\/\n {4}account: string;\n {2}\}\): Promise<any>;/,
    );
    assert.match(
      declarations,
      /LedgerTool_transfer\(input: \{[^}]*from: string;[^}]*amount: number;/s,
    );
    assert.ok(tool.activityDescription("run_script").endsWith(declarations));
  });

  it("names each function by an identifier, numbered on a clash", async () => {
    const toolbox = new Toolbox([
      new LedgerTool({ name: "my-ledger" }),
      new LedgerTool({ name: "my_ledger" }),
    ]);
    const tool = codeMode(toolbox);
    assert.match(tool.declarations(), /\n {2}my_ledger_balance\(/);
    assert.match(tool.declarations(), /\n {2}my_ledger_balance_2\(/);
    const result = await script(
      tool,
      `return (await tools.my_ledger_balance_2({ account: "bob" })).balance;`,
    );
    assert.equal(result.toText(), "50");
  });

  it("runs calls in sequence and in parallel, each through the toolbox", async () => {
    const { tool, ledger } = setup();
    const result = await script(
      tool,
      `const a = await tools.LedgerTool_balance({ account: "alice" });
       const [b, c] = await Promise.all([
         tools.LedgerTool_balance({ account: "bob" }),
         tools.LedgerTool_lookup({ account: "carol" }),
       ]);
       return { total: a.balance + b.balance, c };`,
    );
    assert.deepEqual(json(result), { total: 150, c: "account carol" });
    assert.equal(ledger.transfers, 0);
  });

  it("hands a refused call to the script as an exception with the model-facing text", async () => {
    const { tool } = setup();
    const result = await script(
      tool,
      `try { await tools.LedgerTool_transfer({ from: "alice", to: "bob", amount: -5 }); return "ran"; }
       catch (error) { return { name: error.name, code: error.code, message: error.message }; }`,
    );
    const caught = json(result) as { name: string; code: string; message: string };
    assert.equal(caught.name, "ToolError");
    assert.equal(caught.code, "invalid_input");
    assert.match(caught.message, /amount/);
    const thrown = await script(
      tool,
      `try { await tools.LedgerTool_balance({ account: "nobody" }); } catch (e) { return e.message; }`,
    );
    assert.match(thrown.toText(), /no account nobody/);
  });

  it("holds the toolbox's concurrency cap and runs destructive calls one at a time", async () => {
    const { tool, ledger } = setup({ concurrency: 2 });
    await script(
      tool,
      `await Promise.all([1, 2, 3, 4, 5, 6].map((n) => tools.LedgerTool_lookup({ account: "a" + n })));
       await Promise.all([1, 2, 3].map(() => tools.LedgerTool_transfer({ from: "alice", to: "bob", amount: 1 })));`,
    );
    assert.equal(ledger.maxRunning, 2);
    assert.equal(ledger.maxDestructiveRunning, 1);
    assert.equal(ledger.transfers, 3);
  });

  it("refuses a call that needs approval outside an agent, and the script sees why", async () => {
    const { tool, ledger } = setup();
    const result = await script(
      tool,
      `try { await tools.LedgerTool_payout({ amount: 5 }); } catch (e) { return e.code + ": " + e.message; }`,
    );
    assert.match(
      result.toText(),
      /^approval_required: LedgerTool\.payout needs a human's approval/,
    );
    assert.deepEqual(ledger.payouts, []);
  });

  it("a script error is an ErrorArtifact with the line, and console output comes back", async () => {
    const { tool } = setup();
    const failed = await script(tool, `console.log("before");\nnull.x;`);
    assert.equal(failed.type, "ErrorArtifact");
    assert.match(failed.toText(), /^Script failed: the script threw TypeError: .*script\.js:3/);
    assert.match(failed.toText(), /Console output:\nbefore/);
  });

  it("reads Date and Math.random from the given sources", async () => {
    const { tool } = setup({ clock: () => 1_700_000_000_000, random: () => 0.25 });
    const result = await script(tool, `return [Date.now(), new Date().getTime(), Math.random()];`);
    assert.deepEqual(json(result), [1_700_000_000_000, 1_700_000_000_000, 0.25]);
  });
});

describe("codeMode limits", () => {
  const cases = [
    [
      "memory bomb",
      "const a = []; for (;;) a.push([a.length, a.length + 1, a.length + 2]);",
      "script_memory_limit",
    ],
    ["infinite loop", "while (true) {}", "script_time_limit"],
    ["huge output", "return 'x'.repeat(200000);", "script_output_limit"],
    ["deep recursion", "const f = (n) => f(n + 1) + 1; return f(0);", "script_stack_limit"],
    ["too many calls", "for (;;) tools.LedgerTool_lookup({ account: 'a' });", "script_call_limit"],
    ["a promise nothing settles", "await new Promise(() => {});", "script_stalled"],
  ] as const;
  for (const [name, source, code] of cases) {
    it(`ends a ${name} with ${code} and keeps serving`, async () => {
      // Only the loop should meet the CPU limit: the others get time enough on any machine.
      const cpuTimeMs = code === "script_time_limit" ? 200 : 60_000;
      const { tool, toolbox } = setup({ limits: { cpuTimeMs, memoryBytes: 4 * 1024 * 1024 } });
      const result = await script(tool, source);
      assert.equal(result.type, "ErrorArtifact", result.toText());
      assert.equal((result as { code?: string }).code, code, result.toText());
      const after = await script(
        tool,
        `return (await tools.LedgerTool_balance({ account: "bob" })).balance;`,
      );
      assert.equal(after.toText(), "50");
      const direct = await toolbox.execute({
        name: "LedgerTool_balance",
        arguments: { account: "alice" },
      });
      assert.match(direct.artifact.toText(), /100/);
    });
  }
});
