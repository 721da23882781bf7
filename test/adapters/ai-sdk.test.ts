import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateText, stepCountIs, streamText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { repairToolCall, toAiSdkOutput, toAiSdkTools } from "../../src/ai-sdk.js";
import {
  activity,
  ErrorArtifact,
  ImageArtifact,
  JsonArtifact,
  TextArtifact,
  Tool,
  Toolbox,
} from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";

const calculateSchema = z.object({
  a: z.number(),
  b: z.number(),
  options: z.object({ precision: z.number().int(), label: z.string().optional() }),
  note: z.string().optional(),
});
type CalculateInput = z.infer<typeof calculateSchema>;

/** Records every input its method ran on, to count runs on input the model did not mean. */
class CalculatorTool extends Tool {
  readonly received: unknown[] = [];

  @activity({ description: "Adds a and b", schema: calculateSchema })
  calculate(input: CalculateInput) {
    this.received.push(input);
    return new JsonArtifact({ sum: Number((input.a + input.b).toFixed(input.options.precision)) });
  }

  @activity({
    description: "Deletes everything",
    schema: z.object({ what: z.string() }),
    needsApproval: true,
  })
  wipe(input: { what: string }) {
    this.received.push(input);
    return new TextArtifact(`wiped ${input.what}`);
  }

  @activity({ description: "A picture", schema: z.object({}) })
  picture() {
    return new ImageArtifact(pngBytes, { format: "png" });
  }
}

class SearchWeatherTool extends Tool {
  @activity({
    name: "forecast",
    description: "Weather forecast for a city.",
    schema: z.object({ city: z.string().describe("The city") }),
  })
  forecast(input: { city: string }) {
    return `sunny in ${input.city}`;
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

const pngBytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

interface ScriptedCall {
  readonly toolName: string;
  readonly input: string;
}

/** The AI SDK's own mock model: step 1 sends the calls (raw input text), step 2 answers "done". */
function scriptedModel(calls: readonly ScriptedCall[]): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: calls.map((call, index) => ({
          type: "tool-call" as const,
          toolCallId: `call_${index}`,
          toolName: call.toolName,
          input: call.input,
        })),
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: "done" }],
        finishReason: { unified: "stop", raw: "stop" },
        usage,
        warnings: [],
      },
    ],
    doStream: [
      {
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: "stream-start", warnings: [] });
            calls.forEach((call, index) => {
              controller.enqueue({
                type: "tool-call",
                toolCallId: `call_${index}`,
                toolName: call.toolName,
                input: call.input,
              });
            });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "tool-calls", raw: "tool_calls" },
              usage,
            });
            controller.close();
          },
        }),
      },
    ],
  });
}

/** The tool results the model reads in its next step (the prompt the SDK sent it), by call id. */
function toolOutputs(model: MockLanguageModelV4, step = 1): Map<string, unknown> {
  const outputs = new Map<string, unknown>();
  const prompt = (model.doGenerateCalls[step] ?? model.doStreamCalls[step])?.prompt ?? [];
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") outputs.set(part.toolCallId, part.output);
    }
  }
  return outputs;
}

const intended: CalculateInput = { a: 2, b: 3, options: { precision: 2 } };
const intendedText = JSON.stringify(intended);
const json5 = { type: "json", value: { sum: 5 } };
const native = "CalculatorTool_calculate";

