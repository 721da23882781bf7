// Stateless Streamable HTTP (`sessions: "stateless"`): replicas behind a load balancer serving one
// client. The load balancer is a round-robin proxy on 127.0.0.1 (fixtures/round-robin-proxy.ts); the
// client is the MCP SDK's own; memory resources are shared through a real redis-server.
import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PassThrough, Readable } from "node:stream";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Redis } from "ioredis";
import { main } from "../../src/cli/main.js";
import { McpConfigError, Toolbox } from "../../src/index.js";
import { type McpServerHandle, McpTool, serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { RedisArtifactStore } from "../../src/memory-redis.js";
import { PagesTool } from "../fixtures/pages-tool.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { deleteKeys } from "../memory/fixtures/stores.js";
import { auth, connect, send, token } from "../security/http-clients.js";
import { DemoTool, ReportTool } from "./fixtures/demo-tools.js";
import { type RoundRobinProxy, roundRobinProxy } from "./fixtures/round-robin-proxy.js";
import { serverCases } from "./server-cases.js";

const root = new URL("../..", import.meta.url).pathname;

function rpc(method: string, params: object, id = 1): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

/** Waits (without a deadline of its own: the runner's applies) until `check` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 400; turn++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`never happened: ${what}`);
}

/** Two replicas of one toolbox definition, each with a toolbox (and a Redis connection) of its own. */
describe("stateless serveMcp: two replicas behind a round-robin proxy, memory in Redis", () => {
  const keyPrefix = `toolwright-test:${randomUUID()}:`;
  let redis: RedisForTests;
  const memories: TaskMemory[] = [];
  const replicas: McpServerHandle[] = [];
  let proxy: RoundRobinProxy;
  let client: Client;

  const replicaToolbox = () => {
    const memory = new TaskMemory({ store: new RedisArtifactStore({ url: redis.url, keyPrefix }) });
    memories.push(memory);
    return new Toolbox([new DemoTool(), new ReportTool({ offPrompt: true })], {
      taskMemory: memory,
    });
  };

  before(async () => {
    redis = await startRedis();
    for (let index = 0; index < 2; index++) {
      replicas.push(
        await serveMcp(replicaToolbox(), {
          transport: "http",
          sessions: "stateless",
          name: "demo",
          version: "1.2.3",
        }),
      );
    }
    proxy = await roundRobinProxy(replicas.map((replica) => String(replica.url)));
    client = await connect(proxy.url, {});
  });
  after(async () => {
    await client.close();
    await proxy.close();
    await Promise.all(replicas.map((replica) => replica.close()));
    const admin = new Redis(redis.url);
    await deleteKeys(admin, keyPrefix);
    admin.disconnect();
    await Promise.all(memories.map((memory) => memory.close()));
    await redis.stop();
  });

  // Every shared case, each request going to the other replica from the one before.
  serverCases(() => client);

  it("serves one client alternately from both replicas, with no session anywhere", async () => {
    const from = proxy.log.length;
    for (let call = 0; call < 6; call++) {
      const result = await client.callTool({
        name: "DemoTool_echo",
        arguments: { message: `call ${call}` },
      });
      assert.deepEqual(result.content, [{ type: "text", text: `call ${call}` }]);
    }
    const calls = proxy.log.slice(from);
    const first = calls[0]?.replica ?? 0;
    assert.deepEqual(
      calls.map((entry) => [entry.replica, entry.rpc, entry.status]),
      [0, 1, 2, 3, 4, 5].map((index) => [(first + index) % 2, "tools/call", 200]),
    );
    // From the handshake on: no session id issued, no session error, GET refused as stateless.
    assert.deepEqual(
      proxy.log.slice(0, 2).map((entry) => [entry.replica, entry.rpc, entry.status]),
      [
        [0, "initialize", 200],
        [1, "notifications/initialized", 202],
      ],
    );
    assert.deepEqual(
      proxy.log.filter((entry) => entry.method !== "POST").map((entry) => entry.status),
      [405],
    );
    assert.ok(proxy.log.every((entry) => entry.sessionId === undefined));
    assert.ok(proxy.log.every((entry) => entry.status < 300 || entry.method === "GET"));
  });

  it("resolves memory resources on every replica through the shared Redis store", async () => {
    const [a, b] = await Promise.all(replicas.map((replica) => connect(String(replica.url), {})));
    try {
      const stored = await (a as Client).callTool({
        name: "ReportTool_report",
        arguments: { topic: "replicas" },
      });
      const link = (stored.content as { type: string; uri?: string }[]).find(
        (block) => block.type === "resource_link",
      );
      const uri = String(link?.uri);
      const { resources } = await (b as Client).listResources();
      assert.ok(resources.some((resource) => resource.uri === uri));
      const read = await (b as Client).readResource({ uri });
      const [contents] = read.contents as { text?: string }[];
      assert.match(String(contents?.text), /^Report on replicas\. All is well\./);
    } finally {
      await Promise.all([a?.close(), b?.close()]);
    }
  });

  it("stateful replicas behind the same proxy fail on the second request (why stateless exists)", async () => {
    const stateful = await Promise.all(
      [0, 1].map(() => serveMcp(replicaToolbox(), { transport: "http" })),
    );
    const balanced = await roundRobinProxy(stateful.map((replica) => String(replica.url)));
    try {
      await assert.rejects(connect(balanced.url, {}), /Session not found/);
      assert.equal(balanced.log[1]?.status, 404);
    } finally {
      await balanced.close();
      await Promise.all(stateful.map((replica) => replica.close()));
    }
  });
});

describe("stateless serveMcp: progress, cancellation and the HTTP guards", () => {
  const tools = [new PagesTool(), new PagesTool()];
  const replicas: McpServerHandle[] = [];
  let proxy: RoundRobinProxy;
  let client: Client;
  const aborted = () => tools.some((tool) => tool.aborted !== undefined);

  before(async () => {
    for (const tool of tools) {
      replicas.push(
        await serveMcp(new Toolbox([tool]), {
          transport: "http",
          sessions: "stateless",
          token,
          maxBodyBytes: 4_096,
        }),
      );
    }
    proxy = await roundRobinProxy(replicas.map((replica) => String(replica.url)));
    client = await connect(proxy.url, auth);
  });
  after(async () => {
    await client.close();
    await proxy.close();
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  it("sends a call's progress notifications on its own POST response", async () => {
    const seen: [number, number | undefined, string | undefined][] = [];
    const result = await client.callTool(
      { name: "PagesTool_read", arguments: { pages: 3 } },
      undefined,
      {
        onprogress: (report) => seen.push([report.progress, report.total, report.message]),
      },
    );
    assert.deepEqual(result.content, [{ type: "text", text: "read 3" }]);
    assert.deepEqual(seen, [
      [1, 3, "page 1"],
      [2, 3, "page 2"],
      [3, 3, "page 3"],
    ]);
  });

  it("cancels the activity when the client hangs up mid-call", async () => {
    for (const tool of tools) tool.aborted = undefined;
    const leaving = await connect(proxy.url, auth);
    const call = leaving.callTool({ name: "PagesTool_wait", arguments: {} }, undefined, {
      onprogress: () => void leaving.close(),
    });
    await assert.rejects(call);
    await until(aborted, "the activity's signal aborted");
  });

  it("cancels the activity when its request is aborted, and serves tools/call without a handshake", async () => {
    for (const tool of tools) tool.aborted = undefined;
    const controller = new AbortController();
    const response = await fetch(String(replicas[1]?.url), {
      method: "POST",
      headers: {
        ...auth,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: rpc("tools/call", {
        name: "PagesTool_wait",
        arguments: {},
        _meta: { progressToken: 7 },
      }),
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("mcp-session-id"), null);
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of response.body as ReadableStream<Uint8Array>) {
      text += decoder.decode(chunk);
      if (text.includes("notifications/progress")) break;
    }
    controller.abort();
    await until(() => tools[1]?.aborted !== undefined, "the activity's signal aborted");
  });

  it("keeps the token, Host and Origin checks and the body cap; GET and DELETE are 405", async () => {
    const url = String(replicas[0]?.url);
    const list = rpc("tools/list", {});
    assert.equal((await send(url, { body: list })).status, 401);
    const port = new URL(url).port;
    const rebound = await send(url, {
      headers: { ...auth, host: `evil.example:${port}` },
      body: list,
    });
    assert.equal(rebound.status, 403);
    assert.match(rebound.body, /Invalid Host header/);
    const foreign = await send(url, {
      headers: { ...auth, origin: "http://evil.example" },
      body: list,
    });
    assert.equal(foreign.status, 403);
    const big = rpc("tools/call", {
      name: "PagesTool_read",
      arguments: { pad: "x".repeat(5_000) },
    });
    assert.equal((await send(url, { headers: auth, body: big })).status, 413);
    for (const method of ["GET", "DELETE"]) {
      const refused = await send(url, { method, headers: auth });
      assert.equal(refused.status, 405, method);
      assert.equal(refused.headers.allow, "POST");
      assert.match(refused.body, /stateless \(no sessions\).*send each JSON-RPC message as a POST/);
    }
    // A cancellation has no session to find its call in: accepted and ignored.
    const cancel = JSON.stringify({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 1 },
    });
    assert.equal((await send(url, { headers: auth, body: cancel })).status, 202);
    // A session id from elsewhere is neither needed nor checked.
    const stale = await send(url, { headers: { ...auth, "mcp-session-id": "gone" }, body: list });
    assert.equal(stale.status, 200);
    assert.match(stale.body, /PagesTool_read/);
    assert.equal(stale.headers["mcp-session-id"], undefined);
  });

  it("close() answers the calls in flight with an error, aborts them and stops listening", async () => {
    const tool = new PagesTool();
    const server = await serveMcp(new Toolbox([tool]), {
      transport: "http",
      sessions: "stateless",
    });
    const caller = await connect(String(server.url), {});
    const call = caller.callTool({ name: "PagesTool_wait", arguments: {} }, undefined, {
      onprogress: () => void server.close(),
    });
    await assert.rejects(call, /MCP error -32000: Server shutting down: the request was cancelled/);
    await server.closed;
    assert.notEqual(tool.aborted, undefined);
    await assert.rejects(send(String(server.url), { body: rpc("tools/list", {}) }), /ECONNREFUSED/);
    await caller.close();
  });
});

describe("McpTool against stateless replicas: a cancelled call closes its own request", () => {
  const tools = [new PagesTool(), new PagesTool()];
  const replicas: McpServerHandle[] = [];
  let proxy: RoundRobinProxy;
  const aborted = () => tools.some((tool) => tool.aborted !== undefined);

  before(async () => {
    for (const tool of tools) {
      replicas.push(
        await serveMcp(new Toolbox([tool]), { transport: "http", sessions: "stateless", token }),
      );
    }
    proxy = await roundRobinProxy(replicas.map((replica) => String(replica.url)));
  });
  after(async () => {
    await proxy.close();
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  it("the caller's abort reaches the activity on the replica (the SDK sends only a notification)", async () => {
    for (const tool of tools) tool.aborted = undefined;
    const remote = await McpTool.connect({ url: String(proxy.url), headers: auth });
    const caller = new Toolbox([remote]);
    const controller = new AbortController();
    const call = caller.execute(
      { name: caller.nativeName(remote, "PagesTool_wait"), arguments: {} },
      { signal: controller.signal, onProgress: () => controller.abort(new Error("user left")) },
    );
    await assert.rejects(call, /user left/);
    await until(aborted, "the served activity's signal aborted");
    // The connection serves on after the cancelled request.
    const read = await caller.execute({
      name: caller.nativeName(remote, "PagesTool_read"),
      arguments: { pages: 2 },
    });
    assert.equal(read.artifact.toText(), "read 2");
    await remote.close();
  });

  it("McpTool's request timeout reaches the activity on the replica too", async () => {
    for (const tool of tools) tool.aborted = undefined;
    const remote = await McpTool.connect(
      { url: String(proxy.url), headers: auth },
      { requestTimeoutMs: 300 },
    );
    const result = await remote.run("PagesTool_wait", {});
    assert.equal(result.type, "ErrorArtifact");
    assert.match(result.toText(), /did not answer "PagesTool_wait" in time/);
    await until(aborted, "the served activity's signal aborted");
    await remote.close();
  });
});

describe("stateless serveMcp options", () => {
  const toolbox = new Toolbox([new DemoTool()]);

  it("throws McpConfigError for an unknown mode, and for session limits on a stateless server", async () => {
    await assert.rejects(
      serveMcp(toolbox, { transport: "http", sessions: "sticky" as never }),
      (error) => {
        assert.ok(error instanceof McpConfigError);
        assert.equal(error.option, "sessions");
        assert.match(
          error.message,
          /^serveMcp: "sessions" must be one of "stateful", "stateless"; got a string \("sticky"\)$/,
        );
        return true;
      },
    );
    for (const limits of [{ maxSessions: 8 }, { sessionIdleMs: 1_000 }]) {
      const [option] = Object.keys(limits);
      await assert.rejects(
        serveMcp(toolbox, { transport: "http", sessions: "stateless", ...limits }),
        (error) => {
          assert.ok(error instanceof McpConfigError);
          assert.equal(error.option, option);
          assert.match(
            error.message,
            /applies to sessions: "stateful"; a stateless server keeps no sessions/,
          );
          return true;
        },
      );
    }
    await assert.rejects(
      serveMcp(toolbox, { transport: "stdio", sessions: "stateless" } as never),
      /"sessions" is not an option/,
    );
    const stateful = await serveMcp(toolbox, {
      transport: "http",
      sessions: "stateful",
      maxSessions: 1,
    });
    await stateful.close();
  });
});

describe("toolwright serve --http --stateless", () => {
  it("serves without sessions from the command line; --stateless needs --http", async () => {
    const folder = await mkdtemp(join(tmpdir(), "toolwright-stateless-"));
    const child: ChildProcessWithoutNullStreams = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "src/cli/bin.ts"),
        "serve",
        "--http",
        "--stateless",
        "--port",
        "0",
        "--files",
        join(folder, "files"),
        "--db",
        join(folder, "memory.db"),
      ],
      { cwd: root, env: { ...process.env, TOOLWRIGHT_TOKEN: token } },
    );
    try {
      let status = "";
      for await (const line of createInterface({ input: child.stderr })) {
        status = line;
        if (/^\S*toolwright MCP server/.test(line)) break;
      }
      assert.match(status, /on http:.* · stateless \(no sessions\) · bearer token required/);
      const url = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(status)?.[1] ?? "";
      const listed = await send(url, { headers: auth, body: rpc("tools/list", {}) });
      assert.equal(listed.status, 200);
      assert.equal(listed.headers["mcp-session-id"], undefined);
      assert.match(listed.body, /DateTimeTool_get_datetime_diff/);
      assert.equal((await send(url, { method: "GET", headers: auth })).status, 405);
      const cli = await connect(url, auth);
      const result = await cli.callTool({
        name: "DateTimeTool_get_datetime_diff",
        arguments: { start_datetime: "2024-01-01T00:00:00", end_datetime: "2024-01-01T03:00:00" },
      });
      assert.deepEqual(result.content, [{ type: "text", text: "3:00:00" }]);
      await cli.close();
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        assert.equal(await exited, 0);
      }
      await rm(folder, { recursive: true, force: true });
    }
    const stderr = new PassThrough();
    let said = "";
    stderr.on("data", (chunk: Buffer) => {
      said += chunk.toString();
    });
    const code = await main(["serve", "--stateless"], {
      stdin: Readable.from([""]),
      stdout: new PassThrough(),
      stderr,
    });
    assert.equal(code, 2);
    assert.match(said, /--stateless applies to --http/);
  });
});
