import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  Agent,
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  type StreamEvent,
  type StreamEventResponseCompleted,
  Usage,
} from "@openai/agents-core";
import { z } from "zod";
import { activity, TextArtifact, Tool, Toolbox } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { toOpenAIAgentsTools, withToolwrightCalls } from "../../src/openai-agents.js";

const calculateSchema = z.object({
  a: z.number(),
  b: z.number(),
  options: z.object({ op: z.enum(["add", "mul"]), round: z.boolean().optional() }),
});
type CalculateInput = z.output<typeof calculateSchema>;

class CalculatorTool extends Tool {
  readonly received: CalculateInput[] = [];

  @activity({
    description: "Adds or multiplies two numbers",
    schema: calculateSchema,
    timeoutMs: 5000,
  })
  calculate(input: CalculateInput) {
    this.received.push(input);
    const { a, b, options } = input;
    return String(options.op === "add" ? a + b : a * b);
  }
}

class ReportTool extends Tool {
  @activity({ description: "A long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(
      `Report on ${input.topic}. ${"The harbour opens at dawn. ".repeat(50)}`,
    );
  }
}

const payloadSchema = z.object({ amount: z.number() });

class PaymentTool extends Tool {
  readonly paid: number[] = [];

  @activity({
    description: "Pays an amount",
    schema: payloadSchema,
    needsApproval: (input: { amount: number }) => input.amount > 100,
  })
  pay(input: { amount: number }) {
    this.paid.push(input.amount);
    return `paid ${input.amount}`;
  }
}

type Turn = (request: ModelRequest) => AgentOutputItem[];

/** A `Model` replaying scripted turns; each turn may read the request (the tool results fed back). */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  #turn = 0;

  constructor(private readonly turns: readonly Turn[]) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const turn = this.turns[this.#turn++] ?? (() => [message("done")]);
    return { usage: new Usage(), output: turn(request), responseId: `resp_${this.#turn}` };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const response = await this.getResponse(request);
    yield { type: "response_started" };
    yield {
      type: "response_done",
      response: {
        id: response.responseId ?? "resp",
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        output: response.output as StreamEventResponseCompleted["response"]["output"],
      },
    };
  }
}

function call(callId: string, name: string, args: string): AgentOutputItem {
  return { type: "function_call", callId, name, arguments: args, status: "completed" };
}

function message(text: string): AgentOutputItem {
  return {
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text }],
  };
}

const intended = (a: number): CalculateInput => ({ a, b: 3, options: { op: "add" } });
const text = (a: number) => JSON.stringify(intended(a));

/** Every broken kind the brief lists, each with its own intended input (told apart by `a`). */
const brokenCalls: readonly { kind: string; name: string; args: string; a: number }[] = [
  { kind: "valid", name: "CalculatorTool_calculate", args: text(1), a: 1 },
  {
    kind: "fenced",
    name: "CalculatorTool_calculate",
    args: `\`\`\`json\n${text(2)}\n\`\`\``,
    a: 2,
  },
  {
    kind: "single-quoted",
    name: "CalculatorTool_calculate",
    args: "{'a': 3, 'b': 3, 'options': {'op': 'add'}}",
    a: 3,
  },
  {
    kind: "values-wrapped",
    name: "CalculatorTool_calculate",
    args: `{"values": ${text(5)}}`,
    a: 5,
  },
  { kind: "double-encoded", name: "CalculatorTool_calculate", args: JSON.stringify(text(6)), a: 6 },
  { kind: "wrong case", name: "calculatortool_calculate", args: text(7), a: 7 },
];

const invalidCalls: readonly { kind: string; args: string; message: RegExp }[] = [
  {
    // Cut off after a whole value: what followed is unknown, so it is refused, never closed.
    kind: "truncated",
    args: '{"a": 4, "b": 3, "options": {"op": "add"',
    message: /cut off\?.*send the whole call again/,
  },
  {
    kind: "wrong type",
    args: '{"a": "eight", "b": 3, "options": {"op": "add"}}',
    message: /validation error: \$\.a: expected number, got string "eight"/,
  },
  {
    kind: "missing key",
    args: '{"a": 9, "options": {"op": "add"}}',
    message: /validation error: \$\.b: expected number, got nothing/,
  },
];

