// The call contract under hostile input (issue 12): `run`, `execute`, `executeAll`, `prepare` and an
// agent never reject for what a model sends, whatever its size or shape; bounds are checked before any
// parsing work; time limits mean what they say.
import assert from "node:assert/strict";
import { after, describe, it, mock } from "node:test";
import { z } from "zod";
import { Agent } from "../../src/agent.js";
import {
  type ActivityContext,
  activity,
  defaultTimeoutMs,
  ErrorArtifact,
  Tool,
  Toolbox,
  ToolboxError,
  ToolConfigError,
} from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing.js";
import { closeIsolatedRunners } from "../../src/tool/run-isolated.js";

const work = new URL("../fixtures/isolated/work.ts", import.meta.url);

/** Every method checks what it got against its schema: a run on any other input is a wrong execution. */
class Target extends Tool {
  wrong = 0;
  runs = 0;

  @activity({ description: "Echo a title", schema: z.object({ title: z.string() }) })
  echo(input: { title: string }) {
    this.runs++;
    if (typeof input?.title !== "string" || Object.keys(input).length !== 1) this.wrong++;
    return input.title;
  }

  @activity({
    description: "Sum numbers",
    schema: z.object({ values: z.array(z.number()).max(50), label: z.string().optional() }),
  })
  sum(input: { values: number[]; label?: string | undefined }) {
    this.runs++;
    if (!Array.isArray(input?.values) || input.values.some((n) => typeof n !== "number"))
      this.wrong++;
    return input.values.reduce((total, value) => total + value, 0);
  }
}

class Slow extends Tool {
  @activity({ description: "Never settles" })
  hang() {
    return new Promise(() => undefined);
  }

  @activity({ description: "Blocks the event loop", schema: z.object({ ms: z.number() }) })
  block(input: { ms: number }) {
    const end = Date.now() + input.ms;
    while (Date.now() < end) {
      // holds the thread: no timer can fire
    }
    return "finished";
  }

  @activity({ description: "Blocks, then resolves", schema: z.object({ ms: z.number() }) })
  async blockAsync(input: { ms: number }) {
    const end = Date.now() + input.ms;
    while (Date.now() < end) {
      // holds the thread before the first await
    }
    return "finished";
  }

  @activity({
    description: "Count primes in another process",
    schema: z.object({ limit: z.number() }),
    timeoutMs: 20_000,
  })
  primes(input: { limit: number }, context: ActivityContext) {
    return context.runIsolated({ module: work, export: "countPrimes", input: input.limit });
  }

  @activity({ description: "Spin in another process", timeoutMs: 1_500 })
  spin(_input: unknown, context: ActivityContext) {
    return context.runIsolated({ module: work, export: "spin" });
  }

  @activity({ description: "Fail in another process" })
  fail(_input: unknown, context: ActivityContext) {
    return context.runIsolated({ module: work, export: "fail", input: "no luck" });
  }

  @activity({ description: "Exhaust the heap in another process" })
  hog(_input: unknown, context: ActivityContext) {
    return context.runIsolated({ module: work, export: "hog", maxMemoryMb: 32 });
  }

  @activity({ description: "Process id of the isolated process" })
  pid(_input: unknown, context: ActivityContext) {
    return context.runIsolated({ module: work, export: "pid" });
  }
}

after(() => closeIsolatedRunners());

const nested = (depth: number, inner = "1") =>
  `{"title":${"[".repeat(depth)}${inner}${"]".repeat(depth)}}`;

function errorOf(artifact: unknown): ErrorArtifact {
  assert.ok(
    artifact instanceof ErrorArtifact,
    `expected an ErrorArtifact, got ${String(artifact)}`,
  );
  return artifact;
}

