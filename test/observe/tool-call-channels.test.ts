import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { Toolbox, type ToolCallEndEvent, type ToolCallStartEvent } from "../../src/index.js";
import { debugEnabled } from "../../src/observe/debug-log.js";
import { MockTool } from "../fixtures/mock-tool.js";

function listen() {
  const events: { channel: string; event: ToolCallStartEvent | ToolCallEndEvent }[] = [];
  const handlers = ["start", "end", "error"].map((kind) => {
    const name = `toolwright:tool-call:${kind}`;
    const handler = (message: unknown) =>
      events.push({ channel: kind, event: message as ToolCallEndEvent });
    subscribe(name, handler);
    return () => unsubscribe(name, handler);
  });
  return {
    events,
    stop: () => {
      for (const stop of handlers) stop();
    },
  };
}

describe("tool-call events on node:diagnostics_channel", () => {
  it("publishes start and end for every call, error for an ErrorArtifact, each once", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    const { events, stop } = listen();
    try {
      const ok = await toolbox.execute({ name: "mocktool_test", arguments: "{'test': 'x'}" });
      const bad = await toolbox.execute({
        id: "b1",
        name: "MockTool_test",
        arguments: {},
      });
      await toolbox.executeAll([{ id: "a1", name: "MockTool_test", arguments: { test: "y" } }]);
      assert.deepEqual(
        events.map((entry) => `${entry.channel} ${entry.event.id}`),
        [`start ${ok.id}`, `end ${ok.id}`, "start b1", "end b1", "error b1", "start a1", "end a1"],
      );
      const end = events[1]?.event as ToolCallEndEvent;
      assert.equal(end.name, "mocktool_test");
      assert.equal(end.toolName, "MockTool");
      assert.equal(end.activityName, "test");
      assert.equal(end.artifactType, "TextArtifact");
      assert.equal(end.code, undefined);
      assert.deepEqual(
        end.repairs.map((repair) => repair.step),
        ["resolve-name", "repair-json"],
      );
      assert.equal(end.result, ok);
      assert.ok(end.durationMs >= 0);
      const error = events[4]?.event as ToolCallEndEvent;
      assert.equal(error.code, "invalid_input");
      assert.equal(error.result, bad);
    } finally {
      stop();
    }
    // No listener, no events (and the same results).
    const quiet = listen();
    quiet.stop();
    await toolbox.execute({ name: "MockTool_test", arguments: { test: "z" } });
    assert.deepEqual(quiet.events, []);
  });

  it("logs each call's decoding decisions to stderr with TOOLWRIGHT_DEBUG", () => {
    const script = fileURLToPath(new URL("fixtures/debug-call.ts", import.meta.url));
    const stderr = (env: NodeJS.ProcessEnv) => {
      const child = spawnSync(process.execPath, [...process.execArgv, script], {
        env: { ...process.env, TOOLWRIGHT_DEBUG: "", DEBUG: "", ...env },
        encoding: "utf8",
      });
      assert.equal(child.status, 0, child.stderr);
      return child.stderr;
    };
    const lines = stderr({ TOOLWRIGHT_DEBUG: "1" }).trim().split("\n");
    assert.equal(lines.length, 2, lines.join("\n"));
    assert.match(
      lines[0] ?? "",
      /^toolwright: c1 mocktool_test → MockTool\.test: TextArtifact in [\d.]+ ms; resolve-name: resolved "mocktool_test" to "MockTool_test"; repair-json: /,
    );
    assert.match(
      lines[1] ?? "",
      /^toolwright: c2 MockTool_test → MockTool\.test: ErrorArtifact invalid_input in /,
    );
    assert.equal(stderr({}), "");
  });

  it("reads TOOLWRIGHT_DEBUG and DEBUG as the debug package does", () => {
    assert.equal(debugEnabled({ TOOLWRIGHT_DEBUG: "1" }), true);
    assert.equal(debugEnabled({ TOOLWRIGHT_DEBUG: "0" }), false);
    assert.equal(debugEnabled({ TOOLWRIGHT_DEBUG: "false" }), false);
    assert.equal(debugEnabled({ DEBUG: "express:*,toolwright:*" }), true);
    assert.equal(debugEnabled({ DEBUG: "*" }), true);
    assert.equal(debugEnabled({ DEBUG: "express" }), false);
    assert.equal(debugEnabled({}), false);
  });
});
