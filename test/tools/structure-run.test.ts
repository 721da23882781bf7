// StructureRunTool: an agent (or a function of a prompt) as an activity of another agent.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { Agent, type AgentEvent } from "../../src/agent.js";
import {
  activity,
  type ErrorArtifact,
  type PromptRequest,
  TextArtifact,
  Tool,
  ToolConfigError,
} from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing.js";
import { StructureRunTool } from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";

class VaultTool extends Tool {
  @activity({
    description: "Empties the vault",
    schema: z.object({ vault: z.string() }),
    annotations: { destructive: true },
  })
  empty(input: { vault: string }) {
    return `emptied ${input.vault}`;
  }
}

const callResearcher = (args: string[]) => ({
  toolCalls: [{ id: "s1", name: "Researcher_run_structure", arguments: { args } }],
});

describe("StructureRunTool", () => {
  it("runs an agent with its own tools as one call of another agent, its steps as progress", async () => {
    const childDriver = new MockPromptDriver({
      responses: [
        { toolCalls: [{ name: "MockTool_test", arguments: { test: "tides" } }] },
        (request: PromptRequest) => `child read: ${JSON.stringify(request.messages.at(-1))}`,
      ],
    });
    const researcher = new Agent({
      driver: childDriver,
      tools: [new MockTool()],
      name: "researcher",
    });
    const parentDriver = new MockPromptDriver({
      responses: [callResearcher(["Look up the tides.", "Be brief."]), "Done."],
    });
    const parent = new Agent({
      driver: parentDriver,
      tools: [
        new StructureRunTool({
          name: "Researcher",
          description: "Researches a topic",
          structure: researcher,
        }),
      ],
    });
    const events: AgentEvent[] = [];
    for await (const event of parent.stream("What about the tides?")) events.push(event);
    const finish = events.at(-1);
    assert.equal(finish?.type, "finish");
    if (finish?.type !== "finish") return;
    assert.equal(finish.result.output.toText(), "Done.");
    // The child got both arguments as its prompt, and its answer is the call's result.
    const childPrompt = childDriver.requests[0]?.messages.at(-1);
    assert.deepEqual(childPrompt, { role: "user", content: "Look up the tides.\n\nBe brief." });
    const result = finish.result.toolCalls[0]?.result.artifact;
    assert.match(result?.toText() ?? "", /^child read: .*ack tides/);
    // The child's own tool ran in the child, not in the parent's toolbox.
    assert.equal(finish.result.toolCalls.length, 1);
    const progress = events.flatMap((event) =>
      event.type === "tool-progress" ? [event.progress.message] : [],
    );
    assert.deepEqual(progress, ["step 1: MockTool_test", "step 1 done", "step 2 done"]);
    assert.equal(
      parent.toolbox.tool("Researcher")?.activityDescription("run_structure"),
      "Can be used to run a Structure with the following description: Researches a topic",
    );
  });

  it("hands the child's failures to the parent's model: no answer within its steps, a pause for approval", async () => {
    const loop = { toolCalls: [{ name: "MockTool_test", arguments: { test: "again" } }] };
    const tired = new Agent({
      driver: new MockPromptDriver({ responses: [loop, loop] }),
      tools: [new MockTool()],
      maxSteps: 2,
    });
    const stopped = await new StructureRunTool({ description: "d", structure: tired }).run(
      "run_structure",
      { args: ["go"] },
    );
    assert.equal((stopped as ErrorArtifact).code, "max_steps");
    const careful = new Agent({
      driver: new MockPromptDriver({
        responses: [{ toolCalls: [{ name: "VaultTool_empty", arguments: { vault: "A" } }] }],
      }),
      tools: [new VaultTool()],
      approvals: true,
    });
    const paused = (await new StructureRunTool({ description: "d", structure: careful }).run(
      "run_structure",
      { args: ["empty vault A"] },
    )) as ErrorArtifact;
    assert.equal(paused.code, "structure_needs_approval");
    assert.match(paused.toText(), /approval of VaultTool\.empty; .*those calls did not run/);
  });

  it("runs any function of a prompt, with the call's signal", async () => {
    let seen: AbortSignal | undefined;
    const tool = new StructureRunTool({
      description: "Shouts",
      structure: (prompt, context) => {
        seen = context.signal;
        context.progress(1, 1, "shouted");
        return prompt.toUpperCase();
      },
    });
    const result = await tool.run("run_structure", { args: ["hello", "there"] });
    assert.equal(result.type, "TextArtifact");
    assert.equal(result.toText(), "HELLO\n\nTHERE");
    assert.ok(seen instanceof AbortSignal);
    const artifact = new TextArtifact("kept");
    const passthrough = new StructureRunTool({ description: "d", structure: async () => artifact });
    assert.equal(await passthrough.run("run_structure", { args: ["x"] }), artifact);
  });

  it("cancels the child when the parent's call is cancelled", async () => {
    let childSignal: AbortSignal | undefined;
    const child = new Agent({
      driver: new MockPromptDriver({
        responses: [
          async (request) => {
            assert.ok(request);
            return new Promise<never>(() => {});
          },
        ],
      }),
    });
    const original = child.stream.bind(child);
    child.stream = (prompt, options) => {
      childSignal = options?.signal;
      return original(prompt, options);
    };
    const controller = new AbortController();
    const running = new StructureRunTool({ description: "d", structure: child }).run(
      "run_structure",
      { args: ["wait"] },
      { signal: controller.signal },
    );
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error("user left"));
    await assert.rejects(running, /user left/);
    assert.equal(childSignal?.aborted, true);
  });

  it("refuses a structure that is neither an agent nor a function, and a missing description", () => {
    assert.throws(
      () => new StructureRunTool({ description: "d", structure: {} as never }),
      (error) =>
        ToolConfigError.isInstance(error) && /"structure" must be an Agent/.test(error.message),
    );
    assert.throws(() => new StructureRunTool({ structure: () => "x" } as never), /"description"/);
  });
});
