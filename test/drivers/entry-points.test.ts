// What package.json promises about the entry points, read without a build; what the built entries
// load (the root's module budget, the SDKs on first request, Node 20) is entry-points.integration.ts.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "node:test";

const root = new URL("../..", import.meta.url).pathname;

describe("entry points in the manifest", () => {
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