const broken: readonly { readonly kind: string; readonly call: ScriptedCall }[] = [
  { kind: "valid", call: { toolName: native, input: intendedText } },
  { kind: "fenced", call: { toolName: native, input: `\`\`\`json\n${intendedText}\n\`\`\`` } },
  {
    kind: "single-quoted",
    call: { toolName: native, input: "{'a': 2, 'b': 3, 'options': {'precision': 2}}" },
  },
  { kind: "values-wrapped", call: { toolName: native, input: `{"values":${intendedText}}` } },
  { kind: "double-encoded", call: { toolName: native, input: JSON.stringify(intendedText) } },
  { kind: "wrong name case", call: { toolName: "calculatortool_calculate", input: intendedText } },
  { kind: "dotted name", call: { toolName: "CalculatorTool.calculate", input: intendedText } },
  {
    kind: "wrong case and fenced",
    call: { toolName: "CALCULATORTOOL_CALCULATE", input: `\`\`\`\n${intendedText}\n\`\`\`` },
  },
  { kind: "leaked token", call: { toolName: native, input: `${intendedText}<|call|>` } },
  {
    kind: "string numbers",
    call: { toolName: native, input: '{"a":"2","b":"3","options":{"precision":"2"}}' },
  },
];

const invalid: readonly {
  readonly kind: string;
  readonly call: ScriptedCall;
  readonly message: RegExp;
}[] = [
  {
    kind: "wrong type",
    call: { toolName: native, input: '{"a":"two","b":3,"options":{"precision":2}}' },
    message: /a/,
  },
  {
    kind: "missing required key",
    call: { toolName: native, input: '{"a":2,"options":{"precision":2}}' },
    message: /b/,
  },
  {
    // Cut off after a whole value: what followed is unknown, so it is refused, never closed.
    kind: "truncated",
    call: { toolName: native, input: intendedText.slice(0, -1) },
    message: /cut off\?.*send the whole call again/,
  },
  {
    kind: "cut inside a value",
    call: { toolName: native, input: '{"a":2,"b":3,"options":{"prec' },
    message: /./,
  },
  {
    kind: "duplicate key in broken text",
    call: { toolName: native, input: "{'a': 2, 'a': 5, 'b': 3, 'options': {'precision': 2}}" },
    message: /./,
  },
];

