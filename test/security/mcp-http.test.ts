// Hostile clients against `serveMcp` over Streamable HTTP: a real server on 127.0.0.1, raw `node:net`
// sockets where a well-behaved HTTP client cannot misbehave enough, the SDK's own client otherwise.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { McpConfigError, Toolbox } from "../../src/index.js";
import { isLoopbackHost } from "../../src/mcp/http-guards.js";
import { type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { DemoTool } from "../mcp/fixtures/demo-tools.js";
import {
  auth,
  connect,
  initialize,
  leave,
  rawSocket,
  send,
  sendRaw,
  sessionHeaders,
  token,
} from "./http-clients.js";

describe("serveMcp over HTTP against slow clients", () => {
  let server: McpServerHandle;
  let url: string;

  before(async () => {
    server = await serveMcp(new Toolbox([new DemoTool()]), {
      transport: "http",
      token,
      maxSessions: 4,
      headersTimeoutMs: 1_000,
      bodyTimeoutMs: 1_000,
    });
    url = String(server.url);
  });
  after(async () => {
    await server.close();
  });

  it("slow initialize bodies hold no session slot, and are cut off with 408 at the body deadline", {
    timeout: 60_000,
  }, async () => {
    const started = performance.now();
    const slow = await Promise.all(Array.from({ length: 6 }, () => rawSocket(url)));
    const host = new URL(url).host;
    for (const { socket } of slow) {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${initialize.length}\r\n\r\n`,
      );
    }
    // One byte each per 100 ms: the whole initialize would take 15 s.
    let sent = 0;
    const dribble = setInterval(() => {
      for (const { socket } of slow) if (socket.writable) socket.write(initialize.charAt(sent));
      sent += 1;
    }, 100);
    try {
      // Six clients dribble, the cap is four: every slot is still free for real clients.
      const clients = await Promise.all(Array.from({ length: 4 }, () => connect(url)));
      await assert.rejects(connect(url), /Too many sessions \(4\)/);
      const echoed = await (clients[0] as Client).callTool({
        name: "DemoTool_echo",
        arguments: { message: "served" },
      });
      assert.deepEqual(echoed.content, [{ type: "text", text: "served" }]);
      await Promise.all(clients.map(leave));
      await Promise.all(slow.map(({ closed }) => closed));
    } finally {
      clearInterval(dribble);
    }
    for (const { received } of slow) {
      assert.match(received(), /^HTTP\/1\.1 408 /);
      assert.match(received(), /did not arrive within 1000 ms/);
    }
    // Node's own bound would be its 300 s requestTimeout.
    assert.ok(performance.now() - started < 20_000, "the slow bodies were not cut off");
  });

  it("cuts off headers that dribble in, at the headers deadline", { timeout: 60_000 }, async () => {
    const started = performance.now();
    const { socket, received, closed } = await rawSocket(url);
    socket.write("POST /mcp HTTP/1.1\r\n");
    const dribble = setInterval(() => {
      if (socket.writable) socket.write("X-Slow: 1\r\n");
    }, 100);
    try {
      await closed;
    } finally {
      clearInterval(dribble);
    }
    // Node answers 408 and closes at once; the client, still writing, may see a reset instead.
    assert.ok(received() === "" || received().startsWith("HTTP/1.1 408 "), received());
    // Node's default headersTimeout is 60 s.
    assert.ok(performance.now() - started < 20_000, "the slow headers were not cut off");
  });
});

describe("serveMcp over HTTP against malformed and oversized requests", () => {
  const toolbox = new Toolbox([new DemoTool()]);
  let small: McpServerHandle;
  let standard: McpServerHandle;
  let client: Client;

  before(async () => {
    small = await serveMcp(toolbox, { transport: "http", token, maxBodyBytes: 4_096 });
    standard = await serveMcp(toolbox, { transport: "http", token });
    client = await connect(String(standard.url));
  });
  after(async () => {
    await client.close();
    await Promise.all([small.close(), standard.close()]);
  });

  it("requires the bearer token: none, a wrong one, another scheme all get 401", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong",
      `Basic ${token}`,
      `Bearer ${token} x`,
    ]) {
      const reply = await send(String(small.url), {
        headers: authorization === undefined ? {} : { authorization },
        body: initialize,
      });
      assert.equal(reply.status, 401, String(authorization));
      assert.equal(reply.headers["www-authenticate"], 'Bearer realm="toolwright"');
    }
    assert.equal((await send(String(small.url), { headers: auth, body: initialize })).status, 200);
  });

  it("refuses foreign Host and Origin headers (403), also disguised ones", async () => {
    const port = new URL(String(small.url)).port;
    for (const host of [`evil.example:${port}`, `127.0.0.1@evil.example:${port}`, "[::2]"]) {
      const reply = await send(String(small.url), { headers: { ...auth, host }, body: initialize });
      assert.equal(reply.status, 403, host);
    }
    for (const origin of ["http://evil.example", "null", `http://127.0.0.1:${Number(port) + 1}`]) {
      const reply = await send(String(small.url), {
        headers: { ...auth, origin },
        body: initialize,
      });
      assert.equal(reply.status, 403, origin);
      assert.match(reply.body, /Invalid Origin header/);
    }
  });

  it("answers a repeated Host, Authorization or Origin header with 400", async () => {
    const host = new URL(String(small.url)).host;
    const common = [
      "Content-Type: application/json",
      "Accept: application/json, text/event-stream",
    ];
    const cases = [
      [`Host: ${host}`, "Host: evil.example", `Authorization: Bearer ${token}`],
      [`Host: ${host}`, "Authorization: Bearer wrong", `Authorization: Bearer ${token}`],
      [
        `Host: ${host}`,
        `Authorization: Bearer ${token}`,
        `Origin: http://${host}`,
        "Origin: http://evil.example",
      ],
    ];
    for (const headers of cases) {
      const answer = await sendRaw(
        String(small.url),
        ["POST /mcp HTTP/1.1", ...headers, ...common],
        initialize,
      );
      assert.match(answer, /^HTTP\/1\.1 400 /, headers.join(", "));
      assert.match(answer, /more than one (host|authorization|origin) header/);
    }
    const once = await sendRaw(
      String(small.url),
      ["POST /mcp HTTP/1.1", `Host: ${host}`, `Authorization: Bearer ${token}`, ...common],
      initialize,
    );
    assert.match(once, /^HTTP\/1\.1 200 /);
  });

  it("answers 413 to an oversized initialize (a 5 MiB one against the 2 MiB default), declared or chunked", async () => {
    const padding = "x".repeat(5 * 1024 * 1024);
    const big = JSON.stringify({ ...JSON.parse(initialize), params: { padding } });
    const declared = await send(String(standard.url), { headers: auth, body: big });
    assert.equal(declared.status, 413);
    assert.match(
      declared.body,
      /Payload Too Large: the request body must not exceed 2097152 bytes/,
    );
    const chunked = await send(String(standard.url), { headers: auth, body: big, chunked: true });
    assert.equal(chunked.status, 413);
    // Sent only after "100 Continue": refused before a byte of it travels.
    const asked = await send(String(standard.url), {
      headers: auth,
      body: big,
      expectContinue: true,
    });
    assert.equal(asked.status, 413);
    assert.equal(asked.continued, false);
    const fits = await send(String(standard.url), {
      headers: auth,
      body: initialize,
      expectContinue: true,
    });
    assert.equal(fits.status, 200);
    assert.equal(fits.continued, true);
  });

  it("answers 413 to an oversized request inside a session, which goes on working", async () => {
    const inside = await connect(String(small.url));
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "DemoTool_echo", arguments: { message: "y".repeat(8_192) } },
    });
    for (const chunked of [false, true]) {
      const reply = await send(String(small.url), {
        headers: sessionHeaders(inside),
        body: call,
        chunked,
      });
      assert.equal(reply.status, 413);
      assert.match(reply.body, /must not exceed 4096 bytes/);
    }
    const after = await inside.callTool({ name: "DemoTool_echo", arguments: { message: "ok" } });
    assert.deepEqual(after.content, [{ type: "text", text: "ok" }]);
    await leave(inside);
  });

  it("bounds JSON-RPC batches: several calls in one body work, more than 100 messages get 400", async () => {
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "DemoTool_echo", arguments: { message: `m${id}` } },
    });
    const three = await send(String(standard.url), {
      headers: sessionHeaders(client),
      body: JSON.stringify([call(1), call(2), call(3)]),
    });
    assert.equal(three.status, 200);
    for (const id of [1, 2, 3]) assert.match(three.body, new RegExp(`"text":"m${id}"`));
    const many = await send(String(standard.url), {
      headers: sessionHeaders(client),
      body: JSON.stringify(Array.from({ length: 101 }, (_, index) => call(index))),
    });
    assert.equal(many.status, 400);
    assert.match(many.body, /Batch must not exceed 100 messages/);
    // An initialize batched with anything else starts no session.
    const mixed = await send(String(standard.url), {
      headers: auth,
      body: JSON.stringify([JSON.parse(initialize), { jsonrpc: "2.0", id: 2, method: "ping" }]),
    });
    assert.equal(mixed.status, 400);
    assert.match(mixed.body, /Only one initialization request/);
  });

  it("answers a body that is not JSON with 400 (-32700), and a request without a session that is not initialize with 400", async () => {
    const broken = await send(String(standard.url), {
      headers: auth,
      body: '{"jsonrpc": "2.0", "id": 1',
    });
    assert.equal(broken.status, 400);
    assert.match(broken.body, /-32700/);
    const orphan = await send(String(standard.url), {
      headers: auth,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(orphan.status, 400);
    assert.match(orphan.body, /start a session with an initialize request/);
  });

  it("answers schema-invalid tools/call params with -32602 in toolwright's words, once prefixed", async () => {
    const cases: [unknown, string][] = [
      [
        { name: "DemoTool_echo", arguments: "x" },
        'Invalid params: $.params.arguments: expected an object, got string "x"',
      ],
      [
        { arguments: {} },
        "Invalid params: $.params.name: expected a non-empty string (the tool's name from tools/list), got nothing",
      ],
      [
        { name: 42, arguments: [1] },
        "Invalid params: $.params.name: expected a non-empty string (the tool's name from tools/list), got 42; $.params.arguments: expected an object, got array [1]",
      ],
    ];
    for (const [params, message] of cases) {
      await assert.rejects(
        client.request({ method: "tools/call", params } as never, CallToolResultSchema),
        (error: unknown) => {
          assert.ok(error instanceof McpError);
          assert.equal(error.code, -32602);
          assert.equal(error.message, `MCP error -32602: ${message}`);
          return true;
        },
      );
    }
  });

  it("answers an unknown tool with -32602 naming the tools, and one prefix", async () => {
    await assert.rejects(
      client.callTool({ name: "DemoTool_ech", arguments: {} }),
      (error: unknown) => {
        assert.ok(error instanceof McpError);
        assert.equal(error.code, -32602);
        assert.match(
          error.message,
          /^MCP error -32602: Tool "DemoTool_ech" not found\. Available tools, most similar first: DemoTool_echo, /,
        );
        assert.doesNotMatch(error.message, /MCP error -32602: MCP error/);
        return true;
      },
    );
    await assert.rejects(
      client.readResource({ uri: "toolwright://memory/TaskMemory/nope" }),
      (error: unknown) => {
        assert.ok(error instanceof McpError);
        assert.equal(
          error.message,
          "MCP error -32602: Resource not found: toolwright://memory/TaskMemory/nope",
        );
        return true;
      },
    );
  });
});

