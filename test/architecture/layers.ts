// The layers of src/, lowest first, and the rule docs/ARCHITECTURE.md states: a module imports only
// from its own layer or a lower one, types included; and the few rules beyond it, with their reasons.
import type { ImportGraph, ModuleReference } from "./import-graph.js";

/** One layer: the folders (ending in `/`) and files of src/ it holds, and what it is for. */
export interface Layer {
  readonly name: string;
  readonly paths: readonly string[];
  readonly job: string;
}

/** The layers, lowest first. The entries (the rest of `src/*.ts`) are the top layer. */
export const layers: readonly Layer[] = [
  {
    name: "helpers",
    paths: ["errors/", "internal/", "node-check.ts", "polyfill.ts"],
    job: "typed errors; helpers never exported; the Node check and `Symbol.metadata`",
  },
  { name: "schema", paths: ["schema/"], job: "JSON types, schema normalisation and validation" },
  { name: "artifacts", paths: ["artifacts/"], job: "what a tool call produces" },
  {
    name: "caller",
    paths: ["caller/"],
    job: "what a running method can ask of whoever called it (`log`, `elicit`, `sample`, `roots`), over any `Caller`",
  },
  {
    name: "core",
    paths: ["activity/", "declarations/", "tool/"],
    job: "`@activity`, `@resource`, `@prompt`, the `Tool` base class and its run pipeline (each names the other's types)",
  },
  { name: "memory", paths: ["memory/"], job: "Task Memory, its stores and its `TaskMemoryTool`" },
  {
    name: "decoding",
    paths: ["calls/", "dialects/", "formats/", "observe/"],
    job: "model calls decoded, dialects lowered, raw-text call formats, tool-call tracing",
  },
  {
    name: "receipts",
    paths: ["receipts/"],
    job: "call receipts and durable runs: their stores, call keys, what a call with a receipt does",
  },
  {
    name: "search",
    paths: ["search/"],
    job: "tool search: the BM25F index, rank fusion, embeddings, the search tool",
  },
  {
    name: "toolbox",
    paths: ["toolbox/"],
    job: "`Toolbox`: names, dialect cache, execute, batches",
  },
  {
    name: "tools and drivers",
    paths: ["tools/", "drivers/", "testing/"],
    job: "built-in tools, prompt drivers, `MockPromptDriver`",
  },
  {
    name: "agent, MCP, queue, adapters",
    paths: ["agent/", "code-mode/", "mcp/", "queue/", "adapters/"],
    job: "what runs a toolbox: the agent loop, code mode, MCP both ways, the worker fleet, framework adapters",
  },
  { name: "inspector", paths: ["inspect/"], job: "the `toolwright inspect` server" },
  { name: "CLI", paths: ["cli/"], job: "the `toolwright` command" },
  { name: "entries", paths: [""], job: "the package's entry modules: the root and each subpath" },
];

/** A rule beyond the layers: between these files or folders (ending in `/`), and why. */
export interface LayerRule {
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly reason: string;
}

/** Separations: imports the layers would allow and the design does not. */
export const separations: readonly LayerRule[] = [
  {
    from: ["tools/"],
    to: ["calls/", "dialects/", "formats/", "observe/", "toolbox/"],
    reason: "a built-in tool uses the public core and Task Memory, as a user's tool does",
  },
];

/**
 * Exceptions: imports against the grain the layers allow, by exact files, for types only. A `Tool`'s
 * public API names `TaskMemory` (`setTaskMemory`, `inputMemory`, `outputMemory`, `findInputMemory`,
 * `ToolOptions`, `context.memory.find`), and `TaskMemory` hands out its `TaskMemoryTool`, a `Tool`:
 * the core names the memory's types, and never loads it.
 */
export const exceptions: readonly LayerRule[] = [
  {
    from: [
      "tool/activity-memory.ts",
      "tool/memory-options.ts",
      "tool/tool-options.ts",
      "tool/tool.ts",
    ],
    to: ["memory/task-memory.ts"],
    reason: "the `Tool` API names `TaskMemory`, and the core keeps how to make the default one",
  },
  {
    from: ["tool/activity-memory.ts"],
    to: ["memory/memory-reference.ts"],
    reason: "`context.memory.load` takes a `MemoryReference`",
  },
  {
    from: [
      "activity/activity-context.ts",
      "tool/activity-memory.ts",
      "tool/invoke-method.ts",
      "tool/route-output.ts",
      "tool/run-activity.ts",
      "tool/tool-options.ts",
    ],
    to: ["memory/memory-scope.ts"],
    reason: "a run's `principal` option and `context.principal` name the memory's `Principal`",
  },
  {
    from: ["memory/task-memory.ts"],
    to: ["drivers/embedding-spec.ts"],
    reason:
      "a `TaskMemory` takes an embedding driver for hybrid search: it names the `EmbeddingDriver` interface, and never loads a driver",
  },
];

