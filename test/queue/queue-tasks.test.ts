// A QueueToolbox served over MCP runs a task-marked activity as an MCP task on the worker fleet: the
// server keeps the task (created, polled, finished) and a worker on a real redis-server runs the work.
// The tool says where it ran: its instance on the worker, not the one in the serving process.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type ActivityContext, activity, Tool, Toolbox } from "../../src/index.js";
import { type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { QueueToolbox, type QueueWorker, startWorker } from "../../src/queue.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { create, stream, tasksClient } from "../mcp/fixtures/task-wire.js";

class SiteTool extends Tool {
  site = "nowhere";

  at(site: string): this {
    this.site = site;
    return this;
  }

  @activity({ description: "Says where it ran (long-running)", task: "optional" })
  async locate(_input: object, context: ActivityContext) {
    context.log("info", `locating on ${this.site}`);
    return `ran on ${this.site}`;
  }
}

describe("QueueToolbox behind serveMcp: a task runs on the worker fleet", () => {
  let redis: RedisForTests;
  let worker: QueueWorker;
  let queued: QueueToolbox;
  let server: McpServerHandle;
  before(async () => {
    redis = await startRedis();
    const queue = `tasks-${randomUUID().slice(0, 8)}`;
    worker = await startWorker(new Toolbox([new SiteTool().at("the worker")]), {
      connection: redis.url,
      queue,
    });
    queued = new QueueToolbox([new SiteTool().at("the server")], { connection: redis.url, queue });
    server = await serveMcp(queued, { transport: "http", tasks: { pollIntervalMs: 20 } });
  });
  after(async () => {
    await server.close();
    await queued.close();
    await worker.close();
    await redis.stop();
  });

  it("a 2026-07-28 client's task and a 2025-11-25 session's task both run on the worker", async () => {
    const url = String(server.url);
    const modern = await tasksClient(url);
    const session = new Client({ name: "v1", version: "1.0.0" });
    await session.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const created = (await create(url, "SiteTool_locate", {})).result;
      assert.equal(created?.resultType, "task");
      const done = await modern.until(String(created?.taskId), "completed", "failed");
      assert.equal(done.result?.content[0]?.text, "ran on the worker");

      await session.listTools();
      const messages = await stream(session, "SiteTool_locate", {});
      assert.equal(messages[0]?.type, "taskCreated");
      assert.deepEqual(messages.at(-1)?.result?.content, [
        { type: "text", text: "ran on the worker" },
      ]);
    } finally {
      await modern.client.close();
      await session.close();
    }
  });
});
