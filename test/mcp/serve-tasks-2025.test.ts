// Activities marked `task` served as the experimental Tasks of 2025-11-25 to the v1 SDK client
// (`initialize` sessions), through its own experimental API (`client.experimental.tasks`): the
// capability and `execution.taskSupport`, create, poll, status notifications, cancel, list, the result
// (or an ask answered inside the task) from a blocking `tasks/result`, another session's tasks as
// unknown ones, and a restart on SQLite in between. One task state: the same runner and store as 2026-07-28.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CallToolResultSchema,
  ElicitRequestSchema,
  type Task,
  TaskStatusNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { Toolbox } from "../../src/index.js";
import { type HttpServeOptions, type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { SqliteArtifactStore } from "../../src/memory-sqlite.js";
import { ReportTool } from "./fixtures/task-tool.js";
import { stream } from "./fixtures/task-wire.js";

/** A v1 client in a 2025-11-25 session that answers elicitations with `answer`, and hears task statuses. */
async function connect(url: string, options: { tenant?: string; answer?: object } = {}) {
  const client = new Client(
    { name: "v1-tasks", version: "1.0.0" },
    { capabilities: { elicitation: {} } },
  );
  const statuses: Task[] = [];
  client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => {
    statuses.push(notification.params as Task);
  });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return (options.answer ?? { action: "decline" }) as never;
  });
  const headers = options.tenant === undefined ? {} : { "x-tenant": options.tenant };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  await client.listTools(); // the client learns which tools run as tasks
  return { client, statuses, asked };
}

type Connected = Awaited<ReturnType<typeof connect>>;

const codeOf = (error: unknown) => (error as { code?: number }).code;

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const fast: Partial<HttpServeOptions> = { tasks: { pollIntervalMs: 20 } };