describe("serveMcp HTTP options", () => {
  const toolbox = new Toolbox([new DemoTool()]);

  it("refuses a host beyond loopback without a token (McpConfigError naming token)", async () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.com"]) {
      await assert.rejects(serveMcp(toolbox, { transport: "http", host }), (error: unknown) => {
        assert.ok(error instanceof McpConfigError);
        assert.equal(error.option, "token");
        assert.match(error.message, /"token" is required when "host" is not a loopback address/);
        return true;
      });
    }
  });

  it("tells loopback hosts from the rest", () => {
    for (const host of [
      "127.0.0.1",
      "127.8.9.10",
      "localhost",
      "LOCALHOST",
      "::1",
      "[::1]",
      "::ffff:127.0.0.1",
    ]) {
      assert.equal(isLoopbackHost(host), true, host);
    }
    for (const host of [
      "0.0.0.0",
      "::",
      "[::]",
      "10.0.0.1",
      "example.com",
      "localhost.example",
      "128.0.0.1",
    ]) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });

  it("checks the timeouts", async () => {
    await assert.rejects(
      serveMcp(toolbox, { transport: "http", headersTimeoutMs: 0 }),
      /"headersTimeoutMs" must be a whole number of milliseconds from 1 to 2147483647; got a number \(0\)/,
    );
    await assert.rejects(
      serveMcp(toolbox, { transport: "http", bodyTimeoutMs: 2 ** 31 }),
      /"bodyTimeoutMs" must be a whole number of milliseconds/,
    );
  });
});
