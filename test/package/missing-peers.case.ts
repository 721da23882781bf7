// The package without any of its optional peers, as a user installs it (the tarball in a consumer
// project whose node_modules has every other package): every entry imports, each feature that
// needs peers names all of its missing ones in one MissingDependencyError with one `npm install`
// line, and so does each CLI command (exit 2), before it does anything.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { promisify } from "node:util";
import { type PackedPackage, root } from "../fixtures/packed-package.js";

const exec = promisify(execFile);

/** The package's optional peers, from its package.json. */
async function optionalPeers(): Promise<Set<string>> {
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as {
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
  };
  const meta = Object.entries(manifest.peerDependenciesMeta);
  return new Set(meta.filter(([, value]) => value.optional === true).map(([name]) => name));
}

/** A consumer with the tarball installed and every package of this checkout but the optional peers. */
async function consumerWithoutPeers(packed: PackedPackage): Promise<string> {
  const peers = await optionalPeers();
  const consumer = await mkdtemp(join(tmpdir(), "toolwright-no-peers-"));
  const modules = join(consumer, "node_modules");
  await mkdir(modules);
  await exec("tar", ["-xzf", packed.tarball, "-C", modules]);
  await exec("mv", [join(modules, "package"), join(modules, "toolwright")]);
  const source = join(root, "node_modules");
  for (const entry of await readdir(source)) {
    if (entry.startsWith(".") || entry === "toolwright" || peers.has(entry)) continue;
    if (!entry.startsWith("@")) {
      await symlink(join(source, entry), join(modules, entry));
      continue;
    }
    await mkdir(join(modules, entry));
    for (const scoped of await readdir(join(source, entry))) {
      const name = `${entry}/${scoped}`;
      if (!peers.has(name)) await symlink(join(source, name), join(modules, name));
    }
  }
  await writeFile(join(consumer, "package.json"), '{ "name": "consumer", "type": "module" }\n');
  await copyFile(new URL("peers-probe.mjs", import.meta.url), join(consumer, "probe.mjs"));
  await writeFile(join(consumer, "tools.ts"), "export {};\n");
  return consumer;
}

interface Thrown {
  readonly name: string;
  readonly code?: string;
  readonly message: string;
  readonly packageNames?: readonly string[];
}

const langchain = ["@langchain/core", "langchain"];
/** What each use must name: its subject and every package it needs. */
const needs: Record<string, readonly [subject: string, packages: readonly string[]]> = {
  toAiSdkTools: ["toAiSdkTools", ["ai"]],
  toLangChainTools: ["toLangChainTools", langchain],
  toolwrightMiddleware: ["toolwrightMiddleware", langchain],
  toolwrightApproval: ["toolwrightApproval", langchain],
  ToolwrightStructuredTool: ["ToolwrightStructuredTool", langchain],
  toMastraTools: ["toMastraTools", ["@mastra/core"]],
  toOpenAIAgentsTools: ["toOpenAIAgentsTools", ["@openai/agents-core"]],
  QueueToolbox: ["QueueToolbox", ["bullmq", "ioredis"]],
  startWorker: ["startWorker", ["bullmq", "ioredis"]],
  serveMcp: ["serveMcp", ["@modelcontextprotocol/server"]],
  "McpTool.connect": ["McpTool.connect", ["@modelcontextprotocol/client"]],
  RedisArtifactStore: ["RedisArtifactStore", ["ioredis"]],
  codeMode: ["codeMode", ["quickjs-emscripten"]],
  "Agent with codeMode": ["codeMode", ["quickjs-emscripten"]],
  OpenAIChatPromptDriver: ["OpenAIChatPromptDriver", ["openai"]],
  OpenAIResponsesPromptDriver: ["OpenAIResponsesPromptDriver", ["openai"]],
  AnthropicPromptDriver: ["AnthropicPromptDriver", ["@anthropic-ai/sdk"]],
  GeminiPromptDriver: ["GeminiPromptDriver", ["@google/genai"]],
  OllamaPromptDriver: ["OllamaPromptDriver", ["ollama"]],
  OpenAIEmbeddingDriver: ["OpenAIEmbeddingDriver", ["openai"]],
  GeminiEmbeddingDriver: ["GeminiEmbeddingDriver", ["@google/genai"]],
  OllamaEmbeddingDriver: ["OllamaEmbeddingDriver", ["ollama"]],
  "GeminiEmbeddingDriver with a client, first request": [
    "GeminiEmbeddingDriver",
    ["@google/genai"],
  ],
  "OpenAIChatPromptDriver with a client, first request": ["OpenAIChatPromptDriver", ["openai"]],
};

