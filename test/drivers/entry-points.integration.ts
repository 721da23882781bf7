// The built package's entry points (a whole tsc build, then a Node process per question), in
// `npm run test:integration`; the manifest's side runs in npm test (entry-points.test.ts).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { access, constants, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { delimiter, join, relative } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const recorder = join(root, "test", "fixtures", "record-imports.mjs");

const sdks = {
  openai: "/node_modules/openai/",
  anthropic: "/node_modules/@anthropic-ai/sdk/",
  gemini: "/node_modules/@google/genai/",
  ollama: "/node_modules/ollama/",
} as const;

const drivers: Record<keyof typeof sdks, string> = {
  openai: "OpenAIChatPromptDriver",
  anthropic: "AnthropicPromptDriver",
  gemini: "GeminiPromptDriver",
  ollama: "OllamaPromptDriver",
};

/** The module URLs a fresh Node process loads while running `script` (an ES module body). */
async function modulesLoadedBy(script: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [
    "--import",
    recorder,
    "--input-type=module",
    "-e",
    script,
  ]);
  return JSON.parse(stdout) as string[];
}

/**
 * Imports a provider entry and constructs its driver; with `request`, also sends one request, which
 * fails at once (a `fetch` that throws, no retries) as a connection error, after loading the SDK.
 */
function useDriver(entry: string, driver: string, request: boolean): string {
  return `
    const entry = await import(${JSON.stringify(entry)});
    const driver = new entry.${driver}({
      model: "m",
      apiKey: "k",
      maxRetries: 0,
      fetch: async () => { throw new TypeError("offline"); },
    });
    ${
      request
        ? `await driver.generate({ messages: [{ role: "user", content: "hi" }] }).catch((error) => {
      if (error.code !== "provider_connection_error") throw error;
    });`
        : ""
    }
  `;
}

/** A `node` binary older than 22.13 on this machine (these machines ship Node 20), if there is one. */
async function oldNode(): Promise<string | undefined> {
  const candidates = [
    ...(process.env.PATH ?? "").split(delimiter).map((directory) => join(directory, "node")),
    "/usr/local/bin/node",
    "/usr/bin/node",
  ];
  for (const candidate of new Set(candidates)) {
    try {
      await access(candidate, constants.X_OK);
      const { stdout } = await run(candidate, ["--version"]);
      const [major = 0, minor = 0] = stdout.trim().slice(1).split(".").map(Number);
      if (major < 22 || (major === 22 && minor < 13)) return candidate;
    } catch {
      // not there, or not runnable
    }
  }
  return undefined;
}

/** What a process prints on stderr and its exit code, without throwing on failure. */
async function runOld(node: string, args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(node, args);
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? "" };
  }
}

