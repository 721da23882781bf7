import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import {
  activity,
  type ErrorArtifact,
  JsonArtifact,
  ListArtifact,
  Tool,
  Toolbox,
  ToolboxError,
} from "../../src/index.js";
import { MockTool } from "../fixtures/mock-tool.js";

class CalculatorTool extends Tool {
  calls = 0;

  @activity({
    description: "Adds two numbers",
    schema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    annotations: { readOnly: true },
  })
  add(input: { a: number; b: number }) {
    this.calls += 1;
    return input.a + input.b;
  }

  @activity({
    description: "Echoes its input",
    schema: z.object({ text: z.string(), times: z.number().int().optional() }),
  })
  echo(input: { text: string; times?: number | undefined }) {
    this.calls += 1;
    return input;
  }
}

class FileTool extends Tool {
  running = 0;
  maxRunning = 0;
  destructiveRunning = 0;
  maxDestructive = 0;

  async #track(destructive: boolean, ms: number) {
    this.running += 1;
    if (destructive) this.destructiveRunning += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    this.maxDestructive = Math.max(this.maxDestructive, this.destructiveRunning);
    await sleep(ms);
    this.running -= 1;
    if (destructive) this.destructiveRunning -= 1;
  }

  @activity({
    description: "Reads a file",
    schema: z.object({ path: z.string() }),
    annotations: { readOnly: true },
  })
  async read(input: { path: string }) {
    await this.#track(false, 15);
    return `read ${input.path}`;
  }

  @activity({
    description: "Deletes a file",
    schema: z.object({ path: z.string() }),
    annotations: { destructive: true },
  })
  async remove(input: { path: string }) {
    await this.#track(true, 15);
    return `removed ${input.path}`;
  }
}

describe("Toolbox construction and names", () => {
  it("rejects two tools with one name and things that are not tools", () => {
    assert.throws(
      () => new Toolbox([new MockTool(), new MockTool()]),
      (error: unknown) => {
        assert.ok(error instanceof ToolboxError);
        assert.equal(error.code, "invalid_toolbox");
        assert.match(error.message, /two tools are named "MockTool"/);
        return true;
      },
    );
    assert.throws(() => new Toolbox([{ name: "x" } as never]), ToolboxError);
    assert.throws(
      () => new Toolbox([], { concurrency: 0 }),
      /"concurrency" must be a positive integer; got a number \(0\)/,
    );
  });

  it("names the valid dialects when asked for one it does not know", () => {
    assert.throws(
      () => new Toolbox([new MockTool()]).toProviderTools("claude" as never),
      (error: unknown) =>
        ToolboxError.isInstance(error) &&
        error.message.endsWith(
          'unknown dialect "claude"; one of openai-chat, openai-responses, anthropic, gemini, ollama, mcp, json-schema',
        ),
    );
  });

  it("names activities Tool_activity and maps unsafe names reversibly, stably and without collisions", () => {
    const plain = new Toolbox([new CalculatorTool()]);
    assert.equal(plain.nativeName("CalculatorTool", "add"), "CalculatorTool_add");
    const tools = () => [
      new CalculatorTool({ name: "math.calc" }),
      new CalculatorTool({ name: "math_calc" }),
      new CalculatorTool({ name: "Größe-Rechner" }),
      new CalculatorTool({ name: `a${"x".repeat(100)}` }),
    ];
    const first = new Toolbox(tools());
    const names = first.tools.flatMap((tool) =>
      ["add", "echo"].map((name) => first.nativeName(tool, name)),
    );
    for (const name of names) assert.match(name, /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
    assert.equal(new Set(names).size, names.length);
    assert.equal(first.nativeName("math_calc", "add"), "math_calc_add");
    assert.match(first.nativeName("math.calc", "add"), /^math_calc_add_[0-9a-f]{8}$/);
    assert.equal(first.nativeName("Größe-Rechner", "add"), "Gro_e-Rechner_add");
    const reversed = new Toolbox(tools().reverse());
    for (const tool of first.tools) {
      assert.equal(reversed.nativeName(tool.name, "add"), first.nativeName(tool, "add"));
      const resolved = first.resolveName(first.nativeName(tool, "add"));
      assert.equal(resolved?.tool, tool);
      assert.equal(resolved?.activity.name, "add");
    }
  });

  it("resolves the name variants models write, and a bare activity only when unique", () => {
    const toolbox = new Toolbox([new CalculatorTool(), new MockTool()]);
    for (const variant of [
      "CalculatorTool.add",
      "calculatortool_add",
      "functions.CalculatorTool_add",
      "add",
      "CALCULATORTOOL-ADD",
    ]) {
      assert.equal(toolbox.resolveName(variant)?.activity.name, "add", variant);
    }
    const twice = new Toolbox([new CalculatorTool(), new CalculatorTool({ name: "Other" })]);
    assert.equal(twice.resolveName("add"), undefined);
    assert.equal(twice.resolveName("Other.add")?.tool.name, "Other");
  });

  it("accepts tools added later and pushes them through the same registration", () => {
    const toolbox = new Toolbox([new CalculatorTool()]);
    const before = toolbox.toProviderTools("openai-chat");
    assert.equal(toolbox.toProviderTools("openai-chat"), before, "cached");
    toolbox.add(new MockTool());
    const after = toolbox.toProviderTools("openai-chat");
    assert.notEqual(after, before);
    assert.deepEqual(after.map((tool) => tool.function.name).slice(0, 4), [
      "CalculatorTool_add",
      "CalculatorTool_echo",
      "MockTool_test",
      "MockTool_test_callable_schema",
    ]);
    assert.throws(() => toolbox.add(new MockTool()), ToolboxError);
    assert.ok(Object.isFrozen(after[0]?.function));
  });

  it("recompiles when a tool's enabled activities change", () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    assert.equal(toolbox.toProviderTools("anthropic").length, 2);
    calculator.denylist = ["echo"];
    assert.deepEqual(
      toolbox.toProviderTools("anthropic").map((tool) => tool.name),
      ["CalculatorTool_add"],
    );
  });
});