describe("arguments of any size or shape never make a call reject", () => {
  it("refuses nesting past 256 levels, as text and as an object, before any stringifying", async () => {
    const tool = new Target();
    const toolbox = new Toolbox([tool]);
    for (const depth of [257, 5_000, 200_000]) {
      const text = nested(depth);
      const fromText = await toolbox.execute({ name: "Target_echo", arguments: text });
      assert.equal(errorOf(fromText.artifact).code, "input_too_large");
      assert.match(fromText.artifact.toText(), /nest deeper than 256 levels/);
      if (depth <= 5_000) {
        const value = JSON.parse(text);
        const fromObject = await toolbox.execute({ name: "Target_echo", arguments: value });
        assert.equal(errorOf(fromObject.artifact).code, "input_too_large");
        assert.equal(errorOf(await tool.run("echo", value)).code, "input_too_large");
      }
      // Unclosed brackets are what the repair step would close: refused the same way.
      const cut = await toolbox.execute({
        name: "Target_echo",
        arguments: `{"title":${"[".repeat(depth)}`,
      });
      assert.equal(errorOf(cut.artifact).code, "input_too_large");
    }
    // 256 levels is within the limit: an ordinary validation error names the path.
    const deepest = await toolbox.execute({ name: "Target_echo", arguments: nested(200) });
    assert.match(deepest.artifact.toText(), /\$\.title: expected string, got array/);
    assert.equal(tool.runs, 0);
  });

  it("refuses deep JSON hidden in a string (double encoding, envelopes) once decoded", async () => {
    const tool = new Target();
    const toolbox = new Toolbox([tool]);
    const inner = nested(5_000);
    for (const args of [JSON.stringify(inner), JSON.stringify({ values: inner })]) {
      const result = await toolbox.execute({ name: "Target_echo", arguments: args });
      assert.equal(errorOf(result.artifact).code, "input_too_large", args.slice(0, 40));
    }
    assert.equal(tool.runs, 0);
  });

  it("refuses arguments over the size and key limits, and repairs only short text", async () => {
    const tool = new Target();
    const toolbox = new Toolbox([tool]);
    const big = `{"title":"${"x".repeat(1024 * 1024)}"}`;
    const tooBig = await toolbox.execute({ name: "Target_echo", arguments: big });
    assert.match(tooBig.artifact.toText(), /over the 1 MiB limit/);
    const keys = Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`k${i}`, i]));
    for (const args of [JSON.stringify({ title: "t", ...keys }), { title: "t", ...keys }]) {
      const result = await toolbox.execute({ name: "Target_echo", arguments: args });
      assert.match(result.artifact.toText(), /more than 10,000 keys and items/);
    }
    const items = { values: Array.from({ length: 12_000 }, () => 1) };
    assert.equal(
      errorOf((await toolbox.execute({ name: "Target_sum", arguments: items })).artifact).code,
      "input_too_large",
    );
    // Malformed text past the repair length is refused; within it, repaired.
    const long = `{'title': '${"y".repeat(70_000)}',}`;
    const refused = await toolbox.execute({ name: "Target_echo", arguments: long });
    assert.match(refused.artifact.toText(), /longer than 65,536 characters are not repaired/);
    const short = await toolbox.execute({ name: "Target_echo", arguments: `{'title': 'ok',}` });
    assert.equal(short.artifact.toText(), "ok");
    assert.equal(tool.runs, 1);
    assert.equal(tool.wrong, 0);
  });

  it("takes its limits from the toolbox, checked as options", async () => {
    const tool = new Target();
    const toolbox = new Toolbox([tool], { inputLimits: { maxArgumentBytes: 64, maxDepth: 3 } });
    const long = await toolbox.execute({
      name: "Target_echo",
      arguments: `{"title":"${"z".repeat(80)}"}`,
    });
    assert.match(long.artifact.toText(), /over the 64 bytes limit/);
    const deep = await toolbox.execute({ name: "Target_echo", arguments: { title: [[["x"]]] } });
    assert.match(deep.artifact.toText(), /deeper than 3 levels/);
    assert.throws(
      () => new Toolbox([], { inputLimits: { maxDepth: 0 } }),
      (error: unknown) => {
        return ToolboxError.isInstance(error) && /inputLimits\.maxDepth/.test(error.message);
      },
    );
    assert.throws(
      () => new Toolbox([], { inputLimits: { maxKey: 5 } as never }),
      /did you mean "maxKeys"/,
    );
  });

  it("survives a bounded fuzz of adversarial arguments with zero wrong executions", async () => {
    const tool = new Target();
    const toolbox = new Toolbox([tool]);
    const random = seeded(12);
    let cases = 0;
    for (let round = 0; round < 600; round++) {
      const name = random() < 0.5 ? "Target_echo" : "Target_sum";
      const value = hostileValue(random, 0);
      const shaped = random() < 0.5 ? { title: value } : { values: value };
      const text = JSON.stringify(shaped) ?? "null";
      const mangled = mangle(text, random);
      for (const args of [mangled, random() < 0.5 ? shaped : value]) {
        const result = await toolbox.execute({ id: `c${cases}`, name, arguments: args as never });
        assert.ok(result.artifact !== undefined);
        cases++;
      }
    }
    const batch = await toolbox.executeAll(
      Array.from({ length: 20 }, (_, index) => ({
        name: "Target_echo",
        arguments: nested(1_000 + index),
      })),
    );
    assert.ok(batch.every((result) => errorOf(result.artifact).code === "input_too_large"));
    const wrapper = await toolbox.execute({
      name: "multi_tool_use.parallel",
      arguments: `{"tool_uses":${"[".repeat(10_000)}]}`,
    });
    assert.ok(wrapper.artifact instanceof ErrorArtifact);
    assert.equal(tool.wrong, 0, `${tool.wrong} wrong executions in ${cases} cases`);
    assert.ok(tool.runs > 0, "some fuzzed calls were valid and ran");
  });

  it("keeps an agent's run going when a model sends a call nested 5,000 deep", async () => {
    const driver = new MockPromptDriver({
      responses: [
        { toolCalls: [{ id: "1", name: "Target_echo", arguments: nested(5_000) }] },
        { text: "done" },
      ],
    });
    const result = await new Agent({ driver, tools: [new Target()] }).run("go");
    assert.equal(result.status, "completed");
    assert.equal(result.toolCalls[0]?.result.artifact.type, "ErrorArtifact");
  });
});

