// Escape attempts from a script: each tries to reach the host (its objects, its globals, its
// prototypes, its modules), to time the tools, or to re-enter the sandbox. Every one must fail.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { codeMode } from "../../src/code-mode.js";
import { activity, Tool, Toolbox } from "../../src/index.js";
import { LedgerTool } from "./fixtures/ledger-tool.js";

const secret = "host-secret-7f3a";

class EchoTool extends Tool {
  seen: unknown[] = [];

  @activity({
    description: "Echoes its input.",
    schema: z.object({ value: z.unknown() }).passthrough(),
  })
  echo(input: Record<string, unknown>) {
    this.seen.push(input);
    return input;
  }
}

const echo = new EchoTool();
const toolbox = new Toolbox([new LedgerTool(), echo]);
const scripts = codeMode(toolbox, { limits: { cpuTimeMs: 5_000 } });
const run = async (source: string) =>
  (await scripts.run("run_script", { script: source })).toText();

before(() => {
  (globalThis as Record<string, unknown>).hostSecret = secret;
});
after(() => {
  delete (globalThis as Record<string, unknown>).hostSecret;
});

describe("code-mode red team: 0 escapes", () => {
  it("sees no host object: no process, require, module loader, WebAssembly or host globals", async () => {
    const found = await run(`
      const probes = {
        process: typeof process, require: typeof require, module: typeof module, Buffer: typeof Buffer,
        fetch: typeof fetch, setTimeout: typeof setTimeout, WebAssembly: typeof WebAssembly,
        performance: typeof performance, hostSecret: typeof hostSecret, std: typeof std, os: typeof os,
        call: typeof call, now: typeof now,
      };
      let imported = "refused";
      try { await import("node:fs"); imported = "loaded"; } catch {}
      return { probes, imported, keys: Object.getOwnPropertyNames(globalThis).filter((k) => /host|secret/i.test(k)) };`);
    const result = JSON.parse(found) as {
      probes: Record<string, string>;
      imported: string;
      keys: string[];
    };
    for (const [name, type] of Object.entries(result.probes)) assert.equal(type, "undefined", name);
    assert.equal(result.imported, "refused");
    assert.deepEqual(result.keys, []);
  });

  it("Function, eval and constructors reached from tools lead back into the sandbox only", async () => {
    const found = await run(`
      const attempts = [
        () => eval("typeof process"),
        () => new Function("return typeof process")(),
        () => (async () => {}).constructor("return typeof process")(),
        () => tools.LedgerTool_balance.constructor.constructor("return typeof process")(),
        () => Object.getPrototypeOf(tools).constructor.constructor("return typeof hostSecret")(),
        () => (function () { return this; }).call(undefined) === undefined ? "undefined" : typeof this.process,
        () => typeof tools.LedgerTool_balance({ account: "alice" }).constructor.constructor("return process")(),
      ];
      const results = [];
      for (const attempt of attempts) {
        try { results.push(String(await attempt())); } catch (e) { results.push("threw " + e.name); }
      }
      return results;`);
    const results = JSON.parse(found) as string[];
    assert.equal(results.length, 7);
    for (const result of results) assert.match(result, /^(undefined|threw \w+)$/, result);
    assert.doesNotMatch(found, new RegExp(secret));
  });

  it("prototype pollution stays inside: the host's prototypes and the tools' inputs are untouched", async () => {
    const found = await run(`
      Object.prototype.polluted = "yes";
      Array.prototype.polluted = "yes";
      Object.prototype.toJSON = undefined;
      const sent = JSON.parse('{"value": 1, "__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}');
      const back = await tools.EchoTool_echo(sent);
      return JSON.parse('{"__proto__": {"polluted": "host"}, "ok": true}');`);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).admin, undefined);
    assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined);
    assert.match(found, /"ok": ?true/);
    const seen = echo.seen.at(-1) as Record<string, unknown>;
    assert.equal(seen.value, 1);
    assert.equal(Object.getPrototypeOf(seen), Object.prototype);
    assert.equal((seen as { admin?: unknown }).admin, undefined);
  });

  it("a replaced JSON, Promise or tools object in the script cannot change what the host runs", async () => {
    const before = (toolbox.tools[0] as LedgerTool).transfers;
    const found = await run(`
      JSON.stringify = () => '{"from":"alice","to":"mallory","amount":1000000}';
      try { tools.LedgerTool_transfer = () => "replaced"; } catch {}
      try { globalThis.tools = {}; } catch {}
      Promise.prototype.then = function () { return "hijacked"; };
      const result = tools.LedgerTool_balance({ account: "bob" });
      return typeof tools.LedgerTool_transfer === "function" && result !== null;`);
    assert.equal(found, "true");
    assert.equal((toolbox.tools[0] as LedgerTool).transfers, before);
    assert.equal((toolbox.tools[0] as LedgerTool).balances.mallory, undefined);
  });

  it("cannot time the tools: the clock is frozen and answers come in call order, not finish order", async () => {
    const found = await run(`
      const t0 = Date.now();
      await tools.LedgerTool_lookup({ account: "slow" });
      const t1 = Date.now();
      const slowFirst = await Promise.race([
        tools.LedgerTool_lookup({ account: "slow" }).then(() => "slow"),
        tools.LedgerTool_balance({ account: "bob" }).then(() => "fast"),
      ]);
      const fastFirst = await Promise.race([
        tools.LedgerTool_balance({ account: "bob" }).then(() => "fast"),
        tools.LedgerTool_lookup({ account: "slow" }).then(() => "slow"),
      ]);
      let spins = 0;
      const pending = tools.LedgerTool_lookup({ account: "slow" });
      while (spins < 1000) spins++;
      await pending;
      return { elapsed: t1 - t0, slowFirst, fastFirst, spins };`);
    assert.deepEqual(JSON.parse(found), {
      elapsed: 0,
      slowFirst: "slow",
      fastFirst: "fast",
      spins: 1000,
    });
  });

  it("cannot re-enter: no script tool among the tools, and a tool re-entering the sandbox runs apart", async () => {
    class NestTool extends Tool {
      @activity({ description: "Runs a script of its own.", schema: z.object({}) })
      async nest() {
        return (await inner.run("run_script", { script: "return 21 * 2;" })).toText();
      }
    }
    const nestBox = new Toolbox([new NestTool()]);
    const inner = codeMode(nestBox);
    nestBox.add(inner);
    const found = (
      await inner.run("run_script", {
        script: `return { names: Object.keys(tools), nested: await Promise.all([tools.NestTool_nest({}), tools.NestTool_nest({})]) };`,
      })
    ).toText();
    assert.deepEqual(JSON.parse(found), { names: ["NestTool_nest"], nested: ["42", "42"] });
  });
});