/** The function_call_result outputs the runner fed back to the model, by call id. */
function fedBack(input: ModelRequest["input"] | undefined): Map<string, string> {
  const outputs = new Map<string, string>();
  for (const item of (input ?? []) as AgentInputItem[]) {
    if (item.type !== "function_call_result") continue;
    const output = item.output;
    outputs.set(item.callId, typeof output === "string" ? output : JSON.stringify(output));
  }
  return outputs;
}

function resultText(outputs: Map<string, string>, callId: string): string {
  const raw = outputs.get(callId);
  assert.ok(raw !== undefined, `no result fed back for ${callId}`);
  const parsed: unknown = JSON.parse(raw);
  return (parsed as { text: string }).text;
}

/** Calls the body ran on input other than the one intended for them. */
function wrongExecutions(received: readonly CalculateInput[]): number {
  return received.filter((input) => {
    const meant = brokenCalls.find((broken) => broken.a === input.a);
    return meant === undefined || JSON.stringify(input) !== JSON.stringify(intended(meant.a));
  }).length;
}

function brokenTurn(): AgentOutputItem[] {
  return [
    ...brokenCalls.map((broken) => call(`c${broken.a}`, broken.name, broken.args)),
    ...invalidCalls.map((invalid, index) =>
      call(`bad${index}`, "CalculatorTool_calculate", invalid.args),
    ),
  ];
}

async function runBroken(stream: boolean) {
  const calculator = new CalculatorTool();
  const toolbox = new Toolbox([calculator]);
  const model = new ScriptedModel([brokenTurn]);
  const agent = new Agent({
    name: "calc",
    model: withToolwrightCalls(model, toolbox),
    tools: toOpenAIAgentsTools(toolbox),
  });
  const runner = new Runner({ tracingDisabled: true });
  let finalOutput: unknown;
  if (stream) {
    const result = await runner.run(agent, "add them", { stream: true });
    for await (const _event of result) {
      // drained: the run only advances as its events are read
    }
    await result.completed;
    finalOutput = result.finalOutput;
  } else {
    finalOutput = (await runner.run(agent, "add them")).finalOutput;
  }
  return { calculator, model, finalOutput };
}

function checkBroken({ calculator, model, finalOutput }: Awaited<ReturnType<typeof runBroken>>) {
  assert.equal(finalOutput, "done");
  assert.equal(model.requests.length, 2);
  const outputs = fedBack(model.requests[1]?.input);
  for (const broken of brokenCalls) {
    assert.equal(resultText(outputs, `c${broken.a}`), String(broken.a + 3), broken.kind);
  }
  invalidCalls.forEach((invalid, index) => {
    const refusal = resultText(outputs, `bad${index}`);
    assert.match(refusal, invalid.message, invalid.kind);
    assert.doesNotMatch(refusal, /An error occurred while parsing/, invalid.kind);
  });
  assert.deepEqual(
    calculator.received.map((input) => input.a).sort(),
    brokenCalls.map((broken) => broken.a).sort(),
  );
  assert.equal(wrongExecutions(calculator.received), 0);
  // The model is shown its calls as it wrote them, not the envelope that carried them.
  const calls = ((model.requests[1]?.input ?? []) as AgentInputItem[]).filter(
    (item) => item.type === "function_call",
  );
  assert.deepEqual(
    calls.map((item) => (item.type === "function_call" ? [item.name, item.arguments] : [])),
    brokenTurn().map((item) => (item.type === "function_call" ? [item.name, item.arguments] : [])),
  );
}