describe("time limits mean what they say", () => {
  it("applies 60 s when nothing sets a limit, and null means none", async (context) => {
    context.mock.timers.enable({ apis: ["setTimeout"] });
    const toolbox = new Toolbox([new Slow()]);
    const pending = toolbox.execute({ name: "Slow_hang", arguments: "{}" });
    // Let the call reach its timer before the clock moves.
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    context.mock.timers.tick(defaultTimeoutMs);
    const result = await pending;
    assert.equal(errorOf(result.artifact).code, "timeout");
    assert.match(result.artifact.toText(), /timed out after 60000 ms/);
    assert.equal(defaultTimeoutMs, 60_000);

    const unlimited = new Toolbox([new Slow({ timeoutMs: null })]);
    let settled = false;
    void unlimited.execute({ name: "Slow_hang", arguments: "{}" }).then(() => {
      settled = true;
    });
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    context.mock.timers.tick(10 * defaultTimeoutMs);
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    assert.equal(settled, false);
  });

  it("uses the toolbox's limit below the activity's and the tool's", async () => {
    const toolbox = new Toolbox([new Slow()], { timeoutMs: 50 });
    const result = await toolbox.execute({ name: "Slow_hang", arguments: "{}" });
    assert.match(result.artifact.toText(), /timed out after 50 ms/);
    const own = new Toolbox([new Slow({ timeoutMs: 30 })], { timeoutMs: 5_000 });
    assert.match((await own.execute({ name: "Slow_hang" })).artifact.toText(), /after 30 ms/);
    const call = await toolbox.execute({ name: "Slow_hang" }, { timeoutMs: 20 });
    assert.match(call.artifact.toText(), /after 20 ms/);
  });

  it("refuses limits a Node timer would not keep, everywhere, as typed errors", async () => {
    const bad = [0, -5, 1.5, Number.POSITIVE_INFINITY, 2 ** 31, 30 * 86_400_000, "100"];
    for (const timeoutMs of bad) {
      assert.throws(() => new Slow({ timeoutMs } as never), ToolConfigError, String(timeoutMs));
      assert.throws(() => new Toolbox([], { timeoutMs } as never), ToolboxError, String(timeoutMs));
      await assert.rejects(new Slow().run("hang", {}, { timeoutMs } as never), ToolConfigError);
      await assert.rejects(
        new Toolbox([new Slow()]).execute({ name: "Slow_hang" }, { timeoutMs } as never),
        ToolboxError,
      );
    }
    // The largest delay a timer keeps is accepted.
    assert.doesNotThrow(() => new Slow({ timeoutMs: 2_147_483_647 }));
  });

  it("reports a method that blocked past its limit as timed out, not as a success", async () => {
    const slow = new Slow({ timeoutMs: 100 });
    for (const name of ["block", "blockAsync"]) {
      const artifact = await slow.run(name, { ms: 400 });
      assert.equal(errorOf(artifact).code, "timeout", name);
      assert.match(artifact.toText(), /without yielding, so it could not be stopped/);
    }
    // One that returns within its limit is a success (a generous limit: a busy machine may pause it).
    const finished = await slow.run("block", { ms: 1 }, { timeoutMs: 30_000 });
    assert.equal(finished.toText(), "finished");
  });
});

