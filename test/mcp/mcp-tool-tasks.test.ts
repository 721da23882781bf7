// McpTool as a client of the Tasks extension (revision 2026-07-28, SEP-2663), against toolwright's
// own serveMcp (on the official SDK's v2 server): a remote tool run as a task is followed with
// tasks/get (its status messages as progress), its questions answered with tasks/update through the
// caller, cancelled with tasks/cancel when the call is aborted, its failure reported.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import {
  type ActivityContext,
  type ActivityProgress,
  activity,
  type Caller,
  ErrorArtifact,
  Tool,
  Toolbox,
} from "../../src/index.js";
import { type McpServerHandle, McpTool, serveMcp } from "../../src/mcp.js";

class JobsTool extends Tool {
  cancelled = 0;
  /** Status messages the client has reported as progress: a step waits until its own was seen. */
  readonly seen = new Set<string>();

  @activity({ description: "A long job", task: "required" })
  async crunch(_input: object, context: ActivityContext) {
    for (const step of ["reading", "sorting", "writing"]) {
      context.log("info", step);
      // Waits for the client's poll to see this step, so no poll interval can skip one on a busy machine.
      while (this.seen.size > 0 && !this.seen.has(step)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    return "crunched";
  }

  @activity({
    description: "Asks before it deletes",
    schema: z.object({ file: z.string() }),
    task: "required",
  })
  async remove(input: { file: string }, context: ActivityContext) {
    const answer = await context.elicit(
      `Delete ${input.file}?`,
      z.object({ sure: z.boolean(), reason: z.string().default("none given") }),
    );
    if (answer.action !== "accept" || !answer.content.sure) return "kept";
    return `deleted ${input.file} (${answer.content.reason})`;
  }

  @activity({ description: "Runs until cancelled", task: "required" })
  async forever(_input: object, context: ActivityContext) {
    context.log("info", "waiting");
    await new Promise<void>((resolve) => {
      context.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    this.cancelled += 1;
    throw context.signal.reason;
  }

  @activity({ description: "Fails", task: "optional" })
  async broken(): Promise<string> {
    throw new Error("the disk is full");
  }
}

function answeringCaller(content: Record<string, unknown>): Caller & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    abilities: { elicit: true, sample: false, roots: false },
    log: () => undefined,
    elicit: async (request) => {
      asked.push(request.message);
      return { action: "accept", content };
    },
    sample: () => Promise.reject(new Error("no model")),
    roots: async () => [],
  };
}

describe("McpTool follows a remote tool the server runs as a task (2026-07-28)", () => {
  let jobs: JobsTool;
  let server: McpServerHandle;
  let tool: McpTool;
  before(async () => {
    jobs = new JobsTool();
    server = await serveMcp(new Toolbox([jobs]), {
      transport: "http",
      sessions: "stateless",
      tasks: { pollIntervalMs: 50 },
    });
    tool = await McpTool.connect({ url: String(server.url) }, { protocolVersion: "2026-07-28" });
  });
  after(async () => {
    await tool.close();
    await server.close();
  });

  it("polls the task to its result, its status messages reported as progress", async () => {
    const progress: ActivityProgress[] = [];
    jobs.seen.add("(following)");
    const result = await tool.run(
      "JobsTool_crunch",
      {},
      {
        onProgress: (p) => {
          progress.push(p);
          if (p.message !== undefined) jobs.seen.add(p.message);
        },
      },
    );
    assert.equal(result.toText(), "crunched");
    const messages = progress.map((report) => report.message);
    assert.ok(messages.includes("sorting"), JSON.stringify(messages));
    assert.deepEqual(
      progress.map((report) => report.progress),
      progress.map((_report, index) => index + 1),
    );
  });

  it("answers the task's question through the caller (tasks/update), defaults filled", async () => {
    const caller = answeringCaller({ sure: true });
    const result = await tool.run("JobsTool_remove", { file: "a.txt" }, { caller });
    assert.equal(result.toText(), "deleted a.txt (none given)");
    assert.deepEqual(caller.asked, ["Delete a.txt?"]);
  });

  it("cancels the task when the call is aborted", async () => {
    // Aborted once the client follows the task (its first status reached the call as progress).
    const controller = new AbortController();
    const call = tool.run(
      "JobsTool_forever",
      {},
      {
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("the user stopped it")),
      },
    );
    await assert.rejects(call, /the user stopped it/);
    for (let tries = 0; jobs.cancelled === 0 && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.equal(jobs.cancelled, 1, "the server's activity saw the cancellation");
  });

  it("reports a task that asked what the call's caller cannot answer as failed", async () => {
    const result = await tool.run("JobsTool_remove", { file: "b.txt" });
    assert.ok(result instanceof ErrorArtifact, result.toText());
    assert.equal(result.code, "mcp_task_failed");
    assert.match(result.value, /task .* failed/);
  });

  it("gives a tool's error as an ErrorArtifact (a completed task with isError)", async () => {
    const result = await tool.run("JobsTool_broken", {});
    assert.ok(result instanceof ErrorArtifact, result.toText());
    assert.match(result.value, /the disk is full/);
  });

  it("with tasks: false, declares no Tasks support: a required task is refused by the server", async () => {
    const plain = await McpTool.connect(
      { url: String(server.url) },
      { protocolVersion: "2026-07-28", tasks: false },
    );
    try {
      const result = await plain.run("JobsTool_crunch", {});
      assert.ok(result instanceof ErrorArtifact, result.toText());
      assert.match(result.value, /io\.modelcontextprotocol\/tasks|capabilit/i);
      assert.equal((await plain.run("JobsTool_broken", {})) instanceof ErrorArtifact, true);
    } finally {
      await plain.close();
    }
  });
});