/** A rule covers an import when its `from` names the importer and its `to` the imported file. */
function covers(rule: LayerRule, from: string, to: string): boolean {
  const names = (paths: readonly string[], file: string) =>
    paths.some((path) => file === path || (path.endsWith("/") && file.startsWith(path)));
  return names(rule.from, from) && names(rule.to, to);
}

/**
 * The layer of a file of src/ (a path relative to src/): the one whose folder or file names it most
 * closely; the entries for the rest.
 *
 * @example
 * ```ts
 * layerIndex("toolbox/toolbox.ts"); // 5
 * ```
 */
export function layerIndex(file: string): number {
  let best = -1;
  let bestLength = -1;
  layers.forEach((layer, index) => {
    for (const path of layer.paths) {
      const matches = path.endsWith("/") || path === "" ? file.startsWith(path) : file === path;
      if (matches && path.length > bestLength) {
        best = index;
        bestLength = path.length;
      }
    }
  });
  return best;
}

/** An import that goes from a lower layer to a higher one, or across a separation. */
export interface LayerViolation extends ModuleReference {
  readonly fromLayer: string;
  readonly toLayer: string;
}

/**
 * Every reference between two files of `src/` (paths relative to the project) that goes up the
 * layers and is not one of the {@link exceptions} (which cover type references only), or that a
 * {@link separations | separation} forbids.
 *
 * @example
 * ```ts
 * layerViolations(readImportGraph(root, listTypeScriptFiles(root, "src"))); // []
 * ```
 */
export function layerViolations(graph: ImportGraph): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const reference of graph.references) {
    if (!reference.from.startsWith("src/") || !reference.to.startsWith("src/")) continue;
    const from = reference.from.slice(4);
    const to = reference.to.slice(4);
    const fromIndex = layerIndex(from);
    const toIndex = layerIndex(to);
    const separated = separations.some((rule) => covers(rule, from, to));
    if (toIndex <= fromIndex && !separated) continue;
    const excepted = reference.kind === "type" && exceptions.some((rule) => covers(rule, from, to));
    if (excepted) continue;
    violations.push({
      ...reference,
      fromLayer: layers[fromIndex]?.name ?? "?",
      toLayer: layers[toIndex]?.name ?? "?",
    });
  }
  return violations;
}

/**
 * The files an exception names that no longer import what it allows: an exception is kept exact.
 *
 * @example
 * ```ts
 * unusedExceptions(graph); // [] while every listed import exists
 * ```
 */
export function unusedExceptions(graph: ImportGraph): string[] {
  const unused: string[] = [];
  for (const rule of exceptions) {
    for (const from of rule.from) {
      const used = graph.references.some(
        (reference) =>
          reference.kind === "type" &&
          reference.from === `src/${from}` &&
          rule.to.some((to) => reference.to === `src/${to}`),
      );
      if (!used) unused.push(`${from} → ${rule.to.join(", ")}`);
    }
  }
  return unused;
}

/**
 * The layers as the Markdown table docs/ARCHITECTURE.md shows, top layer first.
 *
 * @example
 * ```ts
 * renderLayerTable().split("\n")[0]; // "| layer | holds | job |"
 * ```
 */
export function renderLayerTable(): string {
  const rows = layers
    .map((layer, index) => {
      const holds = layer.paths
        .map((path) => (path === "" ? "the other `src/*.ts`" : `\`${path}\``))
        .join(", ");
      return `| ${index + 1}. ${layer.name} | ${holds} | ${layer.job} |`;
    })
    .reverse();
  return ["| layer | holds | job |", "| --- | --- | --- |", ...rows].join("\n");
}

/**
 * The separations and exceptions as the Markdown list docs/ARCHITECTURE.md shows under the table.
 *
 * @example
 * ```ts
 * renderLayerRules().startsWith("- `tools/` never imports"); // true
 * ```
 */
export function renderLayerRules(): string {
  const code = (paths: readonly string[]) => paths.map((path) => `\`${path}\``).join(", ");
  return [
    ...separations.map(
      (rule) => `- ${code(rule.from)} never imports ${code(rule.to)}: ${rule.reason}.`,
    ),
    ...exceptions.map(
      (rule) => `- Types only: ${code(rule.from)} → ${code(rule.to)}, as ${rule.reason}.`,
    ),
  ].join("\n");
}