describe("context.runIsolated: a hard limit for work that blocks", () => {
  it("runs an exported function in another process and returns its result", async () => {
    const slow = new Slow();
    assert.equal((await slow.run("primes", { limit: 1_000 })).toText(), "168");
    const first = (await slow.run("pid", {})).toText();
    assert.notEqual(first, String(process.pid));
    // The process stays up for the module's later calls.
    assert.equal((await slow.run("pid", {})).toText(), first);
  });

  it("kills a function that never yields at the call's limit", async () => {
    const started = performance.now();
    const artifact = await new Slow().run("spin", {});
    assert.equal(errorOf(artifact).code, "timeout");
    // The limit is 1.5 s; a process start and the kill fit well inside 10 s on any CI machine.
    assert.ok(performance.now() - started < 10_000);
    // A killed process is replaced on the next call.
    assert.equal((await new Slow().run("primes", { limit: 100 })).toText(), "25");
  });

  it("reports the function's error and a process that ran out of memory", async () => {
    assert.match((await new Slow().run("fail", {})).toText(), /no luck/);
    assert.match((await new Slow().run("hog", {})).toText(), /ran out of memory|stopped/);
  });

  it("stops the process when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = new Slow().run("spin", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user cancelled")), 200);
    await assert.rejects(pending, /user cancelled/);
  });
});

/** A small deterministic PRNG (mulberry32): the same cases on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const oddKeys = [
  "__proto__",
  "constructor",
  "prototype",
  "title",
  "values",
  "",
  "\u0000",
  "a".repeat(300),
];

function hostileValue(random: () => number, depth: number): unknown {
  const pick = random();
  if (depth > 3 || pick < 0.3) {
    const leaves: unknown[] = [
      "ok",
      "",
      42,
      -0,
      1e308,
      true,
      null,
      "\ud800",
      "x".repeat(Math.floor(random() * 5_000)),
      [1, 2, 3],
    ];
    return leaves[Math.floor(random() * leaves.length)];
  }
  if (pick < 0.45) return JSON.parse(nested(Math.floor(random() * 600)).slice(9, -1));
  if (pick < 0.6) {
    return Array.from({ length: Math.floor(random() * 60) }, () => hostileValue(random, depth + 1));
  }
  if (pick < 0.7) {
    return Object.fromEntries(
      Array.from({ length: Math.floor(random() * 400) }, (_, index) => [`k${index}`, index]),
    );
  }
  const object: Record<string, unknown> = {};
  for (let index = 0; index < 1 + Math.floor(random() * 4); index++) {
    const key = oddKeys[Math.floor(random() * oddKeys.length)] as string;
    Object.defineProperty(object, key, {
      value: hostileValue(random, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** What models do to JSON text: cut it, quote it badly, wrap it, double-encode it. */
function mangle(text: string, random: () => number): string {
  const pick = random();
  if (pick < 0.3) return text;
  if (pick < 0.45) return text.slice(0, Math.floor(random() * text.length));
  if (pick < 0.6) return text.replaceAll('"', "'");
  if (pick < 0.7) return `\`\`\`json\n${text}\n\`\`\``;
  if (pick < 0.8) return JSON.stringify(text);
  if (pick < 0.9) return `${text},}`;
  return `<tool_call>${text}${"]".repeat(Math.floor(random() * 5))}`;
}

// `mock` is imported for the timers API's types; keep the linter from calling it unused.
void mock;