describe("MCP tasks on 2025-11-25 (the v1 client's experimental tasks)", () => {
  let server: McpServerHandle;
  let tool: ReportTool;
  let url: string;
  let alice: Connected;
  before(async () => {
    tool = new ReportTool();
    server = await serveMcp(new Toolbox([tool]), { transport: "http", ...fast });
    url = String(server.url);
    alice = await connect(url, { answer: { action: "accept", content: { ok: true } } });
  });
  after(async () => {
    await alice.client.close();
    await server.close();
  });

  it("declares the tasks capability and each tool's execution.taskSupport", async () => {
    assert.deepEqual(alice.client.getServerCapabilities()?.tasks, {
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await alice.client.listTools();
    const support = Object.fromEntries(
      tools.map((each) => [each.name, each.execution?.taskSupport]),
    );
    assert.deepEqual(support, {
      ReportTool_build: "optional",
      ReportTool_publish: "optional",
      ReportTool_archive: "required",
    });
  });

  it("creates a task, polls it through working with its status message, notifies, and gives its result", async () => {
    let taskId = "";
    const done = stream(alice.client, "ReportTool_build", { year: 2025 }, (id) => {
      taskId = id;
    });
    const working = await waitFor(async () => {
      if (taskId === "") return undefined;
      const task = await alice.client.experimental.tasks.getTask(taskId);
      return task.statusMessage === undefined ? undefined : task;
    });
    assert.equal(working.status, "working");
    assert.equal(working.statusMessage, "collecting 2025");
    assert.deepEqual([working.ttl, working.pollInterval], [3_600_000, 20]);
    tool.release();
    const messages = await done;
    assert.equal(messages[0]?.type, "taskCreated");
    assert.equal(messages[0]?.task?.status, "working");
    assert.ok(messages.some((message) => message.type === "taskStatus"));
    const last = messages.at(-1);
    assert.equal(last?.type, "result");
    assert.deepEqual(last?.result?.content, [{ type: "text", text: "report 2025" }]);
    const notified = await waitFor(async () => {
      const mine = alice.statuses.filter((task) => task.taskId === taskId);
      return mine.some((task) => task.status === "completed") ? mine : undefined;
    });
    assert.deepEqual(
      notified.map((task) => [task.status, task.statusMessage]),
      [
        ["working", "collecting 2025"],
        ["completed", "collecting 2025"],
      ],
    );
  });

  it("input_required inside a task: the ask reaches the client through tasks/result and its answer goes on", async () => {
    const messages = await stream(alice.client, "ReportTool_publish", {});
    assert.ok(messages.some((message) => message.task?.status === "input_required"));
    assert.deepEqual(alice.asked.at(-1), "Publish the report?");
    const last = messages.at(-1);
    assert.equal(last?.type, "result", String(last?.error));
    assert.deepEqual(last?.result?.content, [{ type: "text", text: "published" }]);
  });

  it("cancels a running task (once: a finished task is -32602), and its result is an error", async () => {
    let taskId = "";
    const done = stream(alice.client, "ReportTool_build", { year: 1999 }, (id) => {
      taskId = id;
    });
    await waitFor(async () => (taskId === "" ? undefined : taskId));
    const cancelled = await alice.client.experimental.tasks.cancelTask(taskId);
    assert.equal(cancelled.status, "cancelled");
    await assert.rejects(alice.client.experimental.tasks.cancelTask(taskId), (error) => {
      assert.equal(codeOf(error), -32602);
      assert.match(String(error), /already in terminal status 'cancelled'/);
      return true;
    });
    const messages = await done;
    assert.equal(messages.at(-1)?.type, "error");
    await assert.rejects(
      alice.client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema),
      /cancelled/,
    );
  });

  it("a required tool: a task through the stream, -32601 called without one", async () => {
    const messages = await stream(alice.client, "ReportTool_archive", {});
    assert.deepEqual(messages.at(-1)?.result?.content, [{ type: "text", text: "archived" }]);
    const raw = alice.client.request(
      { method: "tools/call", params: { name: "ReportTool_archive", arguments: {} } },
      CallToolResultSchema,
    );
    await assert.rejects(raw, (error) => codeOf(error) === -32601);
  });

  it("lists a session's own tasks; another session meets them as unknown tasks", async () => {
    const listed = await alice.client.experimental.tasks.listTasks();
    assert.ok(listed.tasks.length >= 4);
    const statuses = new Set(listed.tasks.map((task) => task.status));
    assert.ok(statuses.has("completed") && statuses.has("cancelled"));
    const bob = await connect(url);
    try {
      assert.deepEqual((await bob.client.experimental.tasks.listTasks()).tasks, []);
      const theirs = listed.tasks[0]?.taskId ?? "";
      const unknown = async (taskId: string) => {
        const caught = await bob.client.experimental.tasks.getTask(taskId).then(
          () => assert.fail("expected -32602"),
          (error: Error) => error,
        );
        return [codeOf(caught), caught.message.replaceAll(taskId, "<id>")];
      };
      assert.deepEqual(await unknown(theirs), await unknown(randomUUID()));
      for (const request of [
        bob.client.experimental.tasks.getTaskResult(theirs, CallToolResultSchema),
        bob.client.experimental.tasks.cancelTask(theirs),
      ]) {
        await assert.rejects(request, (error) => codeOf(error) === -32602);
      }
    } finally {
      await bob.client.close();
    }
  });
});

describe("MCP tasks on 2025-11-25 across a restart (SQLite)", () => {
  let directory: string;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-tasks-2025-"));
  });
  after(() => rm(directory, { recursive: true, force: true }));

  it("a tenant's finished task and its cut-off one are still its own after the server restarts", async () => {
    const path = join(directory, "memory.db");
    const serve = async () => {
      const store = new SqliteArtifactStore({ path });
      const toolbox = new Toolbox([new ReportTool()], { taskMemory: new TaskMemory({ store }) });
      const principal = ({ headers }: { headers: Record<string, unknown> }) =>
        headers["x-tenant"] as string | undefined;
      const server = await serveMcp(toolbox, { transport: "http", principal, ...fast });
      return { store, server, url: String(server.url) };
    };
    const first = await serve();
    const before = await connect(first.url, { tenant: "acme" });
    const archived = await stream(before.client, "ReportTool_archive", {});
    const finished = archived[0]?.task?.taskId ?? "";
    let cutOff = "";
    void stream(before.client, "ReportTool_build", { year: 2024 }, (id) => {
      cutOff = id;
    }).catch(() => undefined);
    await waitFor(async () => (cutOff === "" ? undefined : cutOff));
    await before.client.close();
    await first.server.close();
    await first.store.close();

    const second = await serve();
    const after = await connect(second.url, { tenant: "acme" });
    const other = await connect(second.url, { tenant: "globex" });
    try {
      const result = await after.client.experimental.tasks.getTaskResult(
        finished,
        CallToolResultSchema,
      );
      assert.deepEqual(result.content, [{ type: "text", text: "archived" }]);
      const failed = await after.client.experimental.tasks.getTask(cutOff);
      assert.equal(failed.status, "failed");
      assert.match(String(failed.statusMessage), /stopped before it finished/);
      await assert.rejects(
        after.client.experimental.tasks.getTaskResult(cutOff, CallToolResultSchema),
        (error) => {
          assert.equal(codeOf(error), -32603);
          return true;
        },
      );
      const ids = (await after.client.experimental.tasks.listTasks()).tasks.map(
        (task) => task.taskId,
      );
      assert.deepEqual(ids, [finished, cutOff]);
      assert.deepEqual((await other.client.experimental.tasks.listTasks()).tasks, []);
      await assert.rejects(
        other.client.experimental.tasks.getTask(finished),
        (error) => codeOf(error) === -32602,
      );
    } finally {
      await after.client.close();
      await other.client.close();
      await second.server.close();
      await second.store.close();
    }
  });
});
