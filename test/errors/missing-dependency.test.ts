// The optional SDKs really missing: the package is built into a temporary folder whose node_modules
// links every installed package except the SDKs, and each feature that needs one must name it.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { MissingDependencyError } from "../../src/index.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const optional = [
  "openai",
  "@anthropic-ai/sdk",
  "@google/genai",
  "ollama",
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/client",
  "ioredis",
  "bullmq",
  "quickjs-emscripten",
];

/** Links every package of the project's node_modules into `target`, but the optional SDKs. */
async function linkPackagesExceptOptional(target: string): Promise<void> {
  const source = join(root, "node_modules");
  await mkdir(target);
  for (const entry of await readdir(source)) {
    if (entry.startsWith(".")) continue;
    if (!entry.startsWith("@")) {
      if (!optional.includes(entry)) await symlink(join(source, entry), join(target, entry));
      continue;
    }
    await mkdir(join(target, entry));
    for (const scoped of await readdir(join(source, entry))) {
      const name = `${entry}/${scoped}`;
      if (!optional.includes(name)) await symlink(join(source, name), join(target, name));
    }
  }
}

type Module = Record<string, new (...args: never[]) => object> & {
  serveMcp: (toolbox: object, options?: object) => Promise<unknown>;
};

describe("a missing optional package", () => {
  let out: string;
  const load = (entry: string) =>
    import(pathToFileURL(join(out, "dist", entry)).href) as Promise<Module>;

  before(async () => {
    // Outside the project, so that nothing resolves from the project's own node_modules.
    out = await mkdtemp(join(tmpdir(), "toolwright-missing-"));
    await run(process.execPath, [
      tsc,
      "-p",
      join(root, "tsconfig.build.json"),
      "--outDir",
      join(out, "dist"),
    ]);
    await copyFile(join(root, "package.json"), join(out, "package.json"));
    await linkPackagesExceptOptional(join(out, "node_modules"));
  });
  after(async () => {
    await rm(out, { recursive: true, force: true });
  });

  const expectMissing = async (packageName: string, subject: string, use: () => unknown) => {
    await assert.rejects(
      async () => use(),
      (error: unknown) => {
        assert.ok(MissingDependencyError.isInstance(error), String(error));
        assert.equal(error.code, "missing_dependency");
        assert.equal(error.packageName, packageName);
        assert.equal(
          error.message,
          `${subject} needs the optional package "${packageName}": npm install ${packageName}`,
        );
        return true;
      },
    );
  };

  it("every entry still imports, and the root entry works", async () => {
    const index = await load("index.js");
    for (const entry of [
      "tools.js",
      "memory.js",
      "memory-sqlite.js",
      "memory-redis.js",
      "agent.js",
      "openai.js",
      "anthropic.js",
      "gemini.js",
      "ollama.js",
      "mcp.js",
      "testing.js",
      "queue.js",
      "code-mode.js",
    ]) {
      await load(entry);
    }
    const { Toolbox } = index;
    const { CalculatorTool } = await load("tools.js");
    assert.ok(Toolbox !== undefined && CalculatorTool !== undefined);
    new (Toolbox as unknown as new (tools: object[]) => object)([
      new (CalculatorTool as unknown as new () => object)(),
    ]);
  });

  it("a prompt driver names its SDK and the install command when constructed", async () => {
    const options = { model: "m", apiKey: "k" };
    const cases = [
      ["openai.js", "OpenAIChatPromptDriver", "openai"],
      ["openai.js", "OpenAIResponsesPromptDriver", "openai"],
      ["anthropic.js", "AnthropicPromptDriver", "@anthropic-ai/sdk"],
      ["gemini.js", "GeminiPromptDriver", "@google/genai"],
      ["ollama.js", "OllamaPromptDriver", "ollama"],
    ] as const;
    for (const [entry, driver, packageName] of cases) {
      const Driver = (await load(entry))[driver] as new (options: object) => object;
      await expectMissing(packageName, driver, () => new Driver(options));
    }
  });

  it("a driver given a ready client is constructed; its first request names the SDK", async () => {
    const { OpenAIChatPromptDriver } = await load("openai.js");
    const Driver = OpenAIChatPromptDriver as new (
      options: object,
    ) => {
      generate(request: object): Promise<unknown>;
    };
    const driver = new Driver({ model: "m", client: {} });
    await expectMissing("openai", "OpenAIChatPromptDriver", () =>
      driver.generate({ messages: [{ role: "user", content: "hi" }] }),
    );
  });

  it("serveMcp and McpTool.connect name the MCP SDK; RedisArtifactStore names ioredis", async () => {
    const { Toolbox } = await load("index.js");
    const { CalculatorTool } = await load("tools.js");
    const { RedisArtifactStore } = await load("memory-redis.js");
    const { serveMcp, McpTool } = await load("mcp.js");
    const toolbox = new (Toolbox as unknown as new (tools: object[]) => object)([
      new (CalculatorTool as unknown as new () => object)(),
    ]);
    await expectMissing("@modelcontextprotocol/sdk", "serveMcp", () =>
      serveMcp(toolbox, { transport: "stdio" }),
    );
    const connect = (McpTool as unknown as { connect(target: object): Promise<unknown> }).connect;
    await expectMissing("@modelcontextprotocol/client", "McpTool.connect", () =>
      connect({ command: "no-such-server" }),
    );
    const Store = RedisArtifactStore as new (options: object) => object;
    await expectMissing("ioredis", "RedisArtifactStore", () => new Store({ url: "redis://h" }));
  });

  it("codeMode and an agent in code mode name quickjs-emscripten", async () => {
    const { Toolbox } = await load("index.js");
    const { codeMode } = (await load("code-mode.js")) as unknown as {
      codeMode: (toolbox: object) => unknown;
    };
    const Agent = (await load("agent.js")).Agent as unknown as new (options: object) => object;
    const toolbox = new (Toolbox as unknown as new (tools: object[]) => object)([]);
    await expectMissing("quickjs-emscripten", "codeMode", () => codeMode(toolbox));
    const driver = {
      specificationVersion: "v1",
      generate: () => undefined,
      dialect: "openai-chat",
    };
    await expectMissing(
      "quickjs-emscripten",
      "codeMode",
      () => new Agent({ driver, toolbox, codeMode: true }),
    );
  });

  it("startWorker and new QueueToolbox name bullmq", async () => {
    const { Toolbox } = await load("index.js");
    const { CalculatorTool } = await load("tools.js");
    const { QueueToolbox, startWorker } = (await load("queue.js")) as unknown as {
      QueueToolbox: new (tools: object[], options: object) => object;
      startWorker: (toolbox: object, options: object) => Promise<unknown>;
    };
    const calculator = () => new (CalculatorTool as unknown as new () => object)();
    const toolbox = new (Toolbox as unknown as new (tools: object[]) => object)([calculator()]);
    const connection = "redis://127.0.0.1:1";
    await expectMissing("bullmq", "startWorker", () => startWorker(toolbox, { connection }));
    await expectMissing(
      "bullmq",
      "QueueToolbox",
      () => new QueueToolbox([calculator()], { connection }),
    );
  });
});
