import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ErrorArtifact, McpConfigError, McpConnectionError, Toolbox } from "../../src/index.js";
import { McpTool } from "../../src/mcp.js";

const root = new URL("../..", import.meta.url).pathname;
const oddServer = new URL("./fixtures/odd-server.ts", import.meta.url).pathname;
const odd = (...extra: string[]) => ({
  command: process.execPath,
  args: ["--import", "tsx", oddServer, ...extra],
  cwd: root,
});

describe("McpTool names, failures and lifecycle (a server on the SDK's McpServer)", () => {
  let tool: McpTool;
  before(async () => {
    tool = await McpTool.connect(odd());
  });
  after(async () => {
    await tool.close();
  });

  it("rewrites names toolwright cannot use, reversibly, and calls the server by its own name", async () => {
    const names = tool.activities().map((activity) => activity.name);
    assert.equal(tool.name, "odd-server");
    const weather = names.find((name) => name.startsWith("get_weather_"));
    const slash = names.find((name) => name.startsWith("a_b_"));
    assert.ok(weather !== undefined && slash !== undefined, names.join(", "));
    assert.ok(names.includes("a_b"), "a name the server already uses is kept as it is");
    assert.equal(tool.serverToolName(weather), "get weather?");
    assert.equal(tool.serverToolName(slash), "a/b");
    assert.equal((await tool.run(weather, { city: "Lima" })).toText(), "sunny in Lima");
    assert.equal((await tool.run(slash, {})).toText(), "slash ok");
    assert.equal((await tool.run("a_b", {})).toText(), "underscore ok");
    const toolbox = new Toolbox([tool]);
    const call = await toolbox.execute({
      name: toolbox.nativeName(tool, weather),
      arguments: { city: "Quito" },
    });
    assert.equal(call.artifact.toText(), "sunny in Quito");
  });

  it("answers a call that never returns with a timeout ErrorArtifact", async () => {
    const result = await tool.run("hang", {}, { timeoutMs: 100 });
    assert.ok(result instanceof ErrorArtifact);
    assert.equal(result.code, "timeout");
  });
});

describe("McpTool when the server dies", () => {
  it("gives an ErrorArtifact naming the server and its last words, not a hang", async () => {
    const tool = await McpTool.connect(odd());
    const result = await tool.run("crash", {});
    assert.ok(result instanceof ErrorArtifact);
    assert.equal(result.code, "mcp_server_closed");
    assert.match(
      result.value,
      /went away while "crash" was running \(the server closed the connection\)/,
    );
    assert.match(result.value, /odd-server: fatal error in crash/);
    const later = await tool.run("a_b", {});
    assert.ok(later instanceof ErrorArtifact);
    assert.equal(later.code, "mcp_server_closed");
    assert.match(later.value, /is not connected \(the server closed the connection\)/);
    await tool.close();
  });

  it("after close(), calls give an ErrorArtifact", async () => {
    const tool = await McpTool.connect(odd());
    await tool.close();
    const result = await tool.run("a_b", {});
    assert.ok(result instanceof ErrorArtifact);
    assert.match(result.value, /is not connected \(the tool was closed\)/);
  });
});

describe("McpTool.connect failures", () => {
  it("throws McpConnectionError for a command that does not exist", async () => {
    await assert.rejects(McpTool.connect({ command: "no-such-mcp-server-zz" }), (error) => {
      assert.ok(error instanceof McpConnectionError);
      assert.equal(error.server, "no-such-mcp-server-zz");
      assert.match(error.message, /cannot connect: .*ENOENT/);
      return true;
    });
  });

  it("throws McpConnectionError with the server's stderr when it exits at start", async () => {
    await assert.rejects(McpTool.connect(odd("--fail-at-start")), (error) => {
      assert.ok(error instanceof McpConnectionError);
      assert.match(error.stderr, /missing configuration, giving up/);
      assert.match(error.message, /odd-server\.ts --fail-at-start": cannot connect/);
      return true;
    });
  });

  it("throws McpConnectionError for a URL where nothing listens", async () => {
    await assert.rejects(
      McpTool.connect({ url: "http://127.0.0.1:9/mcp" }),
      /MCP server "http:\/\/127\.0\.0\.1:9\/mcp": cannot connect/,
    );
  });

  it("throws McpConfigError for a target that is neither", async () => {
    await assert.rejects(McpTool.connect({} as never), McpConfigError);
    await assert.rejects(McpTool.connect({ url: "ftp://x" }), /must be an http: or https: URL/);
    await assert.rejects(
      McpTool.connect(odd(), { connectTimeoutMs: -1 }),
      /"connectTimeoutMs" must be a whole number of milliseconds from 1 to 2,147,483,647/,
    );
  });
});
