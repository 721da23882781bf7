import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sealOf } from "../../src/agent/state-seal.js";
import { Agent } from "../../src/agent.js";
import { AgentError, activity, Tool, Toolbox } from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing.js";
import { WeatherTool } from "./fixtures.js";

class FilesTool extends Tool {
  readonly removed: string[] = [];
  @activity({
    name: "delete",
    description: "Delete a file from the project.",
    schema: {
      type: "object",
      properties: { path: { type: "string", description: "The file to delete" } },
      required: ["path"],
    },
    annotations: { destructive: true },
  })
  delete(input: { path: string }) {
    this.removed.push(input.path);
    return `deleted ${input.path}`;
  }
}

const toolNames = (request: { tools?: unknown } | undefined) =>
  ((request?.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);

describe("a paused agent's state keeps what tool searches loaded", () => {
  it("saves the loaded activities and loads them again on resume, on a fresh toolbox, in the same order", async () => {
    const script = [
      {
        toolCalls: [
          { id: "s", name: "ToolSearchTool_search", arguments: { query: "delete a file" } },
        ],
      },
      { toolCalls: [{ id: "d", name: "FilesTool_delete", arguments: { path: "a.txt" } }] },
      "Deleted a.txt.",
    ];
    const first = await new Agent({
      driver: new MockPromptDriver({ responses: script }),
      toolbox: new Toolbox([new WeatherTool(), new FilesTool()], { deferLoading: true }),
      approvals: true,
    }).run("Delete a.txt");
    assert.equal(first.status, "needs-approval");
    const saved = JSON.parse(JSON.stringify(first.state));
    assert.deepEqual(saved.loaded.slice(0, 1), ["FilesTool_delete"]);

    const files = new FilesTool();
    const toolbox = new Toolbox([new WeatherTool(), files], { deferLoading: true });
    const driver = new MockPromptDriver({ responses: script.slice(2) });
    const second = await new Agent({ driver, toolbox, approvals: true }).resume(saved, {
      d: { type: "approve" },
    });
    assert.equal(second.status, "completed");
    assert.deepEqual(files.removed, ["a.txt"]);
    assert.deepEqual(toolbox.loadedActivities, saved.loaded);
    assert.deepEqual(toolNames(driver.requests[0]), ["ToolSearchTool_search", ...saved.loaded]);
  });

  it("a state whose loaded list is not names is refused", async () => {
    const agent = new Agent({
      driver: new MockPromptDriver({ responses: [] }),
      toolbox: new Toolbox([new FilesTool()], { deferLoading: true }),
    });
    // Sealed as an Agent seals it: the loaded list is checked after the seal.
    const fields = {
      version: 1,
      runId: "run-1",
      protocol: "native",
      step: 1,
      messages: [],
      usage: {},
      toolCalls: [],
      repairs: [],
      loaded: [1],
      paused: { calls: [], results: [], pending: [] },
    };
    const state = { ...fields, seal: sealOf(fields, undefined) };
    await assert.rejects(
      agent.resume(state, {}),
      (error) => error instanceof AgentError && /loaded must be an array/.test(error.message),
    );
  });

  it("loadActivities skips unknown, undeferred and repeated names", () => {
    const toolbox = new Toolbox([new WeatherTool(), new FilesTool()], {
      deferLoading: { alwaysLoaded: ["WeatherTool"] },
    });
    toolbox.loadActivities([
      "Nope_x",
      "WeatherTool_forecast",
      "FilesTool_delete",
      "FilesTool_delete",
    ]);
    assert.deepEqual(toolbox.loadedActivities, ["FilesTool_delete"]);
  });
});
