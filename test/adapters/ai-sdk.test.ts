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
    doStream: calls.map((call, index) => ({
      stream: new ReadableStream({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({
            type: "tool-call",
            toolCallId: `call_${index}`,
            toolName: call.toolName,
            input: call.input,
          });
          controller.enqueue({
            type: "finish",
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage,
          });
          controller.close();
        },
      }),
    })),
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
const native = "CalculatorTool_calculate";

const broken: readonly { readonly kind: string; readonly call: ScriptedCall }[] = [
  { kind: "valid", call: { toolName: native, input: intendedText } },
  { kind: "fenced", call: { toolName: native, input: `\`\`\`json\n${intendedText}\n\`\`\`` } },
  {
    kind: "single-quoted",
    call: { toolName: native, input: "{'a': 2, 'b': 3, 'options': {'precision': 2}}" },
  },
  { kind: "truncated", call: { toolName: native, input: intendedText.slice(0, -1) } },
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
});
