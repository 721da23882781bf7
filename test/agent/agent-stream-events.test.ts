import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Agent, type AgentEvent } from "../../src/agent.js";
import { MockPromptDriver } from "../../src/testing.js";
import { PagesTool } from "../fixtures/pages-tool.js";

function driver() {
  return new MockPromptDriver({
    responses: [
      {
        text: "Reading.",
        toolCalls: [
          { id: "p1", name: "PagesTool_read", arguments: '{"pages":2}' },
          { id: "p2", name: "PagesTool_read", arguments: { pages: 1 } },
        ],
      },
      "Done.",
    ],
  });
}

/** Each event as one short line, so the whole order reads at a glance. */
function line(event: AgentEvent): string {
  switch (event.type) {
    case "text-delta":
      return `text ${event.delta.trim()}`;
    case "tool-input-start":
      return `input-start ${event.id} ${event.name}`;
    case "tool-input-delta":
      return `input-delta ${event.id} ${event.delta}`;
    case "tool-input-end":
      return `input-end ${event.id}`;
    case "tool-call":
      return `call ${event.call.id}`;
    case "tool-progress":
      return `progress ${event.call.id} ${event.progress.progress}/${event.progress.total} ${event.progress.message}`;
    case "tool-result":
      return `result ${event.call.id} ${event.result.artifact.toText()}`;
    case "cut-off":
      return `cut-off ${event.step} ${event.finishReason}`;
    case "step-finish":
      return `step ${event.step}`;
    case "finish":
      return `finish ${event.result.output.toText()}`;
  }
}

describe("agent.stream events", () => {
  it("streams tool input as it arrives, then each call's progress while it runs", async () => {
    const agent = new Agent({ driver: driver(), tools: [new PagesTool()] });
    const lines: string[] = [];
    for await (const event of agent.stream("read")) lines.push(line(event));
    const step1 = lines.slice(0, lines.indexOf("step 1") + 1);
    assert.deepEqual(step1.slice(0, 9), [
      "text Reading.",
      "input-start p1 PagesTool_read",
      'input-delta p1 {"pages":2}',
      "input-start p2 PagesTool_read",
      'input-delta p2 {"pages":1}',
      "input-end p1",
      "input-end p2",
      "call p1",
      "call p2",
    ]);
    // The two calls run at once: their reports interleave, but each call's reports stay in order
    // and all come before the results.
    const progress = step1.filter((entry) => entry.startsWith("progress"));
    assert.deepEqual(
      progress.filter((entry) => entry.startsWith("progress p1")),
      ["progress p1 1/2 page 1", "progress p1 2/2 page 2"],
    );
    assert.deepEqual(
      progress.filter((entry) => entry.startsWith("progress p2")),
      ["progress p2 1/1 page 1"],
    );
    assert.deepEqual(step1.slice(9 + progress.length), [
      "result p1 read 2",
      "result p2 read 1",
      "step 1",
    ]);
    assert.deepEqual(lines.slice(-3), ["text Done.", "step 2", "finish Done."]);
  });
});
