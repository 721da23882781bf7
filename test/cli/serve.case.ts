import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { create, stream, tasksClient } from "../mcp/fixtures/task-wire.js";
import {
  assertSees,
  assertSeesNothing,
  type ProbedClient,
  storeStatement,
} from "../mcp/fixtures/tenant-probe.js";
import { bin, cliEnv, expectCode, root, toolwright } from "./run-cli.js";

/** The environment without a token, so `serve --http` must make one. */
function tokenlessEnv(): NodeJS.ProcessEnv {
  const env = cliEnv();
  delete env.TOOLWRIGHT_TOKEN;
  return env;
}

/** A running `toolwright serve --http`: its URL once it printed it, its stderr so far, and a stop. */
interface Serving {
  readonly url: string;
  stderr(): string;
  stop(): Promise<number | null>;
}

async function startServe(args: readonly string[], cwd: string): Promise<Serving> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [bin, "serve", "--http", "--port", "0", ...args],
    { cwd, env: tokenlessEnv() },
  );
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      // The token line follows the URL line: wait for both when a token is generated.
      const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (
        found !== null &&
        (args.includes("--token") || /--token or TOOLWRIGHT_TOKEN\)/.test(stderr))
      ) {
        resolve(found[1] as string);
      }
    });
    child.once("exit", () => reject(new Error(`serve exited early: ${stderr}`)));
  });
  return {
    url,
    stderr: () => stderr,
    stop: () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    },
  };
}