describe("toolwright/ai-sdk with the AI SDK's loop and mock model", () => {
  it("runs every broken-but-meant call with the intended input through generateText", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    let wrong = 0;
    for (const { kind, call } of broken) {
      calculator.received.length = 0;
      const model = scriptedModel([call]);
      const result = await generateText({
        model,
        prompt: "add",
        tools: toAiSdkTools(toolbox),
        repairToolCall: repairToolCall(toolbox),
        stopWhen: stepCountIs(2),
      });
      assert.equal(result.text, "done", kind);
      assert.equal(calculator.received.length, 1, `${kind}: ran once`);
      if (JSON.stringify(calculator.received[0]) !== intendedText) wrong++;
      const output = toolOutputs(model).get("call_0");
      assert.deepEqual(output, { type: "json", value: { sum: 5 } }, kind);
    }
    assert.equal(wrong, 0);
  });

  it("gives the model toolwright's message for invalid input and never runs the method", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    for (const { kind, call, message } of invalid) {
      const model = scriptedModel([call]);
      await generateText({
        model,
        prompt: "add",
        tools: toAiSdkTools(toolbox),
        repairToolCall: repairToolCall(toolbox),
        stopWhen: stepCountIs(2),
      });
      const output = toolOutputs(model).get("call_0") as {
        type: string;
        value: string;
      };
      assert.equal(output.type, "error-text", `${kind}: ${JSON.stringify(output)}`);
      assert.match(output.value, message, kind);
      const direct = await toolbox.execute({ name: call.toolName, arguments: call.input });
      assert.equal(output.value, direct.artifact.toText(), `${kind}: the toolbox's own message`);
    }
    assert.deepEqual(calculator.received, []);
  });

  it("does the same through streamText", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const calls = broken.map(({ call }) => call);
    const result = streamText({
      model: scriptedModel(calls),
      prompt: "add",
      tools: toAiSdkTools(toolbox),
      repairToolCall: repairToolCall(toolbox),
    });
    const outputs: unknown[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "tool-result") outputs.push(part.output);
      if (part.type === "tool-error") assert.fail(String(part.error));
    }
    assert.equal(outputs.length, broken.length);
    assert.equal(calculator.received.length, broken.length);
    const wrong = calculator.received.filter((input) => JSON.stringify(input) !== intendedText);
    assert.equal(wrong.length, 0);
    for (const output of outputs) assert.deepEqual(toAiSdkOutput(output as never), json5);
  });

  it("leaves text the SDK cannot parse to the SDK's own error without the repair hook", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const model = scriptedModel([
      { toolName: native, input: `\`\`\`json\n${intendedText}\n\`\`\`` },
    ]);
    await generateText({
      model,
      prompt: "add",
      tools: toAiSdkTools(toolbox),
      stopWhen: stepCountIs(2),
    });
    const output = toolOutputs(model).get("call_0") as { type: string; value: string };
    assert.equal(output.type, "error-text");
    assert.match(output.value, /Invalid input for tool CalculatorTool_calculate/);
    assert.deepEqual(calculator.received, []);
  });

  it("answers unknown names and other tool sets' tools without crashing or guessing", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const other = new Toolbox([new CalculatorTool()]);
    const model = scriptedModel([
      { toolName: "WeatherTool_forecast", input: "{}" },
      { toolName: "calculatortool_calculate", input: "```{}```" },
    ]);
    // The repair hook only touches tools its own toolbox made: here the tools come from `other`.
    await generateText({
      model,
      prompt: "add",
      tools: toAiSdkTools(other),
      repairToolCall: repairToolCall(toolbox),
      stopWhen: stepCountIs(2),
    });
    const outputs = toolOutputs(model);
    assert.equal((outputs.get("call_0") as { type: string }).type, "error-text");
    assert.equal((outputs.get("call_1") as { type: string }).type, "error-text");
    assert.deepEqual(calculator.received, []);
  });

  it("keeps off-prompt output in task memory and lets the model read it with the memory tool", async () => {
    // (The memory is given: under tsx, the default one would load a second copy of the memory module.)
    const toolbox = new Toolbox([new ReportTool({ offPrompt: true })], {
      taskMemory: new TaskMemory(),
    });
    const tools = toAiSdkTools(toolbox);
    assert.deepEqual(Object.keys(tools).slice(0, 1), ["ReportTool_report"]);
    assert.ok(Object.keys(tools).includes("TaskMemoryTool_read"));
    const first = scriptedModel([{ toolName: "ReportTool_report", input: "{'topic': 'tides'}" }]);
    await generateText({
      model: first,
      prompt: "report",
      tools,
      repairToolCall: repairToolCall(toolbox),
      stopWhen: stepCountIs(2),
    });
    const notice = toolOutputs(first).get("call_0") as { type: string; value: string };
    assert.equal(notice.type, "text");
    const namespace = /artifact_namespace "([0-9a-f]{32})"/.exec(notice.value)?.[1];
    assert.ok(namespace, notice.value);
    const second = scriptedModel([
      {
        toolName: "TaskMemoryTool_read",
        input: JSON.stringify({
          memory_name: "TaskMemory",
          artifact_namespace: namespace,
          limit: 40,
        }),
      },
    ]);
    await generateText({
      model: second,
      prompt: "read",
      tools,
      repairToolCall: repairToolCall(toolbox),
      stopWhen: stepCountIs(2),
    });
    const page = toolOutputs(second).get("call_0") as { type: string; value: string };
    assert.match(page.value, /Report on tides/);
  });

  it("asks for the SDK's tool approval where the activity needs it, and passes ids and signals", async () => {
    const calculator = new CalculatorTool();
    const toolbox = new Toolbox([calculator]);
    const result = await generateText({
      model: scriptedModel([
        { toolName: "CalculatorTool_wipe", input: '```json\n{"what":"disk"}\n```' },
        { toolName: "CalculatorTool_wipe", input: "{}" },
      ]),
      prompt: "wipe",
      tools: toAiSdkTools(toolbox),
      repairToolCall: repairToolCall(toolbox),
    });
    const requests = result.content.filter((part) => part.type === "tool-approval-request");
    assert.deepEqual(
      requests.map((part) => [part.toolCall.toolCallId, part.toolCall.input]),
      [["call_0", { what: "disk" }]],
    );
    // The invalid call asks no one: it never runs, and the model reads the refusal.
    const errors = result.content.filter((part) => part.type === "tool-result");
    assert.equal(errors.length, 1);
    assert.deepEqual(calculator.received, []);
    const aborted = new AbortController();
    aborted.abort(new Error("stop"));
    const tool = toAiSdkTools(toolbox).CalculatorTool_calculate;
    await assert.rejects(
      async () =>
        tool?.execute?.(intended, {
          toolCallId: "x",
          messages: [],
          context: {},
          abortSignal: aborted.signal,
        }),
      /stop/,
    );
  });

  it("maps artifacts to the SDK's output parts", () => {
    assert.deepEqual(toAiSdkOutput(new TextArtifact("hi")), { type: "text", value: "hi" });
    assert.deepEqual(toAiSdkOutput(new ErrorArtifact("no").toJSON()), {
      type: "error-text",
      value: "no",
    });
    const image = toAiSdkOutput(new ImageArtifact(pngBytes, { format: "png" }).toJSON());
    assert.deepEqual(image, {
      type: "content",
      value: [
        { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } },
      ],
    });
  });

  it("lowers the input schemas for the chosen dialect", () => {
    const toolbox = new Toolbox([new CalculatorTool()]);
    const strict = toAiSdkTools(toolbox, { dialect: { dialect: "openai-chat", strict: true } });
    const openai = toolbox.toProviderTools("openai-chat", { strict: true });
    const calculate = strict.CalculatorTool_calculate;
    assert.ok(calculate);
    assert.equal(calculate.strict, true);
    const schema = (calculate.inputSchema as { jsonSchema: unknown }).jsonSchema;
    assert.deepEqual(schema, openai[0]?.function.parameters);
    assert.throws(
      () =>
        toAiSdkTools(toolbox, { dialect: { dialect: "gemini", geminiSchemaField: "parameters" } }),
      /JSON Schema/,
    );
  });
});

