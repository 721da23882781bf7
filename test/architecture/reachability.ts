// Which modules nothing runs: every `.ts` file outside the folders of tests, benchmarks, examples and
// scripts must be reachable from what package.json starts (its exports, bin and the `.ts` files its
// scripts name), through imports, `import()` and the URLs of child processes and load-on-use modules.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { distToSource, type ImportGraph } from "./import-graph.js";

/** Folders whose files need not be reachable: they are run by a test runner, a person or a script. */
export const unlistedFolders: readonly string[] = ["test", "bench", "examples", "scripts"];

/**
 * What package.json starts, as source files: each export and the bin (`dist/x.js` read as
 * `src/x.ts`), and every `.ts` path a script names.
 *
 * @example
 * ```ts
 * entryFiles(root); // ["src/index.ts", "src/tools.ts", …, "src/cli/bin.ts", "bench/run.ts", …]
 * ```
 */
export function entryFiles(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    main?: string;
    bin?: string | Record<string, string>;
    exports?: Record<string, string | Record<string, string>>;
    scripts?: Record<string, string>;
  };
  const built: string[] = [];
  if (manifest.main !== undefined) built.push(manifest.main);
  if (typeof manifest.bin === "string") built.push(manifest.bin);
  else built.push(...Object.values(manifest.bin ?? {}));
  for (const target of Object.values(manifest.exports ?? {})) {
    built.push(...(typeof target === "string" ? [target] : Object.values(target)));
  }
  const entries = new Set<string>();
  for (const file of built) {
    const source = distToSource(file);
    if (source !== undefined) entries.add(source);
  }
  for (const command of Object.values(manifest.scripts ?? {})) {
    // A path with a glob is a test runner's pattern, not one entry.
    for (const [path] of command.matchAll(/(?<![\w./*-])[\w./-]+\.ts\b/g)) {
      if (!path.includes("*")) entries.add(path.replace(/^\.\//, ""));
    }
  }
  return [...entries];
}

/**
 * The files of `graph` outside {@link unlistedFolders} that no entry reaches, sorted.
 *
 * @example
 * ```ts
 * unreachableFiles(graph, entryFiles(root)); // [] when every module is used
 * ```
 */
export function unreachableFiles(graph: ImportGraph, entries: readonly string[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of graph.references) {
    const targets = next.get(from);
    if (targets === undefined) next.set(from, [to]);
    else targets.push(to);
  }
  const reached = new Set<string>(entries);
  const stack = [...entries];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    for (const target of next.get(file) ?? []) {
      if (!reached.has(target)) {
        reached.add(target);
        stack.push(target);
      }
    }
  }
  return graph.files
    .filter((file) => !reached.has(file) && !unlistedFolders.includes(file.split("/")[0] ?? ""))
    .sort();
}
