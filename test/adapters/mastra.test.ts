import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { Agent } from "@mastra/core/agent";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { activity, TextArtifact, Tool, Toolbox } from "../../src/index.js";
import { MastraToolRefusal, toMastraTools, withToolwrightCalls } from "../../src/mastra.js";
import { TaskMemory } from "../../src/memory.js";

// Mastra reports usage to PostHog unless told not to; tests stay off the network.
process.env.MASTRA_TELEMETRY_DISABLED = "1";

const calculateSchema = z.object({
  expression: z.string(),
  options: z.object({ precision: z.number().int(), unit: z.string().optional() }),
});
type CalculateInput = z.infer<typeof calculateSchema>;

class CalculatorTool extends Tool {
  readonly received: CalculateInput[] = [];

  @activity({ description: "Evaluates an arithmetic expression", schema: calculateSchema })
  calculate(input: CalculateInput) {
    this.received.push(input);
    return new TextArtifact(`ran ${input.expression}`);
  }
}

class ReportTool extends Tool {
  @activity({ description: "A long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(
      `Report on ${input.topic}. ${"The harbour opens at dawn. ".repeat(200)}`,
    );
  }
}

interface ScriptedCall {
  readonly name: string;
  readonly input: string;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A mock model whose first step sends `calls` (raw argument text) and whose second step answers. */
function scriptedModel(calls: readonly ScriptedCall[]): MockLanguageModelV4 {
  let step = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      step += 1;
      if (step > 1)
        return {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      return {
        content: calls.map((call, index) => ({
          type: "tool-call" as const,
          toolCallId: `call_${index}`,
          toolName: call.name,
          input: call.input,
        })),
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

/** What the model read back for each call id in its second request. */
function toolOutputs(model: MockLanguageModelV4): Map<string, string> {
  const outputs = new Map<string, string>();
  const prompt = model.doGenerateCalls[1]?.prompt ?? [];
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      outputs.set(part.toolCallId, JSON.stringify(part.output));
    }
  }
  return outputs;
}

async function runAgent(toolbox: Toolbox, calls: readonly ScriptedCall[], wrap: boolean) {
  const model = scriptedModel(calls);
  const agent = new Agent({
    id: "calc",
    name: "calc",
    instructions: "Use the tools.",
    // Mastra types its model slot as its own wrapper of the AI SDK model; the mock is the AI SDK one.
    model: (wrap ? withToolwrightCalls(model, toolbox) : model) as never,
    tools: toMastraTools(toolbox),
  });
  await agent.generate("Compute.", { maxSteps: 2 });
  return { model, outputs: toolOutputs(model) };
}

const intended: CalculateInput = { expression: "2+3", options: { precision: 2 } };
const valid = '{"expression":"2+3","options":{"precision":2}}';
const native = "CalculatorTool_calculate";

describe("Mastra adapter", () => {
  it("shows the model toolwright's schema and runs a valid call through Toolbox.execute", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const { model, outputs } = await runAgent(toolbox, [{ name: native, input: valid }], false);
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    assert.deepEqual(
      sent.map((tool) => tool.name),
      [native],
    );
    const schema = JSON.stringify(sent[0] && "inputSchema" in sent[0] ? sent[0].inputSchema : {});
    assert.match(schema, /"precision"/);
    assert.deepEqual(calculator.received, [intended]);
    assert.match(outputs.get("call_0") ?? "", /ran 2\+3/);
  });

  const broken: readonly ScriptedCall[] = [
    { name: native, input: `\`\`\`json\n${valid}\n\`\`\`` },
    { name: native, input: "{'expression':'2+3','options':{'precision':2}}" },
    { name: native, input: `{"values":${valid}}` },
    { name: native, input: JSON.stringify(valid) },
    { name: "calculatortool_calculate", input: valid },
  ];

  it("with withToolwrightCalls, runs every broken call on the intended input (0 wrong executions)", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const { outputs } = await runAgent(toolbox, broken, true);
    const wrong = calculator.received.filter((input) => !isDeepStrictEqual(input, intended));
    assert.equal(wrong.length, 0);
    assert.equal(calculator.received.length, broken.length);
    for (let index = 0; index < broken.length; index++)
      assert.match(outputs.get(`call_${index}`) ?? "", /ran 2\+3/, `call_${index}`);
    // Cut off after a whole value: what followed is unknown, so it is refused, never closed.
    const cut = await runAgent(toolbox, [{ name: native, input: valid.slice(0, -1) }], true);
    assert.match(cut.outputs.get("call_0") ?? "", /cut off\?.*send the whole call again/);
    assert.equal(calculator.received.length, broken.length);
  });

  it("without the wrapper, Mastra's own reading comes first: unreadable text arrives as no input", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const { outputs } = await runAgent(toolbox, broken, false);
    const wrong = calculator.received.filter((input) => !isDeepStrictEqual(input, intended));
    assert.equal(wrong.length, 0);
    // Single-quoted (Mastra's own repair), {"values": …} and double-encoded reach toolwright.
    for (const index of [1, 2, 3]) assert.match(outputs.get(`call_${index}`) ?? "", /ran 2\+3/);
    // Fenced text: Mastra cannot read it and passes `{}`; toolwright refuses it here only because
    // the activity has required keys (hence the wrapper). A wrong case: not found.
    assert.match(outputs.get("call_0") ?? "", /expected string, got nothing/);
    assert.match(outputs.get("call_4") ?? "", /not found/);
  });