describe("toAiSdkTools with deferred loading", () => {
  it("adds what a search loads to the ToolSet in place, after the others; the next step sends and runs it", async () => {
    const toolbox = new Toolbox([new SearchWeatherTool(), new CalculatorTool()], {
      deferLoading: { alwaysLoaded: ["CalculatorTool"] },
    });
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [
            {
              type: "tool-call" as const,
              toolCallId: "s",
              toolName: "ToolSearchTool_search",
              input: JSON.stringify({ query: "weather forecast", limit: 1 }),
            },
          ],
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage,
          warnings: [],
        },
        {
          content: [
            {
              type: "tool-call" as const,
              toolCallId: "f",
              toolName: "SearchWeatherTool_forecast",
              input: JSON.stringify({ city: "Rome" }),
            },
          ],
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "Sunny." }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        },
      ],
    });
    const tools = toAiSdkTools(toolbox);
    const upfront = [
      "CalculatorTool_calculate",
      "CalculatorTool_wipe",
      "CalculatorTool_picture",
      "ToolSearchTool_search",
    ];
    assert.deepEqual(Object.keys(tools), upfront);
    const result = await generateText({
      model,
      prompt: "Weather?",
      tools,
      stopWhen: stepCountIs(4),
    });
    assert.equal(result.text, "Sunny.");
    const sent = model.doGenerateCalls.map((call) => (call.tools ?? []).map((tool) => tool.name));
    assert.deepEqual(sent, [
      upfront,
      [...upfront, "SearchWeatherTool_forecast"],
      [...upfront, "SearchWeatherTool_forecast"],
    ]);
    assert.deepEqual(toolOutputs(model, 2).get("f"), { type: "text", value: "sunny in Rome" });
  });
});
