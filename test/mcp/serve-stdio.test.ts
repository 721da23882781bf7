import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { serverCases } from "./server-cases.js";

const root = new URL("../..", import.meta.url).pathname;
const serverScript = new URL("./fixtures/stdio-server.ts", import.meta.url).pathname;

describe("serveMcp over stdio (the SDK's client, a real server process)", () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = "";

  before(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", serverScript],
      cwd: root,
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
  });
  after(async () => {
    await client.close();
  });

  serverCases(() => client);

  it("stops when the client hangs up (stdin ends)", async () => {
    const exited = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
    });
    await client.close();
    await exited;
    assert.match(stderr, /demo server closed/);
  });
});
