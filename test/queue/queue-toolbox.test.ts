// QueueToolbox and startWorker without Redis: what they share with Toolbox, the mistakes they
// refuse before connecting anywhere, and the CLI's worker flags.
import assert from "node:assert/strict";
import { PassThrough, Readable } from "node:stream";
import { describe, it } from "node:test";
import { z } from "zod";
import { main } from "../../src/cli/main.js";
import { activity, type ErrorArtifact, Tool, Toolbox, ToolboxError } from "../../src/index.js";
// The off-prompt PageTool's default task memory (under tsx, only an import of the memory module provides it).
import "../../src/memory.js";
import { QueueToolbox, startWorker } from "../../src/queue.js";
import { FleetTool, PageTool } from "./fixtures/fleet-tools.js";

const connection = "redis://127.0.0.1:1";

class NoteTool extends Tool {
  @activity({
    description: "Keeps any value as a note",
    schema: z.object({ value: z.unknown() }),
  })
  keep(input: { value: unknown }) {
    return String(input.value);
  }
}

async function cli(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const text = { stdout: "", stderr: "" };
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on("data", (chunk: Buffer) => {
    text.stdout += chunk.toString();
  });
  stderr.on("data", (chunk: Buffer) => {
    text.stderr += chunk.toString();
  });
  const code = await main(args, { stdin: Readable.from([""]), stdout, stderr });
  return { code, ...text };
}

describe("QueueToolbox, before any connection", () => {
  it("is a Toolbox: the same provider tools, names and refusals", async () => {
    const queued = new QueueToolbox([new FleetTool(), new PageTool()], { connection });
    const local = new Toolbox([new FleetTool(), new PageTool()]);
    assert.ok(queued instanceof Toolbox);
    for (const dialect of ["openai-chat", "anthropic", "gemini"] as const) {
      assert.deepEqual(queued.toProviderTools(dialect), local.toProviderTools(dialect));
    }
    assert.equal(queued.resolveName("FleetTool.where")?.activity.name, "where");
    const call = { id: "c1", name: "FleetTool_nope", arguments: "{}" };
    const refused = await queued.execute(call);
    assert.deepEqual(refused, await local.execute(call));
    await queued.close();
  });

  it("refuses options it cannot use, naming the option", () => {
    const cases: [object, RegExp][] = [
      [{}, /QueueToolbox: "connection" is required/],
      [{ connection: "http://localhost" }, /"connection" must be a redis:\/\/ or rediss:\/\/ URL/],
      [{ connection, queue: "a:b" }, /"queue" must be a name of letters/],
      [{ connection, limits: { "FleetTool.where": 0 } }, /"limits" must be an object of positive/],
      [
        { connection, limits: { "FleetTool.nowhere": 2 } },
        /"limits" names "FleetTool.nowhere", which is no enabled activity/,
      ],
      [{ connection, noWorkerTimeoutMs: -1 }, /"noWorkerTimeoutMs" must be a whole number/],
      [{ connection, concurency: 2 }, /"concurency" is not an option/],
    ];
    for (const [options, message] of cases) {
      assert.throws(
        () => new QueueToolbox([new FleetTool()], options as { connection: string }),
        (error: unknown) => ToolboxError.isInstance(error) && message.test(error.message),
        String(message),
      );
    }
  });

  it("ends a call with no_worker, neither hanging nor rejecting, when Redis cannot be reached", async () => {
    const toolbox = new QueueToolbox([new FleetTool()], { connection, noWorkerTimeoutMs: 300 });
    const result = await toolbox.execute({ name: "FleetTool_where", arguments: { ms: 0 } });
    assert.equal((result.artifact as ErrorArtifact).code, "no_worker");
    await toolbox.close();
  });

  it("throws for arguments that are no JSON a worker could receive", async () => {
    const toolbox = new QueueToolbox([new NoteTool()], { connection });
    await assert.rejects(
      toolbox.execute({ name: "NoteTool_keep", arguments: { value: new Map([["a", 1]]) } }),
      (error: unknown) =>
        ToolboxError.isInstance(error) && /NoteTool\.keep is not plain JSON/.test(error.message),
    );
    await toolbox.close();
  });
});

describe("startWorker and toolwright worker, before any connection", () => {
  it("refuses a non-Toolbox and wrong options", async () => {
    await assert.rejects(
      startWorker([new FleetTool()] as unknown as Toolbox, { connection }),
      /startWorker: the first argument must be a Toolbox/,
    );
    await assert.rejects(
      startWorker(new Toolbox([new FleetTool()]), { connection, concurrency: 0 }),
      /startWorker: "concurrency" must be a whole number >= 1/,
    );
    await assert.rejects(
      startWorker(new Toolbox([new FleetTool()]), { connection, limits: { "Fleet.x": 1 } }),
      /startWorker: "limits" names "Fleet.x"/,
    );
  });

  it("documents its flags and refuses a malformed --limit (exit 2)", async () => {
    const help = await cli(["worker", "--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stderr + help.stdout, /TOOLWRIGHT_QUEUE_SECRET/);
    const bad = await cli(["worker", "--limit", "FleetTool.where"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--limit .*must be Tool\.activity=n/);
  });
});

describe("QueueToolbox with deferred loading", () => {
  it("runs the search here, so what it finds loads into this toolbox's requests (no worker, no Redis)", async () => {
    const toolbox = new QueueToolbox([new FleetTool(), new PageTool()], {
      connection,
      deferLoading: true,
      noWorkerTimeoutMs: 300,
    });
    const before = toolbox.toProviderTools("openai-chat").map((tool) => tool.function.name);
    assert.deepEqual(before, ["ToolSearchTool_search"]);
    const result = await toolbox.execute({
      id: "s",
      name: "ToolSearchTool_search",
      arguments: { query: "fetch a long page", limit: 1 },
    });
    assert.equal(result.artifact.type, "JsonArtifact");
    assert.deepEqual(toolbox.loadedActivities, ["PageTool_fetch"]);
    const after = toolbox.toProviderTools("openai-chat").map((tool) => tool.function.name);
    assert.deepEqual(after, ["ToolSearchTool_search", "PageTool_fetch"]);
    await toolbox.close();
  });
});
