import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { listTypeScriptFiles, readImportGraph } from "./import-graph.js";
import { entryFiles, unreachableFiles } from "./reachability.js";
import { writeProject } from "./synthetic-project.js";

const root = new URL("../..", import.meta.url).pathname;

describe("reachability: a module outside test/, bench/, examples/ and scripts/ is one something runs", () => {
  it("every such module of this package is reached from package.json's exports, bin or scripts", () => {
    const graph = readImportGraph(root, listTypeScriptFiles(root));
    assert.deepEqual(
      unreachableFiles(graph, entryFiles(root)),
      [],
      "modules nothing imports: remove them, or import them from where they are used",
    );
  });

  it("follows imports of every kind and lists what nothing reaches", () => {
    const { root: project, remove } = writeProject({
      "package.json": JSON.stringify({
        name: "demo",
        exports: {
          ".": "./dist/index.js",
          "./extra": { types: "./dist/extra.d.ts", default: "./dist/extra.js" },
        },
        bin: { demo: "./dist/cli.js" },
        scripts: {
          bench: "node --import tsx bench/run.ts",
          test: 'node --import tsx --test "test/**/*.test.ts"',
        },
      }),
      "src/index.ts": [
        'import type { Shape } from "./shape.js";',
        'export const later = (): Promise<unknown> => import("./lazy.js");',
        "export const shape: Shape = {};",
      ].join("\n"),
      "src/shape.ts": "export interface Shape {}",
      "src/lazy.ts": [
        'import { siblingModuleUrl } from "./sibling.js";',
        'export const child = siblingModuleUrl(import.meta.url, "child");',
        'export const worker = new URL("./worker.js", import.meta.url);',
      ].join("\n"),
      "src/sibling.ts":
        "export const siblingModuleUrl = (base: string, name: string): URL => new URL(name, base);",
      "src/child.ts": "export {};",
      "src/worker.ts": "export {};",
      "src/extra.ts": 'export { again } from "./again.js";',
      "src/again.ts": "export const again = 1;",
      "src/cli.ts": 'import "demo/extra";',
      "src/orphan.ts": 'import "./shape.js";',
      "src/test-only.ts": "export {};",
      "src/bench-only.ts": "export {};",
      "bench/run.ts": 'import "../src/bench-only.js";',
      "bench/unused.ts": "export {};",
      "test/a.test.ts": 'import "../src/test-only.js";',
      "scratch.ts": 'import "./src/index.js";',
    });
    try {
      const graph = readImportGraph(project, listTypeScriptFiles(project));
      assert.deepEqual(unreachableFiles(graph, entryFiles(project)), [
        "scratch.ts",
        "src/orphan.ts",
        "src/test-only.ts",
      ]);
    } finally {
      remove();
    }
  });
});
