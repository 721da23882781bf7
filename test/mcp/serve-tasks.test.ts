// Activities marked `task` served as MCP tasks (the io.modelcontextprotocol/tasks extension on
// 2026-07-28). The SDK's v2 client polls, answers and cancels (`tasks/get`, `tasks/update`,
// `tasks/cancel` through its `request`); the task is created with a raw `tools/call`, as the v2
// client cannot decode a `resultType: "task"` result. The v1 client (a 2025-11-25 session) gets the
// result in the call. Task state on SQLite survives a restart; on Redis, any replica answers.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Toolbox } from "../../src/index.js";
import { type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { RedisArtifactStore } from "../../src/memory-redis.js";
import { SqliteArtifactStore } from "../../src/memory-sqlite.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { ReportTool } from "./fixtures/task-tool.js";
import { create, extension, tasksClient } from "./fixtures/task-wire.js";

/** A result's fields but the `_meta` every result may carry. */
const fields = (result: object) => Object.keys(result).filter((key) => key !== "_meta");

const rejectsWith = (code: number) => (error: { code?: unknown }) => {
  assert.equal(error.code, code);
  return true;
};

describe("MCP tasks on 2026-07-28", () => {
  let server: McpServerHandle;
  let tool: ReportTool;
  let url: string;
  before(async () => {
    tool = new ReportTool();
    server = await serveMcp(new Toolbox([tool]), { transport: "http", sessions: "stateless" });
    url = String(server.url);
  });
  after(() => server.close());

  it("runs a task for a declaring client: working with its status message, then its result", async () => {
    const tasks = await tasksClient(url);
    try {
      const { result: created } = await create(url, "ReportTool_build", { year: 2026 });
      assert.ok(created);
      assert.equal(created.resultType, "task");
      assert.equal(created.status, "working");
      assert.deepEqual([created.ttlMs, created.pollIntervalMs], [3_600_000, 1_000]);
      for (const absent of ["result", "error", "inputRequests", "requestState"]) {
        assert.equal(absent in created, false, absent);
      }
      await tasks.until(created.taskId, "working");
      const logged = await (async () => {
        for (;;) {
          const task = await tasks.get(created.taskId);
          if (task.statusMessage !== undefined) return task.statusMessage;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      assert.equal(logged, "collecting 2026");
      tool.release();
      const done = await tasks.until(created.taskId, "completed", "failed");
      assert.equal(done.status, "completed");
      assert.equal(done.result?.content[0]?.text, "report 2026");
      assert.equal(done.error, undefined);
    } finally {
      await tasks.client.close();
    }
  });

  it("input_required inside a task: answered, refused, and answers that do not fit", async () => {
    const tasks = await tasksClient(url);
    try {
      const { result: first } = await create(url, "ReportTool_publish", {});
      assert.ok(first);
      const waiting = await tasks.until(first.taskId, "input_required");
      assert.equal(waiting.inputRequests?.ok?.method, "elicitation/create");
      assert.equal(waiting.inputRequests?.ok?.params.message, "Publish the report?");
      // Tampered with: an answer of the wrong shape, one the form refuses, and one for no ask.
      // (The SDK's client takes the `resultType` off what it returns: the ack is empty.)
      const acked = await tasks.update(first.taskId, { ok: 42, stray: { action: "accept" } });
      assert.deepEqual(fields(acked), []);
      const still = await tasks.until(first.taskId, "input_required");
      assert.deepEqual(Object.keys(still.inputRequests ?? {}), ["ok"]);
      await tasks.update(first.taskId, { ok: { action: "accept", content: { ok: true } } });
      const published = await tasks.until(first.taskId, "completed", "failed");
      assert.equal(published.result?.content[0]?.text, "published");

      const { result: second } = await create(url, "ReportTool_publish", {});
      assert.ok(second);
      await tasks.until(second.taskId, "input_required");
      await tasks.update(second.taskId, { ok: { action: "decline" } });
      const kept = await tasks.until(second.taskId, "completed", "failed");
      assert.equal(kept.result?.content[0]?.text, "kept");
    } finally {
      await tasks.client.close();
    }
  });

  it("cancels a running task (and acknowledges a second cancel); an unknown task is -32602", async () => {
    const tasks = await tasksClient(url);
    try {
      const { result: created } = await create(url, "ReportTool_build", { year: 1999 });
      assert.ok(created);
      const ack = await tasks.cancel(created.taskId);
      assert.deepEqual(fields(ack), []);
      assert.equal((await tasks.get(created.taskId)).status, "cancelled");
      assert.deepEqual(fields(await tasks.cancel(created.taskId)), []);
      await assert.rejects(tasks.get(randomUUID()), rejectsWith(-32602));
    } finally {
      await tasks.client.close();
    }
  });

  it("a client without the extension: no task, -32021 for a required one and for tasks/*", async () => {
    const plain = await create(url, "ReportTool_publish", {}, { declares: false });
    assert.equal(plain.result?.resultType, "input_required");
    const required = await create(url, "ReportTool_archive", {}, { declares: false });
    assert.equal(required.error?.code, -32021);
    assert.deepEqual(required.error?.data, {
      requiredCapabilities: { extensions: { [extension]: {} } },
    });
    const tasks = await tasksClient(url, { declares: false });
    try {
      await assert.rejects(tasks.get("any"), rejectsWith(-32021));
      await assert.rejects(tasks.update("any", {}), rejectsWith(-32021));
      await assert.rejects(tasks.cancel("any"), rejectsWith(-32021));
    } finally {
      await tasks.client.close();
    }
  });

  it("a 2025-11-25 session (the v1 client) gets a task-marked activity's result in the call", async () => {
    const client = new Client({ name: "v1", version: "1.0.0" });
    await client.connect(new TransportV1(new URL(url)));
    try {
      const result = await client.callTool({ name: "ReportTool_archive", arguments: {} });
      assert.deepEqual(result.content, [{ type: "text", text: "archived" }]);
    } finally {
      await client.close();
    }
  });
});

describe("MCP task state on the task memory's store", () => {
  let directory: string;
  let redis: RedisForTests;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-tasks-"));
    redis = await startRedis();
  });
  after(async () => {
    await rm(directory, { recursive: true, force: true });
    await redis.stop();
  });

  it("survives a server restart on SQLite: a finished task's result, a cut-off task failed", async () => {
    const path = join(directory, "memory.db");
    const serve = async () => {
      const store = new SqliteArtifactStore({ path });
      const toolbox = new Toolbox([new ReportTool()], { taskMemory: new TaskMemory({ store }) });
      const server = await serveMcp(toolbox, { transport: "http", sessions: "stateless" });
      return { store, server, url: String(server.url) };
    };
    const first = await serve();
    const finished = (await create(first.url, "ReportTool_archive", {})).result;
    const cutOff = (await create(first.url, "ReportTool_build", { year: 2027 })).result;
    assert.ok(finished && cutOff);
    const before = await tasksClient(first.url);
    await before.until(finished.taskId, "completed");
    await before.client.close();
    await first.server.close();
    await first.store.close();

    const second = await serve();
    const tasks = await tasksClient(second.url);
    try {
      const done = await tasks.get(finished.taskId);
      assert.equal(done.status, "completed");
      assert.equal(done.result?.content[0]?.text, "archived");
      const failed = await tasks.until(cutOff.taskId, "failed", "completed", "cancelled");
      assert.equal(failed.status, "failed");
      assert.equal(failed.error?.code, -32603);
      assert.match(String(failed.error?.message), /stopped before it finished/);
    } finally {
      await tasks.client.close();
      await second.server.close();
      await second.store.close();
    }
  });

  it("answers on any replica sharing Redis: asked on one, answered and finished through another", async () => {
    const keyPrefix = `toolwright-test:${randomUUID()}:`;
    const replica = async () => {
      const store = new RedisArtifactStore({ url: redis.url, keyPrefix });
      const toolbox = new Toolbox([new ReportTool()], { taskMemory: new TaskMemory({ store }) });
      const server = await serveMcp(toolbox, { transport: "http", sessions: "stateless" });
      return { store, server, url: String(server.url) };
    };
    const [a, b] = [await replica(), await replica()];
    const onB = await tasksClient(b.url);
    try {
      const created = (await create(a.url, "ReportTool_publish", {})).result;
      assert.ok(created);
      const waiting = await onB.until(created.taskId, "input_required");
      assert.equal(waiting.inputRequests?.ok?.method, "elicitation/create");
      await onB.update(created.taskId, { ok: { action: "accept", content: { ok: true } } });
      const done = await onB.until(created.taskId, "completed", "failed");
      assert.equal(done.result?.content[0]?.text, "published");
    } finally {
      await onB.client.close();
      for (const { server, store } of [a, b]) {
        await server.close();
        await store.close();
      }
    }
  });
});
