import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { join, relative } from "node:path";
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

  it("exports each subpath with types, the SDKs as optional peers", async () => {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
    for (const name of ["openai", "anthropic", "gemini", "ollama", "testing"]) {
      assert.deepEqual(manifest.exports[`./${name}`], {
        types: `./dist/${name}.d.ts`,
        default: `./dist/${name}.js`,
      });
    }
    for (const sdk of ["openai", "@anthropic-ai/sdk", "@google/genai", "ollama"]) {
      assert.equal(typeof manifest.peerDependencies[sdk], "string", sdk);
      assert.deepEqual(manifest.peerDependenciesMeta[sdk], { optional: true });
      assert.equal(typeof manifest.devDependencies[sdk], "string", `${sdk} is installed for tests`);
      assert.equal(manifest.dependencies[sdk], undefined, `${sdk} must not be a hard dependency`);
    }
  });
});
