import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { listTypeScriptFiles, readImportGraph } from "./import-graph.js";
import { layerViolations, renderLayerRules, renderLayerTable, unusedExceptions } from "./layers.js";
import { writeProject } from "./synthetic-project.js";

const root = new URL("../..", import.meta.url).pathname;

describe("layers: src/ imports only from its own layer or a lower one", () => {
  it("holds for every import of src/, types included; each exception is still needed", () => {
    const graph = readImportGraph(root, listTypeScriptFiles(root, "src"));
    assert.deepEqual(unusedExceptions(graph), [], "exceptions no import needs: remove them");
    const violations = layerViolations(graph);
    assert.deepEqual(
      violations.map((v) => `${v.from}:${v.line} → ${v.to} (${v.fromLayer} → ${v.toLayer})`),
      [],
      "imports against the grain (docs/ARCHITECTURE.md, Layers)",
    );
  });

  it("fails on each import that went against the grain before, and on one the exceptions do not name", () => {
    const empty = "export {};";
    const { root: project, remove } = writeProject({
      "package.json": JSON.stringify({ name: "demo" }),
      "src/cli/check-report.ts": empty,
      "src/cli/lazy-sqlite-store.ts": empty,
      "src/calls/input-limits.ts": empty,
      "src/calls/repair.ts": empty,
      "src/schema/json.ts": empty,
      "src/memory/task-memory.ts": [
        'import { TaskMemoryTool } from "../tools/task-memory/task-memory-tool.js";',
        'import { provideDefaultTaskMemory } from "../toolbox/default-task-memory.js";',
      ].join("\n"),
      "src/tools/task-memory/task-memory-tool.ts": empty,
      "src/toolbox/default-task-memory.ts": empty,
      "src/inspect/dialect-comparison.ts":
        'import { dialectVariants } from "../cli/check-report.js";',
      "src/inspect/memory-views.ts":
        'import { LazySqliteStore } from "../cli/lazy-sqlite-store.js";',
      "src/tools/file-manager/file-manager-tool.ts":
        'import { formatBytes } from "../../calls/input-limits.js";',
      "src/tool/run-activity.ts": 'import type { Repair } from "../calls/repair.js";',
      // The exceptions let the `Tool` API name `TaskMemory`: by type, from the files listed.
      "src/tool/tool.ts": [
        'import { valueOverLimit } from "../calls/input-limits.js";',
        'import type { TaskMemory } from "../memory/task-memory.js";',
      ].join("\n"),
      "src/tool/tool-options.ts": 'import { TaskMemory } from "../memory/task-memory.js";',
      "src/tool/route-output.ts": 'import type { TaskMemory } from "../memory/task-memory.js";',
      "src/internal/copy-json-value.ts": 'import type { JsonValue } from "../schema/json.js";',
      // Down the layers: allowed.
      "src/toolbox/toolbox.ts": 'import type { Repair } from "../calls/repair.js";',
      "src/index.ts": 'export { TaskMemoryTool } from "./tools/task-memory/task-memory-tool.js";',
    });
    try {
      const violations = layerViolations(readImportGraph(project, listTypeScriptFiles(project)));
      assert.deepEqual(violations.map((v) => `${v.kind} ${v.from} → ${v.to}`).sort(), [
        "static src/inspect/dialect-comparison.ts → src/cli/check-report.ts",
        "static src/inspect/memory-views.ts → src/cli/lazy-sqlite-store.ts",
        "static src/memory/task-memory.ts → src/toolbox/default-task-memory.ts",
        "static src/memory/task-memory.ts → src/tools/task-memory/task-memory-tool.ts",
        "static src/tool/tool-options.ts → src/memory/task-memory.ts",
        "static src/tool/tool.ts → src/calls/input-limits.ts",
        "static src/tools/file-manager/file-manager-tool.ts → src/calls/input-limits.ts",
        "type src/internal/copy-json-value.ts → src/schema/json.ts",
        "type src/tool/route-output.ts → src/memory/task-memory.ts",
        "type src/tool/run-activity.ts → src/calls/repair.ts",
      ]);
    } finally {
      remove();
    }
  });

  it("docs/ARCHITECTURE.md shows the layers this test enforces", () => {
    const architecture = readFileSync(
      new URL("../../docs/ARCHITECTURE.md", import.meta.url),
      "utf8",
    );
    for (const block of [renderLayerTable(), renderLayerRules()]) {
      assert.ok(architecture.includes(block), `docs/ARCHITECTURE.md should hold:\n${block}`);
    }
  });
});
