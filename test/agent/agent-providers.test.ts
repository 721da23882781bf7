// The agent through every driver's real SDK, against local servers that speak each provider's wire format.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { Agent, type AgentRunResult } from "../../src/agent.js";
import { activity, ImageArtifact, TextArtifact, Tool } from "../../src/index.js";
import { pngBytes } from "../fixtures/provider-servers/dialect-tools.js";
import type { HeardTurn } from "../fixtures/provider-servers/heard-request.js";
import { providers } from "../fixtures/provider-servers/providers.js";
import { reply, type ScriptedToolCall } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";

class MathTool extends Tool {
  @activity({
    description: "Multiplies two numbers",
    schema: z.object({ a: z.number(), b: z.number() }),
    annotations: { readOnly: true },
  })
  multiply(input: { a: number; b: number }) {
    return input.a * input.b;
  }
}

class CameraTool extends Tool {
  @activity({ description: "Takes a picture", annotations: { readOnly: true } })
  snapshot() {
    return new ImageArtifact(pngBytes, { format: "png" });
  }
}

class ReportTool extends Tool {
  @activity({ description: "Writes a long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(
      `Report on ${input.topic}. ${"The harbour opens at dawn. ".repeat(100)}`,
    );
  }
}

const call = (id: string, name: string, args: ScriptedToolCall["arguments"]): ScriptedToolCall => ({
  id,
  name,
  arguments: args,
});

/** The scripted model: parallel calls, an invalid call, a repairable one, an off-prompt one, a memory search. */
function scriptTask(server: ScriptedServer): void {
  server.script(
    reply({
      text: "Let me compute and look.",
      toolCalls: [
        call("c1", "MathTool_multiply", { a: 6, b: 7 }),
        call("c2", "CameraTool_snapshot", {}),
      ],
    }),
    reply({ toolCalls: [call("c3", "MathTool_multiply", { a: "six" })] }),
    reply({
      toolCalls: [
        call("c4", "MathTool_multiply", { values: { a: 2, b: 3 } }),
        call("c5", "ReportTool_report", { topic: "tides" }),
      ],
    }),
    reply({
      toolCalls: [
        call("c6", "TaskMemoryTool_search", { memory_name: "TaskMemory", query: "harbour dawn" }),
      ],
    }),
    reply({ text: "The product is 42; the report is stored." }),
  );
}

function toolTurns(turns: readonly HeardTurn[]): Extract<HeardTurn, { role: "tool" }>[] {
  return turns.filter((turn): turn is Extract<HeardTurn, { role: "tool" }> => turn.role === "tool");
}

function imagesAfterFirstCalls(turns: readonly HeardTurn[]): number {
  const start = turns.findIndex((turn) => turn.role === "assistant");
  return turns
    .slice(start + 1)
    .reduce((count, turn) => count + (turn.role === "assistant" ? 0 : turn.images.length), 0);
}

function checkTask(server: ScriptedServer, result: AgentRunResult): void {
  assert.equal(result.status, "completed");
  assert.equal(result.output.toText(), "The product is 42; the report is stored.");
  assert.equal(result.steps, 5);
  assert.equal(server.requests.length, 5);
  const texts = result.toolCalls.map((entry) => entry.result.artifact.toText());
  assert.equal(texts[0], "42");
  assert.equal(texts[1], "Image, format: png, size: 68 bytes");
  assert.match(texts[2] ?? "", /\$\.a: expected number, got string "six"/);
  assert.equal(texts[3], "6");
  assert.match(
    texts[4] ?? "",
    /^Output of "ReportTool\.report" was stored in memory with memory_name "TaskMemory"/,
  );
  assert.match(texts[5] ?? "", /harbour opens at dawn/);
  assert.ok(
    result.repairs.some((repair) => repair.step === "unwrap-envelope"),
    JSON.stringify(result.repairs),
  );
  // What the provider itself received, decoded from its wire format.
  const second = server.requests[1]?.heard;
  const results = toolTurns(second?.turns ?? []);
  assert.equal(results.length, 2);
  assert.equal(results[0]?.text, "42");
  assert.ok(imagesAfterFirstCalls(second?.turns ?? []) >= 1, "the image reached the provider");
  assert.deepEqual(second?.tools.slice().sort(), [
    "CameraTool_snapshot",
    "MathTool_multiply",
    "ReportTool_report",
    "TaskMemoryTool_list_namespaces",
    "TaskMemoryTool_read",
    "TaskMemoryTool_search",
  ]);
  const third = toolTurns(server.requests[2]?.heard.turns ?? []).at(-1);
  assert.match(third?.text ?? "", /\$\.a: expected number/);
  if (third?.isError !== undefined) assert.equal(third.isError, true);
}

for (const provider of providers) {
  describe(`Agent through ${provider.name} (${provider.dialect})`, () => {
    let server: ScriptedServer;
    before(async () => {
      server = await provider.start();
    });
    after(() => server.close());

    const agentFor = (maxSteps = 10) =>
      new Agent({
        driver: provider.driver(server.origin),
        tools: [new MathTool(), new CameraTool(), new ReportTool({ offPrompt: true })],
        maxSteps,
      });

    it("completes a multi-step task: parallel calls, an image, an invalid call fixed, a repaired call, memory", async () => {
      server.reset();
      scriptTask(server);
      checkTask(
        server,
        await agentFor().run("Multiply 6 by 7, take a picture, and report on tides."),
      );
    });

    it("does the same task streaming", async () => {
      server.reset();
      scriptTask(server);
      let deltas = "";
      let result: AgentRunResult | undefined;
      for await (const event of agentFor().stream("Same again, streaming.")) {
        if (event.type === "text-delta") deltas += event.delta;
        if (event.type === "finish") result = event.result;
      }
      assert.ok(result);
      checkTask(server, result);
      assert.match(deltas, /The product is 42/);
    });

    it("stops after maxSteps with an ErrorArtifact and the transcript intact", async () => {
      server.reset();
      const again = reply({ toolCalls: [call("m", "MathTool_multiply", { a: 1, b: 1 })] });
      server.script(again, again);
      const result = await agentFor(2).run("loop");
      assert.equal(result.status, "max-steps");
      assert.equal(result.output.type, "ErrorArtifact");
      assert.equal(result.toolCalls.length, 2);
      assert.equal(server.pending(), 0);
    });
  });
}
