// MCP tasks belong to the principal that created them: two official SDK clients on one HTTP server
// (stateful and stateless, task state in memory and in a real SQLite file), each with its own bearer
// token, and the second gets for the first's task exactly what it gets for a task id never issued.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import { Toolbox } from "../../src/index.js";
import { serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { memoryStores, sqliteStores } from "../memory/fixtures/stores.js";
import { ReportTool } from "./fixtures/task-tool.js";
import { create, tasksClient } from "./fixtures/task-wire.js";

/** What a refused request shows, with the task id it named taken out. */
async function refusal(request: Promise<unknown>, taskId: string) {
  const error = await request.then(
    () => assert.fail("expected the request to be refused"),
    (caught: { code?: number; message?: string; data?: unknown }) => caught,
  );
  return {
    code: error.code,
    message: String(error.message).replaceAll(taskId, "<id>"),
    data: JSON.stringify(error.data ?? null).replaceAll(taskId, "<id>"),
  };
}

const kinds = [memoryStores(), sqliteStores()];
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

for (const kind of kinds) {
  for (const sessions of ["stateful", "stateless"] as const) {
    describe(`MCP tasks of one principal, ${sessions}, state in ${kind.name}`, () => {
      it("another client's get, update and cancel meet an unknown task; the owner's go through", async () => {
        const tool = new ReportTool();
        const memory = new TaskMemory({ store: await kind.create() });
        const toolbox = new Toolbox([tool], { taskMemory: memory });
        const server = await serveMcp(toolbox, { transport: "http", sessions });
        const url = String(server.url);
        const alice = await tasksClient(url, { bearer: "alice-t0ken" });
        const bob = await tasksClient(url, { bearer: "bob-t0ken" });
        try {
          const created = (
            await create(url, "ReportTool_build", { year: 7 }, { bearer: "alice-t0ken" })
          ).result;
          assert.ok(created);
          const { taskId } = created;
          await alice.until(taskId, "working");
          const never = randomUUID();
          const unknown = await refusal(bob.get(never), never);
          assert.equal(unknown.code, -32602);
          assert.deepEqual(await refusal(bob.get(taskId), taskId), unknown);
          assert.deepEqual(
            await refusal(bob.update(taskId, { ok: { action: "accept" } }), taskId),
            await refusal(bob.update(never, { ok: { action: "accept" } }), never),
          );
          assert.deepEqual(
            await refusal(bob.cancel(taskId), taskId),
            await refusal(bob.cancel(never), never),
          );
          // A request without a token is the default space: not alice either.
          const anonymous = await tasksClient(url);
          try {
            assert.deepEqual(await refusal(anonymous.get(taskId), taskId), unknown);
          } finally {
            await anonymous.client.close();
          }
          // Bob's cancel did nothing: alice's task runs on to its result.
          assert.equal((await alice.get(taskId)).status, "working");
          tool.release();
          const done = await alice.until(taskId, "completed", "failed", "cancelled");
          assert.equal(done.result?.content[0]?.text, "report 7");
          assert.deepEqual(await refusal(bob.get(taskId), taskId), unknown);
        } finally {
          await alice.client.close();
          await bob.client.close();
          await server.close();
        }
      });
    });
  }
}

describe("MCP tasks without principals", () => {
  it("a resolver returning undefined shares tasks among all clients (a single-user server)", async () => {
    const tool = new ReportTool();
    const server = await serveMcp(new Toolbox([tool]), {
      transport: "http",
      principal: () => undefined,
    });
    const url = String(server.url);
    const other = await tasksClient(url, { bearer: "bob-t0ken" });
    try {
      const created = (await create(url, "ReportTool_archive", {}, { bearer: "alice-t0ken" }))
        .result;
      assert.ok(created);
      const done = await other.until(created.taskId, "completed");
      assert.equal(done.result?.content[0]?.text, "archived");
    } finally {
      await other.client.close();
      await server.close();
    }
  });
});
