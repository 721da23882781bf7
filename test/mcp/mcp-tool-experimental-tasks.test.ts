// McpTool as a client of the experimental tasks of revision 2025-11-25, against a server on the
// official SDK v1 with its own task store: a tool that can only run as a task is called with `task`,
// followed with tasks/get (status messages and the call's progress reported), woken by
// notifications/tasks/status, its result taken with tasks/result, its question answered through the
// caller while tasks/result waits; a failing task, a cancelled call (tasks/cancel), and an optional
// tool run as a task only when the caller prefers it.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ActivityProgress, type Caller, ErrorArtifact } from "../../src/index.js";
import { McpTool } from "../../src/mcp.js";
import {
  type ExperimentalTaskServer,
  startExperimentalTaskServer,
} from "./fixtures/experimental-task-server.js";

describe("McpTool follows a 2025-11-25 server's experimental tasks", () => {
  let server: ExperimentalTaskServer;
  let tool: McpTool;
  before(async () => {
    server = await startExperimentalTaskServer();
    tool = await McpTool.connect({ url: server.url }, { protocolVersion: "legacy" });
  });
  after(async () => {
    await tool.close();
    await server.close();
  });

  it("runs a required-task tool as a task and reports its progress", async () => {
    const progress: ActivityProgress[] = [];
    const result = await tool.run(
      "report",
      { year: 2026 },
      { onProgress: (report) => progress.push(report) },
    );
    assert.equal(result.toText(), "report for 2026");
    assert.deepEqual(server.calls.at(-1), { name: "report", task: {} });
    // The server's progress notifications on the call's token, after the call was answered with the
    // task; the task's status messages ("step 1 of 3") would count back from there, so the activity
    // keeps the server's own numbers (status messages alone are reported: see the cancel case).
    assert.deepEqual(progress, [
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
    ]);
  });

  it("takes the end from notifications/tasks/status rather than waiting for the next poll", async () => {
    const from = server.methods.length;
    const result = await tool.run("announced", {});
    assert.equal(result.toText(), "announced");
    // The server asked for a poll a minute: the notification, not a tasks/get, said it had ended.
    assert.deepEqual(server.methods.slice(from), ["tools/call", "tasks/result"]);
  });

  it("gives a failed task's error result as an ErrorArtifact", async () => {
    const result = await tool.run("broken", {});
    assert.ok(result instanceof ErrorArtifact, result.toText());
    assert.equal(result.code, "mcp_tool_error");
    assert.match(result.value, /the printer is on fire/);
  });

  it("answers a question the task asks (input_required) through tasks/result and the caller", async () => {
    const asked: string[] = [];
    const caller: Caller = {
      abilities: { elicit: true, sample: false, roots: false },
      log: () => undefined,
      elicit: async (request) => {
        asked.push(request.message);
        return { action: "accept", content: { colour: "blue" } };
      },
      sample: () => Promise.reject(new Error("no model")),
      roots: async () => [],
    };
    const result = await tool.run("interview", {}, { caller });
    assert.deepEqual(JSON.parse(result.toText()), {
      action: "accept",
      content: { colour: "blue" },
    });
    assert.deepEqual(asked, ["Which colour?"]);
  });

  it("cancels the task on the server when the call is aborted", async () => {
    const controller = new AbortController();
    const call = tool.run(
      "endless",
      {},
      {
        signal: controller.signal,
        // Aborted once the client follows the task (its status reached the call as progress).
        onProgress: () => controller.abort(new Error("the user stopped it")),
      },
    );
    await assert.rejects(call, /the user stopped it/);
    const taskId = await server.cancelled;
    assert.equal((await server.store.getTask(taskId))?.status, "cancelled");
  });

  it('calls an optional-task tool plainly, and as a task with tasks: "prefer"', async () => {
    assert.equal((await tool.run("quick", {})).toText(), "quick answer");
    assert.deepEqual(server.calls.at(-1), { name: "quick", task: undefined });
    const preferring = await McpTool.connect(
      { url: server.url },
      { protocolVersion: "legacy", tasks: "prefer" },
    );
    try {
      assert.equal((await preferring.run("quick", {})).toText(), "quick answer");
      assert.deepEqual(server.calls.at(-1), { name: "quick", task: {} });
    } finally {
      await preferring.close();
    }
  });

  it("with tasks: false, never asks for a task", async () => {
    const plain = await McpTool.connect(
      { url: server.url },
      { protocolVersion: "legacy", tasks: false },
    );
    try {
      const result = await plain.run("report", { year: 2026 });
      assert.ok(result instanceof ErrorArtifact, result.toText());
      assert.deepEqual(server.calls.at(-1), { name: "report", task: undefined });
    } finally {
      await plain.close();
    }
  });
});
