import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { activity, TextArtifact, Tool, Toolbox } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { FileManagerTool, TaskMemoryTool, WebScraperTool } from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";

class ReportTool extends Tool {
  @activity({ description: "A long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(
      `Report on ${input.topic}. ${"The harbour opens at dawn. ".repeat(200)}`,
    );
  }
}

const noticePattern =
  /^Output of "ReportTool\.report" was stored in memory with memory_name "TaskMemory" and artifact_namespace "([0-9a-f]{32})"$/;

describe("Toolbox and Task Memory", () => {
  it("shares its memory with every tool and adds the memory tool when a tool is off-prompt", async () => {
    const memory = new TaskMemory();
    const toolbox = new Toolbox([
      new ReportTool({ offPrompt: true }),
      new MockTool(),
    ]).setTaskMemory(memory);
    assert.deepEqual(
      toolbox.tools.map((tool) => tool.name),
      ["ReportTool", "MockTool", "TaskMemoryTool"],
    );
    assert.equal(toolbox.taskMemory, memory);
    assert.equal(toolbox.tool("MockTool")?.findInputMemory("TaskMemory"), memory);
    const stored = await toolbox.execute({
      name: "ReportTool_report",
      arguments: '{"topic":"tides"}',
    });
    const namespace = noticePattern.exec(stored.artifact.toText())?.[1];
    assert.ok(namespace, stored.artifact.toText());
    const search = await toolbox.execute({
      name: "TaskMemoryTool_search",
      arguments: { memory_name: "TaskMemory", query: "harbour dawn" },
    });
    assert.match(search.artifact.toText(), /harbour opens at dawn/);
    const page = await toolbox.execute({
      name: "TaskMemoryTool_read",
      arguments: { memory_name: "TaskMemory", artifact_namespace: namespace, limit: 40 },
    });
    assert.match(page.artifact.toText(), /Report on tides/);
    const onPrompt = await toolbox.execute({ name: "MockTool_test", arguments: '{"test":"x"}' });
    assert.equal(onPrompt.artifact.toText(), "ack x");
  });

  it("gives off-prompt tools an in-memory TaskMemory when given none, as Griptape does", async () => {
    const toolbox = new Toolbox([new ReportTool({ offPrompt: true }), new WebScraperTool()]);
    assert.deepEqual(
      toolbox.tools.map((tool) => tool.name),
      ["ReportTool", "WebScraperTool", "TaskMemoryTool"],
    );
    const memory = toolbox.taskMemory;
    assert.ok(memory instanceof TaskMemory);
    assert.equal(toolbox.tool("WebScraperTool")?.outputMemory?.get_content?.[0], memory);
    const stored = await toolbox.execute({ name: "ReportTool_report", arguments: { topic: "x" } });
    const namespace = noticePattern.exec(stored.artifact.toText())?.[1];
    assert.ok(namespace, stored.artifact.toText());
    assert.match((await memory.loadArtifacts(namespace)).toText(), /harbour/);
    // The default comes at first use: a memory set right after construction wins.
    const own = new TaskMemory({ name: "Own" });
    const set = new Toolbox([new ReportTool({ offPrompt: true })]).setTaskMemory(own);
    assert.equal(set.taskMemory, own);
    assert.equal(set.tools.filter((tool) => tool instanceof TaskMemoryTool).length, 1);
    // After first use, a second memory would leave the tools on the first: refused, with the fix.
    assert.throws(() => toolbox.setTaskMemory(new TaskMemory()), {
      name: "ToolboxError",
      message: /set it before using the toolbox/,
    });
  });

  it("says how to fix it where the default memory cannot be loaded as the app's own copy (tsx)", () => {
    const output = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(new URL("fixtures/off-prompt-alone.ts", import.meta.url)),
      ],
      { encoding: "utf8" },
    );
    assert.match(output, /ToolboxError: .*import "toolwright\/memory" once in your app/);
  });

  it("keeps outputs on the prompt with taskMemory: null, and leaves tools with memory of their own", async () => {
    const none = new Toolbox([new ReportTool({ offPrompt: true })], { taskMemory: null });
    assert.equal(none.taskMemory, undefined);
    assert.deepEqual(
      none.tools.map((tool) => tool.name),
      ["ReportTool"],
    );
    const result = await none.execute({ name: "ReportTool_report", arguments: { topic: "x" } });
    assert.match(result.artifact.toText(), /^Report on x\./);
    const memory = new TaskMemory({ name: "Reports" });
    const owned = new Toolbox([
      new ReportTool({ offPrompt: true, outputMemory: { report: [memory] } }),
    ]);
    assert.equal(owned.taskMemory, undefined);
    // A tool added later that is off-prompt still gets the default.
    owned.add(new WebScraperTool());
    assert.ok((owned.taskMemory as TaskMemory | undefined) instanceof TaskMemory);
  });

  it("leaves toolboxes without off-prompt tools alone, and honours memoryTool: false", () => {
    const plain = new Toolbox([new MockTool()], { taskMemory: new TaskMemory() });
    assert.deepEqual(
      plain.tools.map((tool) => tool.name),
      ["MockTool"],
    );
    const without = new Toolbox([new ReportTool({ offPrompt: true })], {
      taskMemory: new TaskMemory(),
      memoryTool: false,
    });
    assert.deepEqual(
      without.tools.map((tool) => tool.name),
      ["ReportTool"],
    );
  });

  it("gives the memory to tools added later and adds the memory tool once", () => {
    const memory = new TaskMemory();
    const toolbox = new Toolbox([new MockTool()], { taskMemory: memory });
    toolbox.add(new ReportTool({ offPrompt: true }));
    toolbox.add(new ReportTool({ offPrompt: true, name: "ReportTool2" }));
    assert.deepEqual(
      toolbox.tools.map((tool) => tool.name),
      ["MockTool", "ReportTool", "TaskMemoryTool", "ReportTool2"],
    );
    assert.ok(toolbox.tools[2] instanceof TaskMemoryTool);
    assert.deepEqual(toolbox.tool("ReportTool2")?.outputMemory?.report, [memory]);
  });
});