describe("toolbox.execute", () => {
  it("runs a valid call from a string or an object, with no repairs", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const fromString = await toolbox.execute({
      id: "c1",
      name: "CalculatorTool_add",
      arguments: '{"a":1,"b":2}',
    });
    assert.deepEqual(
      {
        id: fromString.id,
        tool: fromString.toolName,
        activity: fromString.activityName,
        text: fromString.artifact.toText(),
        repairs: fromString.repairs,
      },
      { id: "c1", tool: "CalculatorTool", activity: "add", text: "3", repairs: [] },
    );
    const fromObject = await toolbox.execute({
      name: "CalculatorTool_add",
      arguments: { a: 2, b: 2 },
    });
    assert.equal(fromObject.artifact.toText(), "4");
    assert.match(fromObject.id, /^call_\d+$/);
  });

  it("never runs the method on a double-encoded string or an envelope it cannot repair", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const doubled = JSON.stringify(JSON.stringify({ a: 1, b: 2 }));
    const repaired = await toolbox.execute({ name: "CalculatorTool_add", arguments: doubled });
    assert.equal(repaired.artifact.toText(), "3");
    assert.deepEqual(
      repaired.repairs.map((repair) => repair.step),
      ["unwrap-string"],
    );
    const envelope = await toolbox.execute({
      name: "CalculatorTool_add",
      arguments: { values: { a: 1, b: 1 } },
    });
    assert.equal(envelope.artifact.toText(), "2");
    assert.equal(calculator.calls, 2);
    const off = {
      repairs: { "unwrap-string": false, "unwrap-envelope": false, coerce: false },
    } as const;
    for (const args of [doubled, { values: { a: 1, b: 1 } }]) {
      const refused = await toolbox.execute({ name: "CalculatorTool_add", arguments: args }, off);
      assert.equal((refused.artifact as ErrorArtifact).code, "invalid_input");
      assert.match(refused.artifact.toText(), /^Activity input JSON validation error: /);
    }
    assert.equal(calculator.calls, 2, "the method never saw the broken input");
  });

  it("explains an unknown name with the most similar names first, within 1,000 characters", async () => {
    const many = Array.from(
      { length: 120 },
      (_, index) => new CalculatorTool({ name: `Calculator${index}` }),
    );
    const toolbox = new Toolbox(many);
    const result = await toolbox.execute({ name: "Calculator7_ad", arguments: "{}" });
    const artifact = result.artifact as ErrorArtifact;
    assert.equal(artifact.code, "unknown_tool");
    assert.match(
      artifact.value,
      /^Tool "Calculator7_ad" not found\. Available tools, most similar first: Calculator7_add, /,
    );
    assert.match(artifact.value, /… and \d+ more\.$/);
    assert.ok(artifact.value.length <= 1000, String(artifact.value.length));
  });

  it("reports unreadable JSON and invalid input as errors the model can act on", async () => {
    const toolbox = new Toolbox([new CalculatorTool()]);
    const broken = await toolbox.execute(
      { name: "CalculatorTool_add", arguments: "{{{" },
      { repairs: { "repair-json": false } },
    );
    assert.equal((broken.artifact as ErrorArtifact).code, "invalid_json");
    assert.match(broken.artifact.toText(), /^Activity input JSON decoding error: /);
    const invalid = await toolbox.execute({ name: "CalculatorTool_add", arguments: '{"a":"one"}' });
    assert.equal(
      invalid.artifact.toText(),
      'Activity input JSON validation error: $.b: expected number, got nothing; $.a: expected number, got string "one"',
    );
    const disabled = new CalculatorTool({ denylist: ["add"] });
    const result = await new Toolbox([disabled]).execute({
      name: "CalculatorTool_add",
      arguments: "{}",
    });
    assert.match(result.artifact.toText(), /is disabled/);
  });

  it("undoes a strict lowering exactly when told the dialect", async () => {
    const toolbox = new Toolbox([new CalculatorTool()]);
    const strict = { dialect: "openai-chat", strict: true } as const;
    const result = await toolbox.execute(
      { name: "CalculatorTool_echo", arguments: '{"text":"hi","times":null}' },
      { dialect: strict },
    );
    assert.ok(result.artifact instanceof JsonArtifact);
    assert.deepEqual(result.artifact.value, { text: "hi" });
    // Every fix is logged, also the reversal of the dialect's own lowering.
    assert.deepEqual(result.repairs, [
      {
        step: "undo-lowering",
        detail: "$.times: dropped null (sent for an optional parameter the dialect marks nullable)",
      },
    ]);
  });

  it("rejects only when the caller aborts", async () => {
    const toolbox = new Toolbox([new FileTool()]);
    const controller = new AbortController();
    const pending = toolbox.execute(
      { name: "FileTool_read", arguments: { path: "a" } },
      { signal: controller.signal },
    );
    controller.abort(new Error("stop"));
    await assert.rejects(pending, /stop/);
  });
});

