import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpConfigError, Toolbox } from "../../src/index.js";
import { type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { DemoTool, demoToolbox } from "./fixtures/demo-tools.js";
import { serverCases } from "./server-cases.js";

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  },
});

/** A raw HTTP request, so tests can send the headers a browser or an attacker would. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...options.headers,
        },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Ends the client's session on the server (DELETE), as a well-behaved client does, then closes it. */
async function leave(client: Client): Promise<void> {
  await (client.transport as StreamableHTTPClientTransport).terminateSession();
  await client.close();
}

async function connect(url: string, headers?: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(url),
      headers === undefined ? {} : { requestInit: { headers } },
    ),
  );
  return client;
}

describe("serveMcp over Streamable HTTP (the SDK's client)", () => {
  const toolbox = demoToolbox();
  let server: McpServerHandle;
  let client: Client;

  before(async () => {
    server = await serveMcp(toolbox, { transport: "http", name: "demo", version: "1.2.3" });
    client = await connect(server.url as string);
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  serverCases(() => client);

  it("binds to 127.0.0.1 on a free port and serves at /mcp", () => {
    assert.match(String(server.url), /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.notEqual(new URL(String(server.url)).port, "0");
  });

  it("serves many concurrent sessions without cross-talk", async () => {
    const clients = await Promise.all(
      Array.from({ length: 16 }, () => connect(server.url as string)),
    );
    const results = await Promise.all(
      clients.map((each, index) =>
        each
          .callTool({ name: "DemoTool_wait", arguments: { ms: (index % 4) * 10 } })
          .then(() =>
            each.callTool({ name: "DemoTool_echo", arguments: { message: `client ${index}` } }),
          ),
      ),
    );
    results.forEach((result, index) => {
      assert.deepEqual(result.content, [{ type: "text", text: `client ${index}` }]);
    });
    // One client leaving (DELETE of its session) leaves the others working.
    const [first, ...rest] = clients;
    await leave(first as Client);
    const after = await (rest[0] as Client).callTool({
      name: "DemoTool_echo",
      arguments: { message: "still here" },
    });
    assert.deepEqual(after.content, [{ type: "text", text: "still here" }]);
    await Promise.all(rest.map((each) => each.close()));
  });

  it("refuses a Host header outside the allowlist (DNS rebinding) with 403", async () => {
    const refused = await send(String(server.url), {
      headers: { host: `evil.example:${new URL(String(server.url)).port}` },
      body: initialize,
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body, /Invalid Host header: evil\.example/);
    const local = await send(String(server.url), {
      headers: { host: `localhost:${new URL(String(server.url)).port}` },
      body: initialize,
    });
    assert.equal(local.status, 200);
  });

  it("refuses a browser Origin outside the allowlist with 403; its own origin passes", async () => {
    const refused = await send(String(server.url), {
      headers: { origin: "http://evil.example" },
      body: initialize,
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body, /Invalid Origin header/);
    const own = await send(String(server.url), {
      headers: { origin: new URL(String(server.url)).origin },
      body: initialize,
    });
    assert.equal(own.status, 200);
  });

  it("answers 404 off /mcp, 404 for an unknown session, 400 for a GET without one", async () => {
    const base = new URL(String(server.url));
    assert.equal((await send(`${base.origin}/other`, { body: initialize })).status, 404);
    const unknown = await send(String(server.url), {
      headers: { "mcp-session-id": "no-such-session" },
      body: initialize,
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body, /Session not found/);
    assert.equal((await send(String(server.url), { method: "GET" })).status, 400);
  });
});

describe("serveMcp over HTTP with a token, caps and limits", () => {
  const toolbox = new Toolbox([new DemoTool()]);
  let server: McpServerHandle;

  before(async () => {
    server = await serveMcp(toolbox, {
      transport: "http",
      token: "s3cret-token",
      maxBodyBytes: 2_048,
      maxSessions: 2,
    });
  });
  after(async () => {
    await server.close();
  });

  it("answers 401 without the bearer token, or with a wrong one", async () => {
    const none = await send(String(server.url), { body: initialize });
    assert.equal(none.status, 401);
    assert.equal(none.headers["www-authenticate"], 'Bearer realm="toolwright"');
    const wrong = await send(String(server.url), {
      headers: { authorization: "Bearer not-it" },
      body: initialize,
    });
    assert.equal(wrong.status, 401);
    await assert.rejects(connect(String(server.url)));
  });

  it("serves a client that sends the token", async () => {
    const client = await connect(String(server.url), { Authorization: "Bearer s3cret-token" });
    const result = await client.callTool({ name: "DemoTool_echo", arguments: { message: "hi" } });
    assert.deepEqual(result.content, [{ type: "text", text: "hi" }]);
    await leave(client);
  });

  it("caps the request body (413)", async () => {
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { padding: "x".repeat(4_096) },
    });
    const response = await send(String(server.url), {
      headers: { authorization: "Bearer s3cret-token" },
      body: big,
    });
    assert.equal(response.status, 413);
  });

  it("caps open sessions (503) and frees a slot when a client ends its session", async () => {
    const headers = { Authorization: "Bearer s3cret-token" };
    const a = await connect(String(server.url), headers);
    const b = await connect(String(server.url), headers);
    await assert.rejects(connect(String(server.url), headers), /Too many sessions \(2\)/);
    await leave(a);
    const c = await connect(String(server.url), headers);
    await Promise.all([leave(b), leave(c)]);
  });

  it("closes a session whose client left without ending it, once it has been idle", async () => {
    // Long enough that the first session is still there when the second client knocks, on any machine.
    const idle = await serveMcp(toolbox, { transport: "http", maxSessions: 1, sessionIdleMs: 500 });
    try {
      const gone = await connect(String(idle.url));
      await assert.rejects(connect(String(idle.url)), /Too many sessions \(1\)/);
      await gone.close(); // no DELETE: the server only sees its streams close
      // A generous deadline: the sweep's timing is the server's, the test only waits for its effect.
      const deadline = Date.now() + 60_000;
      let next: Client | undefined;
      while (next === undefined && Date.now() < deadline) {
        next = await connect(String(idle.url)).catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return undefined;
        });
      }
      assert.ok(next, "the idle session was never closed");
      await next.close();
    } finally {
      await idle.close();
    }
  });

  it("stops listening on close()", async () => {
    const other = await serveMcp(toolbox, { transport: "http" });
    const client = await connect(String(other.url));
    await other.close();
    await other.closed;
    await assert.rejects(send(String(other.url), { body: initialize }), /ECONNREFUSED/);
    await client.close().catch(() => undefined);
  });
});

describe("serveMcp options", () => {
  const toolbox = new Toolbox([new DemoTool()]);

  it("throws McpConfigError naming the option", async () => {
    await assert.rejects(serveMcp(toolbox, { transport: "http", port: 70_000 }), (error) => {
      assert.ok(error instanceof McpConfigError);
      assert.equal(error.option, "port");
      assert.match(
        error.message,
        /serveMcp: "port" must be an integer from 0 to 65535; got a number \(70000\)/,
      );
      return true;
    });
    await assert.rejects(
      serveMcp(toolbox, { transport: "http", token: " " }),
      /"token" must be a non-empty string/,
    );
    await assert.rejects(
      serveMcp(toolbox, { transport: "pigeon" } as never),
      /"transport" must be one of "stdio", "http"; got a string \("pigeon"\)/,
    );
    await assert.rejects(serveMcp({} as never), /"toolbox" must be a Toolbox/);
  });

  it("rejects with the system error when the port is taken", async () => {
    const first = await serveMcp(toolbox, { transport: "http" });
    const port = Number(new URL(String(first.url)).port);
    await assert.rejects(serveMcp(toolbox, { transport: "http", port }), /EADDRINUSE/);
    await first.close();
  });
});
