import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { bin, cliEnv, root } from "./run-cli.js";

export function serveCases(fixtures: () => string): void {
  it("serve [module]: stdio MCP for a module's tools, stopping when the client leaves", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "serve", join(fixtures(), "tools.ts"), "--db", join(fixtures(), "serve.db")],
      cwd: root,
      env: cliEnv() as Record<string, string>,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "cli-test", version: "1.0.0" });
    await client.connect(transport);
    const result = await client.callTool({
      name: "GreeterTool_greet",
      arguments: { name: "Cy" },
    });
    assert.deepEqual(result.content, [{ type: "text", text: "Hello, Cy!" }]);
    const stored = await client.callTool({
      name: "ReportTool_report",
      arguments: { topic: "tides" },
    });
    const link = (stored.content as { type: string; uri?: string }[]).find(
      (block) => block.type === "resource_link",
    );
    const read = await client.readResource({ uri: String(link?.uri) });
    const [contents] = read.contents as { text?: string }[];
    assert.match(String(contents?.text), /^Report on tides\./);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
    });
    await client.close();
    await closed;
    assert.match(stderr, /toolwright MCP server on stdio · 5 tools from .*tools\.ts/);
    assert.match(stderr, /^greeting Cy$/m, "a tool's console.log goes to stderr, not the protocol");
    assert.match(stderr, /server stopped/);
  });

  it("serve --http --port 0 --token: Streamable HTTP with a bearer token, until SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [bin, "serve", "--http", "--port", "0", "--db", join(fixtures(), "http.db")],
      {
        cwd: root,
        env: cliEnv({ TOOLWRIGHT_TOKEN: "cli-t0ken" }),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (found !== null) resolve(found[1] as string);
      });
      child.once("exit", () => reject(new Error(`serve exited early: ${stderr}`)));
    });
    assert.match(stderr, /13 tools from built-in tools · bearer token required/);
    const refused = await fetch(url, { method: "POST", body: "{}" });
    assert.equal(refused.status, 401);
    const client = new Client({ name: "cli-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: "Bearer cli-t0ken" } },
      }),
    );
    const result = await client.callTool({
      name: "DateTimeTool_get_datetime_diff",
      arguments: { start_datetime: "2024-01-01T00:00:00", end_datetime: "2024-01-02T02:00:00" },
    });
    assert.deepEqual(result.content, [{ type: "text", text: "1 day, 2:00:00" }]);
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    assert.equal(stdout, "", "nothing but the protocol may use stdout");
    assert.match(stderr, /server stopped/);
  });
}