async function connectWith(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "cli-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** A project folder with a git config a planted `core.fsmonitor` would turn into code execution. */
async function project(): Promise<{ dir: string; gitConfig: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "toolwright-serve-"));
  await mkdir(join(dir, ".git"));
  const gitConfig = "[core]\n\trepositoryformatversion = 0\n";
  await writeFile(join(dir, ".git", "config"), gitConfig);
  return { dir, gitConfig, dispose: () => rm(dir, { recursive: true, force: true }) };
}

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
    assert.match(
      stderr,
      /11 tools from built-in tools · files in .*\.toolwright\/files · 2 write activities hidden \(--allow-writes\) · bearer token required/,
    );
    assert.doesNotMatch(stderr, /cli-t0ken/, "a token the user chose is not echoed");
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

  it("serve --http without a token: generates one, prints it with the URL, refuses requests without it, hides writes", async () => {
    const folder = await project();
    const serving = await startServe([], folder.dir);
    try {
      const token = /clients must send: Authorization: Bearer ([A-Za-z0-9_-]+)$/m.exec(
        serving.stderr(),
      )?.[1];
      assert.ok(token !== undefined, serving.stderr());
      assert.equal(token.length, 43, "32 random bytes, base64url");
      for (const headers of [{}, { authorization: "Bearer not-it" }]) {
        const refused = await fetch(serving.url, { method: "POST", headers, body: "{}" });
        assert.equal(refused.status, 401);
      }
      const client = await connectWith(serving.url, token);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.ok(names.includes("FileManagerTool_list_files_from_disk"));
      assert.ok(!names.includes("FileManagerTool_save_content_to_file"));
      assert.ok(!names.includes("FileManagerTool_save_memory_artifacts_to_disk"));
      await assert.rejects(
        client.callTool({
          name: "FileManagerTool_save_content_to_file",
          arguments: { path: "../.git/config", content: "[core]\n\tfsmonitor = touch pwned\n" },
        }),
        (error: unknown) => error instanceof McpError && error.code === -32602,
      );
      await client.close();
      assert.ok(existsSync(join(folder.dir, ".toolwright", "files")), "the dedicated folder");
    } finally {
      assert.equal(await serving.stop(), 0);
      await folder.dispose();
    }
  });

  it("serve --http --allow-writes: FileManager writes stay inside .toolwright/files", async () => {
    const folder = await project();
    const serving = await startServe(["--allow-writes", "--token", "cli-t0ken"], folder.dir);
    try {
      assert.match(serving.stderr(), /13 tools from built-in tools · files in /);
      const client = await connectWith(serving.url, "cli-t0ken");
      const planted = "[core]\n\tfsmonitor = touch pwned\n";
      const escaped = await client.callTool({
        name: "FileManagerTool_save_content_to_file",
        arguments: { path: "../.git/config", content: planted },
      });
      assert.equal(escaped.isError, true);
      const inside = await client.callTool({
        name: "FileManagerTool_save_content_to_file",
        arguments: { path: ".git/config", content: planted },
      });
      assert.notEqual(inside.isError, true);
      await client.close();
      assert.equal(await readFile(join(folder.dir, ".git", "config"), "utf8"), folder.gitConfig);
      assert.equal(
        await readFile(join(folder.dir, ".toolwright", "files", ".git", "config"), "utf8"),
        planted,
      );
    } finally {
      assert.equal(await serving.stop(), 0);
      await folder.dispose();
    }
  });

  it("serve --http: a 2026-07-28 client's bank statement stays its own; a 2025-11-25 session with the same token sees nothing", async () => {
    const folder = await project();
    const token = "cli-tenant-t0ken";
    const serving = await startServe([join(fixtures(), "bank.ts"), "--token", token], folder.dir);
    const modern = new ClientV2(
      { name: "v2", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    const requestInit = { headers: { authorization: `Bearer ${token}` } };
    try {
      await modern.connect(new TransportV2(new URL(serving.url), { requestInit }));
      const session = await connectWith(serving.url, token);
      const stored = await storeStatement(modern as unknown as ProbedClient);
      await assertSees(modern as unknown as ProbedClient, stored);
      await assertSeesNothing(session as unknown as ProbedClient, stored);
      await session.close();
    } finally {
      await modern.close();
      assert.equal(await serving.stop(), 0);
      await folder.dispose();
    }
  });

  it("serve --http: a task-marked activity runs as a task for 2026-07-28 and 2025-11-25 clients", async () => {
    const folder = await project();
    const token = "cli-tasks-t0ken";
    const serving = await startServe([join(fixtures(), "tasks.ts"), "--token", token], folder.dir);
    const modern = await tasksClient(serving.url, { bearer: token });
    const session = await connectWith(serving.url, token);
    try {
      const created = (await create(serving.url, "SurveyTool_survey", {}, { bearer: token }))
        .result;
      assert.equal(created?.resultType, "task");
      const done = await modern.until(String(created?.taskId), "completed", "failed");
      assert.equal(done.result?.content[0]?.text, "surveyed");
      await session.listTools();
      const messages = await stream(session, "SurveyTool_survey", {});
      assert.equal(messages[0]?.type, "taskCreated");
      assert.deepEqual(messages.at(-1)?.result?.content, [{ type: "text", text: "surveyed" }]);
    } finally {
      await modern.client.close();
      await session.close();
      assert.equal(await serving.stop(), 0);
      await folder.dispose();
    }
  });

  it("serve refuses a host beyond loopback without a token, and flags that do not apply", async () => {
    const env = tokenlessEnv();
    const wide = expectCode(await toolwright(["serve", "--http", "--host", "0.0.0.0"], { env }), 2);
    assert.match(
      wide.stderr,
      /--host 0\.0\.0\.0 lets other machines reach the server: set the token they must send with --token or TOOLWRIGHT_TOKEN/,
    );
    const stdioWrites = expectCode(await toolwright(["serve", "--allow-writes"], { env }), 2);
    assert.match(stdioWrites.stderr, /--allow-writes applies to --http/);
    const moduleFiles = expectCode(
      await toolwright(["serve", join(fixtures(), "tools.ts"), "--files", "x"], { env }),
      2,
    );
    assert.match(moduleFiles.stderr, /--files sets the root of the built-in FileManagerTool/);
  });

  it("serve --http refuses a short token and one with spaces, from the flag or the environment, as inspect does", async () => {
    const env = tokenlessEnv();
    const runs = [
      await toolwright(["serve", "--http", "--token", "short"], { env }),
      await toolwright(["serve", "--http", "--token", "has a space"], { env }),
      await toolwright(["serve", "--http"], { env: { ...env, TOOLWRIGHT_TOKEN: "tab\tinside" } }),
    ];
    for (const run of runs) {
      assert.match(
        expectCode(run, 2).stderr,
        /--token must be 8 or more characters without spaces/,
      );
    }
  });
}
