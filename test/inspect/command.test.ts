// `toolwright inspect` as a command: a child process on the sources (through tsx) that prints its
// address with a fresh token and serves until SIGTERM, and the flags it refuses in-process.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, it } from "node:test";
import { main } from "../../src/cli/main.js";
import { startRedis } from "../fixtures/redis-server.js";
import { type InspectCommand, root, runInspectCommand } from "./harness.js";

const demo = join(root, "test", "inspect", "fixtures", "demo-tools.ts");

async function inProcess(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = "";
  stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await main(args, { stdin: Readable.from([""]), stdout, stderr });
  return { code, stderr: err };
}

describe("toolwright inspect, the command", () => {
  it("prints its address with a generated token, serves a module's tools and memory, stops on SIGTERM", async () => {
    const dir = await mkdtemp(join(tmpdir(), "toolwright-inspect-"));
    const command = await runInspectCommand([demo, "--db", join(dir, "m.db")]);
    try {
      const { url } = command;
      assert.match(
        command.stderr(),
        /6 tools, 9 activities from .*demo-tools\.ts · memory: .*m\.db/,
      );
      const token = new URL(url).searchParams.get("token") ?? "";
      assert.ok(token.length >= 40, "32 random bytes");
      const origin = new URL(url).origin;
      assert.equal((await fetch(url)).status, 200);
      assert.equal((await fetch(`${origin}/api/tools`)).status, 401);
      const headers = { Authorization: `Bearer ${token}` };
      const ran = await fetch(`${origin}/api/try`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "ReportTool_report",
          arguments: { company: "ACME" },
          run: true,
        }),
      });
      assert.equal(ran.status, 200);
      const memory = (await (await fetch(`${origin}/api/memory`, { headers })).json()) as {
        namespaces: { source: string }[];
      };
      assert.deepEqual(
        memory.namespaces.map((entry) => entry.source),
        ["ReportTool.report"],
        "stored in the --db file the command was given",
      );
      command.kill("SIGTERM");
      assert.equal(await command.exited, 0);
      assert.match(command.stderr(), /inspector stopped/);
    } finally {
      command.kill("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("--redis puts the tools' task memory in Redis, and the Memory view reads it there", async () => {
    const redis = await startRedis();
    let command: InspectCommand | undefined;
    try {
      command = await runInspectCommand([demo, "--redis", redis.url]);
      assert.match(command.stderr(), /memory: redis:\/\/127\.0\.0\.1:\d+/);
      const { origin, searchParams } = new URL(command.url);
      const headers = { Authorization: `Bearer ${searchParams.get("token")}` };
      await fetch(`${origin}/api/try`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "ReportTool_report",
          arguments: { company: "Umbrella" },
          run: true,
        }),
      });
      const search = (await (
        await fetch(`${origin}/api/memory/search?q=umbrella`, { headers })
      ).json()) as { hits: { text: string }[] };
      assert.match(search.hits[0]?.text ?? "", /^Umbrella annual report\./);
      command.kill("SIGTERM");
      assert.equal(await command.exited, 0);
    } finally {
      command?.kill("SIGKILL");
      await redis.stop();
    }
  });

  it("refuses a non-loopback --host without --token, a short token, and --db with --redis (exit 2)", async () => {
    const env = process.env.TOOLWRIGHT_TOKEN;
    delete process.env.TOOLWRIGHT_TOKEN;
    try {
      const wide = await inProcess(["inspect", "--host", "0.0.0.0"]);
      assert.equal(wide.code, 2);
      assert.match(
        wide.stderr,
        /--host 0\.0\.0\.0 lets other machines reach the inspector: set the token/,
      );
      const short = await inProcess(["inspect", "--token", "abc"]);
      assert.equal(short.code, 2);
      assert.match(short.stderr, /--token must be 8 or more characters/);
      const both = await inProcess(["inspect", "--db", "x.db", "--redis", "redis://127.0.0.1:1"]);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /--db and --redis both name the task memory/);
      const help = await inProcess(["inspect", "--help"]);
      assert.equal(help.code, 0);
    } finally {
      if (env !== undefined) process.env.TOOLWRIGHT_TOKEN = env;
    }
  });
});
