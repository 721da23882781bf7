import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type ActivityProgress, Toolbox } from "../../src/index.js";
import { ChangeFeed } from "../../src/mcp/change-feed.js";
import { createMcpServer } from "../../src/mcp/mcp-server.js";
import { roundStateCodec } from "../../src/mcp/state-codec.js";
import { TaskRunner, taskSettings } from "../../src/mcp/tasks/task-runner.js";
import { PagesTool } from "../fixtures/pages-tool.js";

describe("context.progress", () => {
  it("reaches the caller's onProgress, growing reports only, and is a no-op without one", async () => {
    const toolbox = new Toolbox([new PagesTool()]);
    const reports: ActivityProgress[] = [];
    const result = await toolbox.execute(
      { name: "PagesTool_read", arguments: { pages: 3 } },
      { onProgress: (report) => reports.push(report) },
    );
    assert.equal(result.artifact.toText(), "read 3");
    assert.deepEqual(reports, [
      { progress: 1, total: 3, message: "page 1" },
      { progress: 2, total: 3, message: "page 2" },
      { progress: 3, total: 3, message: "page 3" },
    ]);
    const quiet = await toolbox.execute({ name: "PagesTool_read", arguments: { pages: 2 } });
    assert.equal(quiet.artifact.toText(), "read 2");
    const bad = await toolbox.execute({ name: "PagesTool_nonsense", arguments: {} });
    assert.equal(bad.artifact.type, "ErrorArtifact");
    assert.match(bad.artifact.toText(), /progress.*finite numbers of at least 0; got NaN/);
    await assert.rejects(
      toolbox.execute({ name: "PagesTool_read", arguments: {} }, { onProgress: 1 as never }),
      { name: "ToolboxError", message: /onProgress/ },
    );
  });

  it("becomes MCP notifications/progress for a client that sent a progress token", async () => {
    const toolbox = new Toolbox([new PagesTool()]);
    const server = createMcpServer(
      toolbox,
      {
        name: "progress",
        version: "1.0.0",
        instructions: undefined,
        shutdown: new AbortController().signal,
        changes: new ChangeFeed(),
        stateCodec: roundStateCodec(undefined),
        naming: "native",
        tasks: new TaskRunner(taskSettings(toolbox, undefined), new AbortController().signal),
      },
      "session",
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const seen: { progress: number; total?: number | undefined; message?: string | undefined }[] =
        [];
      const result = await client.callTool(
        { name: "PagesTool_read", arguments: { pages: 3 } },
        undefined,
        { onprogress: (progress) => seen.push(progress), resetTimeoutOnProgress: true },
      );
      assert.deepEqual(result.content, [{ type: "text", text: "read 3" }]);
      assert.deepEqual(
        seen.map((entry) => [entry.progress, entry.total, entry.message]),
        [
          [1, 3, "page 1"],
          [2, 3, "page 2"],
          [3, 3, "page 3"],
        ],
      );
      // notifications/cancelled from the client aborts the activity's signal.
      const controller = new AbortController();
      const cancelled = client.callTool({ name: "PagesTool_wait", arguments: {} }, undefined, {
        signal: controller.signal,
        onprogress: () => controller.abort("user stopped it"),
      });
      await assert.rejects(cancelled);
      const tool = toolbox.tool("PagesTool") as PagesTool;
      for (let turn = 0; turn < 100 && tool.aborted === undefined; turn++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.notEqual(tool.aborted, undefined, "the method's signal was aborted");
      // Without a token, no notifications (and the call works the same).
      const plain = await client.callTool({ name: "PagesTool_read", arguments: { pages: 1 } });
      assert.deepEqual(plain.content, [{ type: "text", text: "read 1" }]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