describe("built-in tools and Task Memory", () => {
  let root: string;
  let server: Server;
  let origin: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), "toolwright-memory-files-"));
    server = createServer((_request, response) => {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(
        `<html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>${"The tide turns twice a day near the old pier. ".repeat(40)}</p></article></body></html>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.close();
    await rm(root, { recursive: true, force: true });
  });

  it("WebScraperTool is off-prompt by default: the page goes to memory, the model gets a notice", async () => {
    const toolbox = new Toolbox([new WebScraperTool({ allowedAddresses: ["127.0.0.1"] })], {
      taskMemory: new TaskMemory(),
    });
    assert.equal(toolbox.tool("WebScraperTool")?.offPrompt, true);
    const result = await toolbox.execute({
      name: "WebScraperTool_get_content",
      arguments: { url: `${origin}/tides` },
    });
    assert.match(
      result.artifact.toText(),
      /^Output of "WebScraperTool\.get_content" was stored in memory/,
    );
    const hits = await toolbox.execute({
      name: "TaskMemoryTool_search",
      arguments: { memory_name: "TaskMemory", query: "old pier" },
    });
    assert.match(hits.artifact.toText(), /tide turns twice a day/);
    assert.equal(new WebScraperTool({ offPrompt: false }).offPrompt, false);
  });

  it("FileManagerTool saves stored artifacts to disk, inside its root", async () => {
    const memory = new TaskMemory();
    const files = new FileManagerTool({ root });
    const toolbox = new Toolbox([new ReportTool({ offPrompt: true }), files], {
      taskMemory: memory,
    });
    const stored = await toolbox.execute({
      name: "ReportTool_report",
      arguments: { topic: "ports" },
    });
    const namespace = noticePattern.exec(stored.artifact.toText())?.[1] as string;
    const saved = await toolbox.execute({
      name: "FileManagerTool_save_memory_artifacts_to_disk",
      arguments: {
        dir_name: "reports",
        file_name: "ports.txt",
        memory_name: "TaskMemory",
        artifact_namespace: namespace,
      },
    });
    assert.equal(saved.artifact.toText(), "Successfully saved memory artifacts to disk");
    assert.match(
      await readFile(join(root, "reports", "ports.txt"), "utf8"),
      /^Report on ports\. The harbour/,
    );
    const missing = await files.run("save_memory_artifacts_to_disk", {
      dir_name: "x",
      file_name: "y.txt",
      memory_name: "Nope",
      artifact_namespace: namespace,
    });
    assert.equal(missing.toText(), "memory not found");
    const empty = await files.run("save_memory_artifacts_to_disk", {
      dir_name: "x",
      file_name: "y.txt",
      memory_name: "TaskMemory",
      artifact_namespace: "nothing-here",
    });
    assert.equal(empty.toText(), "no artifacts found");
    const outside = await files.run("save_memory_artifacts_to_disk", {
      dir_name: "../outside",
      file_name: "y.txt",
      memory_name: "TaskMemory",
      artifact_namespace: namespace,
    });
    assert.equal(outside.type, "ErrorArtifact");
    assert.equal(
      files.findActivity("save_memory_artifacts_to_disk")?.annotations.destructive,
      true,
    );
  });
});