  it("returns toolwright's message as Mastra's tool error for invalid input, never a crash", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const calls = [
      { name: native, input: '{"expression":"2+3","options":{"precision":"many"}}' },
      { name: native, input: '{"expression":"2+3"}' },
    ];
    const { outputs } = await runAgent(toolbox, calls, true);
    assert.equal(calculator.received.length, 0);
    for (const id of ["call_0", "call_1"]) {
      const output = outputs.get(id) ?? "";
      assert.match(output, /error/);
      assert.match(output, /expression|options/);
    }
    const direct = await toMastraTools(toolbox)
      [native]?.execute?.("{'expression': 2}" as never, {} as never)
      .catch((error: unknown) => error);
    assert.ok(direct instanceof MastraToolRefusal);
    assert.equal(direct.code, "invalid_input");
  });

  it("keeps off-prompt output in Task Memory and serves the memory tool through Mastra", async () => {
    const toolbox = new Toolbox([new ReportTool({ offPrompt: true })]).setTaskMemory(
      new TaskMemory(),
    );
    const tools = toMastraTools(toolbox);
    assert.ok("TaskMemoryTool_search" in tools);
    const first = await runAgent(
      toolbox,
      [{ name: "ReportTool_report", input: '{"topic":"tides"}' }],
      true,
    );
    assert.match(first.outputs.get("call_0") ?? "", /stored in memory with memory_name/);
    const search = '{"memory_name":"TaskMemory","query":"harbour dawn"}';
    const second = await runAgent(
      toolbox,
      [{ name: "TaskMemoryTool_search", input: search }],
      true,
    );
    assert.match(second.outputs.get("call_0") ?? "", /harbour opens at dawn/);
  });

  it("maps needsApproval to requireApproval: a flag as it is, a predicate on the decoded input", async () => {
    class PayTool extends Tool {
      @activity({
        description: "Pays an amount",
        schema: z.object({ amount: z.number() }),
        needsApproval: (input) => input.amount > 100,
      })
      pay(input: { amount: number }) {
        return `paid ${input.amount}`;
      }

      @activity({ description: "Refunds everything", needsApproval: true })
      refund_all() {
        return "refunded";
      }
    }
    const tools = toMastraTools(new Toolbox([new PayTool()]));
    assert.equal(tools.PayTool_refund_all?.requireApproval, true);
    const ask = tools.PayTool_pay?.requireApproval;
    assert.equal(typeof ask, "function");
    const asks = ask as (input: unknown) => Promise<boolean>;
    // The predicate sees toolwright's reading: a fenced, single-quoted 500 is 500.
    assert.equal(await asks("```json\n{'amount': 500}\n```"), true);
    assert.equal(await asks({ amount: 50 }), false);
    // A call toolwright would refuse asks no one: it only comes back refused.
    assert.equal(await asks({ amount: "lots" }), false);
    assert.equal(tools.CalculatorTool_calculate, undefined);
  });
});