describe("toOpenAIAgentsTools through the Agents SDK runner", () => {
  it("runs every broken call with the intended input and refuses invalid ones with toolwright's message", async () => {
    checkBroken(await runBroken(false));
  });

  it("does the same in a streamed run", async () => {
    checkBroken(await runBroken(true));
  });

  it("without withToolwrightCalls, gets only what the runner itself parses as JSON", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const reachable = brokenCalls.filter((broken) => broken.name === "CalculatorTool_calculate");
    const model = new ScriptedModel([
      () => reachable.map((broken) => call(`c${broken.a}`, broken.name, broken.args)),
    ]);
    const agent = new Agent({ name: "calc", model, tools: toOpenAIAgentsTools(toolbox) });
    await new Runner({ tracingDisabled: true }).run(agent, "add them");
    const outputs = fedBack(model.requests[1]?.input);
    const recovered = reachable.filter(
      (broken) => resultText(outputs, `c${broken.a}`) === String(broken.a + 3),
    );
    assert.deepEqual(
      recovered.map((broken) => broken.kind),
      ["valid", "values-wrapped", "double-encoded"],
    );
    assert.match(resultText(outputs, "c2"), /An error occurred while parsing tool arguments/);
    assert.equal(wrongExecutions(calculator.received), 0);
  });

  it("exports the dialect's schemas, strict flag and the activity's time limit", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    for (const strict of [false, true]) {
      const [tool] = toOpenAIAgentsTools(toolbox, { strict });
      const [provided] = toolbox.toProviderTools("openai-responses", { strict });
      assert.ok(tool && provided?.type === "function");
      assert.equal(tool.name, "CalculatorTool_calculate");
      assert.equal(tool.strict, strict);
      assert.deepEqual(tool.parameters, provided.parameters);
      assert.equal(tool.description, provided.description);
      assert.equal(tool.timeoutMs, 5000);
    }
    // Strict mode writes optional keys as nullable: the null is dropped before the method runs.
    const model = new ScriptedModel([
      () => [
        call(
          "s1",
          "CalculatorTool_calculate",
          '{"a": 1, "b": 2, "options": {"op": "mul", "round": null}}',
        ),
      ],
    ]);
    const agent = new Agent({
      name: "calc",
      model: withToolwrightCalls(model, toolbox),
      tools: toOpenAIAgentsTools(toolbox, { strict: true }),
    });
    await new Runner({ tracingDisabled: true }).run(agent, "multiply");
    assert.equal(resultText(fedBack(model.requests[1]?.input), "s1"), "2");
    assert.deepEqual(calculator.received, [{ a: 1, b: 2, options: { op: "mul" } }]);
    assert.throws(() => toOpenAIAgentsTools(toolbox, { strict: "yes" as never }), {
      name: "ToolboxError",
    });
  });

  it("stores off-prompt output in task memory and reads it back with the memory tool", async () => {
    const toolbox = new Toolbox([new ReportTool({ offPrompt: true })]);
    const tools = toOpenAIAgentsTools(toolbox);
    assert.ok(toolbox.taskMemory instanceof TaskMemory);
    assert.ok(tools.some((tool) => tool.name.startsWith("TaskMemoryTool_")));
    const model = new ScriptedModel([
      () => [call("r1", "ReportTool_report", '{"topic": "tides"}')],
      (request) => {
        const notice = resultText(fedBack(request.input), "r1");
        const namespace = /artifact_namespace "([0-9a-f]{32})"/.exec(notice)?.[1];
        assert.ok(namespace, notice);
        const args = `{'memory_name': 'TaskMemory', 'artifact_namespace': '${namespace}', 'limit': 40}`;
        return [call("m1", "taskmemorytool_read", args)];
      },
    ]);
    const agent = new Agent({ name: "reader", model: withToolwrightCalls(model, toolbox), tools });
    await new Runner({ tracingDisabled: true }).run(agent, "report on tides");
    assert.match(resultText(fedBack(model.requests[2]?.input), "m1"), /Report on tides/);
  });

  it("asks the approval predicate with toolwright's decoded input and holds the call until approved", async () => {
    const payments = new PaymentTool();
    const toolbox = new Toolbox([payments]);
    const model = new ScriptedModel([
      () => [
        call("p1", "PaymentTool_pay", "{'amount': 50}"),
        call("p2", "paymenttool_pay", '```json\n{"amount": 500}\n```'),
      ],
    ]);
    const agent = new Agent({
      name: "payer",
      model: withToolwrightCalls(model, toolbox),
      tools: toOpenAIAgentsTools(toolbox),
    });
    const runner = new Runner({ tracingDisabled: true });
    const first = await runner.run(agent, "pay");
    assert.equal(first.interruptions.length, 1);
    assert.equal(
      first.interruptions[0]?.rawItem.type === "function_call" &&
        first.interruptions[0].rawItem.callId,
      "p2",
    );
    assert.deepEqual(payments.paid, [50]);
    const state = first.state;
    for (const interruption of first.interruptions) state.approve(interruption);
    const second = await runner.run(agent, state);
    assert.equal(second.finalOutput, "done");
    assert.deepEqual(payments.paid, [50, 500]);
    assert.equal(resultText(fedBack(model.requests[1]?.input), "p2"), "paid 500");
  });
});