/** The one message a MissingDependencyError has for these packages. */
function missingMessage(subject: string, packages: readonly string[]): string {
  const quoted = packages.map((name) => `"${name}"`);
  const listed =
    quoted.length === 1
      ? `the optional package ${quoted[0]}`
      : `the optional packages ${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
  return `${subject} needs ${listed}: npm install ${packages.join(" ")}`;
}

export function missingPeersCases(packed: () => PackedPackage): void {
  let consumer = "";
  let probe: { imported: Record<string, string>; thrown: Record<string, Thrown | string> };
  before(async () => {
    consumer = await consumerWithoutPeers(packed());
    const { stdout } = await exec(process.execPath, ["probe.mjs"], { cwd: consumer });
    probe = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
  });
  after(async () => {
    if (consumer !== "") await rm(consumer, { recursive: true, force: true });
  });

  const cli = async (args: readonly string[]) => {
    const bin = join(consumer, "node_modules", "toolwright", "dist", "cli", "bin.js");
    return exec(process.execPath, [bin, ...args], { cwd: consumer }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  };

  it("imports every entry of the package", () => {
    const failed = Object.entries(probe.imported).filter(([, outcome]) => outcome !== "ok");
    assert.deepEqual(failed, []);
    assert.ok(Object.keys(probe.imported).length >= 18);
  });

  it("names every missing package of a feature in one MissingDependencyError with one install line", () => {
    for (const [use, [subject, packages]] of Object.entries(needs)) {
      const thrown = probe.thrown[use];
      assert.ok(typeof thrown === "object", `${use}: ${String(thrown)}`);
      assert.deepEqual(
        { name: thrown.name, code: thrown.code, packageNames: thrown.packageNames },
        { name: "MissingDependencyError", code: "missing_dependency", packageNames: packages },
        use,
      );
      assert.equal(thrown.message, missingMessage(subject, packages), use);
    }
  });

  it("stops each CLI command at once naming every package it needs, exit 2", async () => {
    const commands: [readonly string[], string, readonly string[]][] = [
      [["worker"], "toolwright worker", ["bullmq", "ioredis"]],
      [["worker", "tools.ts"], "toolwright worker", ["bullmq", "ioredis", "tsx"]],
      [["serve", "tools.ts"], "toolwright serve", ["@modelcontextprotocol/server", "tsx"]],
      [
        ["serve", "tools.ts", "--http"],
        "toolwright serve",
        ["@modelcontextprotocol/server", "@modelcontextprotocol/node", "tsx"],
      ],
      [
        ["mcp", "login", "http://127.0.0.1:1/mcp", "--no-browser"],
        "toolwright mcp login",
        ["@modelcontextprotocol/client"],
      ],
      [
        ["inspect", "--redis", "redis://127.0.0.1:1", "--no-open"],
        "toolwright inspect",
        ["ioredis"],
      ],
    ];
    for (const [args, subject, packages] of commands) {
      const { code, stderr } = await cli(args);
      assert.equal(code, 2, `${args.join(" ")}: ${stderr}`);
      assert.equal(stderr.trim(), `toolwright: ${missingMessage(subject, packages)}`);
    }
  });
}