describe("toolbox.executeAll", () => {
  it("keeps call order, lets one bad call fail alone, caps concurrency and never overlaps destructive calls", async () => {
    const files = new FileTool();
    const toolbox = new Toolbox([files, new CalculatorTool()]);
    const calls = [
      ...Array.from({ length: 6 }, (_, index) => ({
        id: `r${index}`,
        name: "FileTool_read",
        arguments: { path: `f${index}` },
      })),
      ...Array.from({ length: 4 }, (_, index) => ({
        id: `d${index}`,
        name: "FileTool_remove",
        arguments: { path: `g${index}` },
      })),
      { id: "bad", name: "FileTool_read", arguments: "{}" },
      { id: "nope", name: "nope", arguments: "{}" },
    ];
    const results = await toolbox.executeAll(calls, { concurrency: 3 });
    assert.deepEqual(
      results.map((result) => result.id),
      calls.map((call) => call.id),
    );
    assert.equal(results[0]?.artifact.toText(), "read f0");
    assert.equal(results[9]?.artifact.toText(), "removed g3");
    assert.equal((results[10]?.artifact as ErrorArtifact | undefined)?.code, "invalid_input");
    assert.equal((results[11]?.artifact as ErrorArtifact | undefined)?.code, "unknown_tool");
    assert.ok(files.maxRunning <= 3, `ran ${files.maxRunning} at once`);
    assert.ok(files.maxRunning >= 2, "read-only calls ran in parallel");
    assert.equal(files.maxDestructive, 1);
  });

  it("expands a multi_tool_use.parallel wrapper into its calls", async () => {
    const toolbox = new Toolbox([new CalculatorTool()]);
    const [result] = await toolbox.executeAll([
      {
        id: "w",
        name: "multi_tool_use.parallel",
        arguments: JSON.stringify({
          tool_uses: [
            { recipient_name: "functions.CalculatorTool_add", parameters: { a: 1, b: 2 } },
            { recipient_name: "functions.CalculatorTool_echo", parameters: { text: "x" } },
          ],
        }),
      },
    ]);
    assert.ok(result?.artifact instanceof ListArtifact);
    assert.equal(result.id, "w");
    assert.deepEqual(
      result.calls?.map((call) => call.id),
      ["w.0", "w.1"],
    );
    assert.equal(result.calls?.[0]?.artifact.toText(), "3");
    assert.deepEqual(
      result.repairs.map((repair) => repair.step),
      ["expand-parallel"],
    );
    const single = await toolbox.execute({
      name: "multi_tool_use.parallel",
      arguments: { tool_uses: [{ recipient_name: "add", parameters: { a: 1, b: 1 } }] },
    });
    assert.equal(single.calls?.[0]?.artifact.toText(), "2");
  });
});