describe("entry points", () => {
  let dist: string;
  before(async () => {
    await mkdir(join(root, ".tmp"), { recursive: true });
    const out = await mkdtemp(join(root, ".tmp", "entries-"));
    dist = join(out, "dist");
    await run(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json"), "--outDir", dist]);
  });
  after(async () => {
    await rm(join(dist, ".."), { recursive: true, force: true });
  });

  it("the root entry loads no provider SDK", async () => {
    const loaded = await modulesLoadedBy(
      `await import(${JSON.stringify(join(dist, "index.js"))});`,
    );
    assert.ok(loaded.some((url) => url.endsWith("/dist/index.js")));
    for (const path of Object.values(sdks)) {
      assert.deepEqual(
        loaded.filter((url) => url.includes(path)),
        [],
        `the root entry pulled in ${path}`,
      );
    }
  });

  it("the root entry stays light: at most 155 modules, none of the batteries", async () => {
    const loaded = await modulesLoadedBy(
      `await import(${JSON.stringify(join(dist, "index.js"))});`,
    );
    // 150 before the core gained @resource/@prompt and the caller (context.log/elicit/sample/roots).
    assert.ok(loaded.length <= 155, `the root entry resolves ${loaded.length} modules`);
    const heavy = [
      "zod",
      "ajv",
      "nunjucks",
      "semver",
      "@hyperjump",
      "ioredis",
      "mathjs",
      "luxon",
      "chrono-node",
      "linkedom",
      "undici",
      "@modelcontextprotocol",
    ];
    for (const name of heavy) {
      assert.deepEqual(
        loaded.filter((url) => url.includes(`/node_modules/${name}`)),
        [],
        name,
      );
    }
    for (const builtin of [
      "node:sqlite",
      "node:child_process",
      "node:net",
      "node:dns",
      "node:worker_threads",
    ]) {
      assert.ok(!loaded.some((url) => url === builtin || url.startsWith(`${builtin}/`)), builtin);
    }
    for (const folder of ["/tools/", "/memory/", "/agent/", "/mcp/", "/cli/"]) {
      assert.deepEqual(
        loaded.filter((url) => url.includes(`/dist${folder}`)),
        [],
        folder,
      );
    }
  });

  it("loads ajv, nunjucks and semver when first needed, not before", async () => {
    const script = [
      `const { activity, Tool } = await import(${JSON.stringify(join(dist, "index.js"))});`,
      "class T extends Tool { static requirements = ['zod@^4'] }",
      "const method = () => 1;",
      // What `@activity` does at class definition, without the decorator syntax -e cannot parse.
      "const context = (name) => ({ kind: 'method', name, static: false, private: false, metadata: {}, access: { get: (o) => o[name] }, addInitializer() {} });",
      "const metadata = {};",
      "const apply = (config, name) => activity(config)(method, { ...context(name), metadata });",
      "apply({ description: 'plain', schema: { type: 'object', properties: { q: { type: 'string' } } } }, 'a');",
      "apply({ description: 'Hello {{ _self.name }}' }, 'b');",
      "new T().checkRequirements();",
    ].join("\n");
    const loaded = await modulesLoadedBy(script);
    for (const name of ["ajv", "ajv-formats", "nunjucks", "semver"]) {
      assert.ok(
        loaded.some((url) => url.includes(`/node_modules/${name}/`)),
        name,
      );
    }
  });

  it("a provider subpath loads its SDK on the driver's first request, and no other SDK", async () => {
    const runs = Object.entries(drivers).map(async ([name, driver]) => {
      const entry = join(dist, `${name}.js`);
      const [constructed, requested] = await Promise.all([
        modulesLoadedBy(useDriver(entry, driver, false)),
        modulesLoadedBy(useDriver(entry, driver, true)),
      ]);
      assert.ok(constructed.some((url) => url.endsWith(`/dist/${name}.js`)));
      for (const path of Object.values(sdks)) {
        assert.ok(!constructed.some((url) => url.includes(path)), `new ${driver} loaded ${path}`);
      }
      const own = sdks[name as keyof typeof sdks];
      assert.ok(
        requested.some((url) => url.includes(own)),
        `${driver}.generate did not load ${own}`,
      );
      for (const other of Object.values(sdks).filter((candidate) => candidate !== own)) {
        assert.ok(!requested.some((url) => url.includes(other)), `${name} also loaded ${other}`);
      }
    });
    await Promise.all(runs);
    const testing = await modulesLoadedBy(
      `await import(${JSON.stringify(join(dist, "testing.js"))});`,
    );
    for (const path of Object.values(sdks)) assert.ok(!testing.some((url) => url.includes(path)));
  });

  it("no declaration outside a provider folder names a provider SDK", async () => {
    const providerFolders = [
      "drivers/openai/",
      "drivers/anthropic/",
      "drivers/gemini/",
      "drivers/ollama/",
    ];
    const entries = ["openai.d.ts", "anthropic.d.ts", "gemini.d.ts", "ollama.d.ts"];
    const files = (await readdir(dist, { recursive: true })).filter((file) =>
      file.endsWith(".d.ts"),
    );
    assert.ok(files.includes("index.d.ts"));
    for (const file of files) {
      const path = relative(dist, join(dist, file));
      if (entries.includes(path) || providerFolders.some((folder) => path.startsWith(folder)))
        continue;
      const text = await readFile(join(dist, file), "utf8");
      assert.doesNotMatch(
        text,
        /from "(openai|@anthropic-ai\/sdk|@google\/genai|ollama)[/"]/,
        path,
      );
    }
  });

  it("on Node 20, every entry and the CLI say which Node they need, before anything fails", async (t) => {
    const node = await oldNode();
    if (node === undefined) {
      // CI machines ship Node 20, so there the check must run; a developer's machine may have no old Node.
      assert.ok(process.env.CI === undefined, "CI must have a Node older than 22.13 for this test");
      t.skip("no Node older than 22.13 on this machine");
      return;
    }
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as {
      exports: Record<string, string | { default: string }>;
    };
    const files = Object.values(manifest.exports)
      .filter((target) => typeof target === "object")
      .map((target) => join(dist, target.default.replace(/^\.\/dist\//, "")));
    assert.ok(files.length >= 12, "every subpath is checked");
    const needs =
      /^toolwright needs Node\.js 22\.13 or newer \(24 recommended\); this is Node\.js 2\d\.\d+\.\d+\. Run Node 24 without installing it: npx -y node@24 /;
    for (const file of files) {
      const { code, stderr } = await runOld(node, [
        "--input-type=module",
        "-e",
        `await import(${JSON.stringify(file)})`,
      ]);
      assert.notEqual(code, 0, file);
      // The uncaught error's message is the line; nothing else failed first (no link error, no stack
      // from deeper in toolwright or a dependency).
      const messages = stderr.split("\n").filter((line) => /^\w*Error\b/.test(line));
      assert.match(
        messages[0] ?? "",
        /^UnsupportedNodeError: toolwright needs/,
        `${file}:\n${stderr}`,
      );
      assert.match(messages[0]?.replace(/^UnsupportedNodeError: /, "") ?? "", needs, file);
      assert.doesNotMatch(stderr, /ERR_|SyntaxError|node:sqlite/, file);
    }
    for (const args of [["--version"], ["list"]]) {
      const { code, stderr } = await runOld(node, [join(dist, "cli", "bin.js"), ...args]);
      assert.equal(code, 1);
      assert.equal(stderr.trimEnd().split("\n").length, 1, stderr);
      assert.match(stderr, needs);
    }
  });
});
