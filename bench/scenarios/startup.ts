// Scenario 6, startup: what `import "toolwright"` costs a user before any tool runs, beside zod (which
// most users load anyway) and the anchors' tool entry points. The package is built into a temporary
// folder and imported by name, exactly as from node_modules. Three measures:
// - modules loaded by a fresh process importing `{ activity, Tool, Toolbox }` (a load hook counts
//   every URL: files and builtins), and every subpath for reference;
// - import time: a fresh process per sample times its own `await import(…)` (node's start excluded),
//   every library once per round in a rotated order, compile cache off, medians over the rounds;
// - bundle size: esbuild, minified ESM for Node, zod external, dynamic imports inlined (one file).
// Run alone: npm run bench -- --only startup
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { installedVersion } from "../environment.js";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
// Outside the repository: inside it, "toolwright" would resolve to the repository itself (a package
// may import itself by name), not to the build under test.
let work = "";

/** One thing a user imports: a specifier and the names taken from it. */
interface Target {
  readonly label: string;
  readonly specifier: string;
  readonly names: readonly string[];
}

const toolwrightRoot: Target = {
  label: "toolwright",
  specifier: "toolwright",
  names: ["activity", "Tool", "Toolbox"],
};
const zod: Target = { label: "zod", specifier: "zod", names: ["z"] };
const anchors: readonly Target[] = [
  { label: `ai ${installedVersion("ai")}`, specifier: "ai", names: ["tool", "jsonSchema"] },
  {
    label: `@langchain/core ${installedVersion("@langchain/core")}`,
    specifier: "@langchain/core/tools",
    names: ["tool"],
  },
  {
    label: `@openai/agents-core ${installedVersion("@openai/agents-core")}`,
    specifier: "@openai/agents-core",
    names: ["tool"],
  },
  {
    label: `@modelcontextprotocol/sdk ${installedVersion("@modelcontextprotocol/sdk")}`,
    specifier: "@modelcontextprotocol/sdk/server/mcp.js",
    names: ["McpServer"],
  },
];
const subpaths = [
  "tools",
  "memory",
  "memory/sqlite",
  "memory/redis",
  "agent",
  "openai",
  "anthropic",
  "gemini",
  "ollama",
  "mcp",
  "testing",
] as const;

/**
 * Builds the package into a temporary folder's `pkg/` and links it as `node_modules/toolwright` there,
 * beside links to every installed package of the repository (its dependencies and the anchors).
 */
async function buildPackage(): Promise<void> {
  work = await mkdtemp(join(tmpdir(), "toolwright-startup-"));
  await mkdir(join(work, "node_modules"), { recursive: true });
  for (const name of await readdir(join(root, "node_modules"))) {
    if (name.startsWith(".")) continue;
    await symlink(join(root, "node_modules", name), join(work, "node_modules", name), "dir");
  }
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const pkg = join(work, "pkg");
  await run(process.execPath, [
    tsc,
    "-p",
    join(root, "tsconfig.build.json"),
    "--outDir",
    join(pkg, "dist"),
  ]);
  await writeFile(join(pkg, "package.json"), await readFile(join(root, "package.json")));
  await symlink(pkg, join(work, "node_modules", "toolwright"), "dir");
  // The probe lives beside node_modules/toolwright.
  await writeFile(
    join(work, "probe.mjs"),
    [
      "const [specifier, names] = process.argv.slice(2);",
      "const started = performance.now();",
      "const module = await import(specifier);",
      "const ms = performance.now() - started;",
      "for (const name of JSON.parse(names)) if (module[name] === undefined) throw new Error(specifier + ' has no ' + name);",
      "process.stdout.write(JSON.stringify({ ms }));",
    ].join("\n"),
  );
}

/** The module URLs (files and builtins) a fresh process resolves importing `specifiers`. */
async function modulesOf(...specifiers: string[]): Promise<string[]> {
  const recorder = join(root, "test", "fixtures", "record-imports.mjs");
  const code = specifiers
    .map((specifier) => `await import(${JSON.stringify(specifier)});`)
    .join("");
  const { stdout } = await run(
    process.execPath,
    ["--import", recorder, "--input-type=module", "-e", code],
    { cwd: work },
  );
  return JSON.parse(stdout) as string[];
}

/** Import time of `target` in a fresh process, in milliseconds. */
async function importMs(target: Target): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    [join(work, "probe.mjs"), target.specifier, JSON.stringify(target.names)],
    { cwd: work, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1", NODE_COMPILE_CACHE: "" } },
  );
  return (JSON.parse(stdout) as { ms: number }).ms;
}

/** Minified one-file bundle of `names` from each of `specifiers`; bytes, gzip bytes, packages. */
async function bundleSize(
  specifiers: readonly string[],
  names: readonly string[],
): Promise<{ bytes: number; gzip: number; packages: number }> {
  // Named apart (`default as m0_default`) so several modules' defaults can share one bundle.
  const contents = specifiers
    .map(
      (specifier, index) =>
        `export { ${names.map((name) => `${name} as m${index}_${name}`).join(", ")} } from "${specifier}";`,
    )
    .join("\n");
  const result = await build({
    stdin: { contents, resolveDir: work, loader: "js" },
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    platform: "node",
    format: "esm",
    external: ["zod"],
    logLevel: "silent",
  });
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  const packages = new Set(
    Object.keys(result.metafile.inputs).map(
      (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? "(entry)",
    ),
  );
  return { bytes: output.length, gzip: gzipSync(output).length, packages: packages.size };
}

function packagesOf(urls: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const name = url.startsWith("node:")
      ? "node: builtins"
      : url.startsWith(`file://${work}/pkg/`)
        ? "toolwright"
        : (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? "(other)");
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  await buildPackage();
  const targets = [toolwrightRoot, zod, ...anchors];

  const modules = new Map<string, string[]>();
  for (const target of targets) modules.set(target.label, await modulesOf(target.specifier));
  const subpathModules = new Map<string, number>();
  for (const subpath of subpaths) {
    const loaded = await modulesOf(`toolwright/${subpath}`);
    subpathModules.set(subpath, loaded.length);
  }

  const rounds = options.quick ? 5 : 25;
  const samples = new Map<string, number[]>(targets.map((target) => [target.label, []]));
  for (let round = 0; round < rounds; round++) {
    const order = targets.map((_, index) => targets[(index + round) % targets.length] as Target);
    for (const target of order) samples.get(target.label)?.push(await importMs(target));
  }
  const median = (label: string) =>
    percentile(
      [...(samples.get(label) ?? [])].sort((a, b) => a - b),
      0.5,
    );
  const p95 = (label: string) =>
    percentile(
      [...(samples.get(label) ?? [])].sort((a, b) => a - b),
      0.95,
    );
  const zodMs = median(zod.label);
  const rootMs = median(toolwrightRoot.label);

  const toolActivity = await bundleSize(["toolwright"], ["Tool", "activity"]);
  const toolbox = await bundleSize(["toolwright"], ["Toolbox"]);
  const aiBundle = await bundleSize(["ai"], ["tool", "jsonSchema"]);
  const langchainBundle = await bundleSize(["@langchain/core/tools"], ["tool"]);
  const onFirstUse: { what: string; names: string[] }[] = [
    {
      what: "ajv + ajv-formats (the first JSON Schema input)",
      names: ["ajv/dist/2020.js", "ajv-formats"],
    },
    { what: "nunjucks (the first description template)", names: ["nunjucks"] },
    { what: "semver (the first requirements check)", names: ["semver"] },
  ];
  const lazyRows: string[] = [];
  for (const lazy of onFirstUse) {
    const { bytes } = await bundleSize(lazy.names, ["default"]);
    const count = (await modulesOf(...lazy.names)).length;
    lazyRows.push(`| ${lazy.what} | ${count} | ${kb(bytes)} |`);
  }

  const rootModules = modules.get(toolwrightRoot.label) ?? [];
  const rootPackages = [...packagesOf(rootModules)]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  const forbidden = [
    "node:sqlite",
    "node:child_process",
    "node:net",
    "node:dns",
    "zod",
    "ajv",
    "nunjucks",
    "semver",
    "ioredis",
    "mathjs",
    "luxon",
    "chrono-node",
  ];
  const loadedForbidden = forbidden.filter((name) =>
    rootModules.some(
      (url) => url === name || url.startsWith(`${name}/`) || url.includes(`/node_modules/${name}/`),
    ),
  );

  const timeRow = (target: Target) =>
    `| ${target.label} | \`import { ${target.names.join(", ")} } from "${target.specifier}"\` | ${(modules.get(target.label) ?? []).length} | ${ms(median(target.label))} | ${ms(p95(target.label))} | ${(median(target.label) / zodMs).toFixed(2)}× |`;
  const bundleRow = (label: string, size: { bytes: number; gzip: number; packages: number }) =>
    `| ${label} | ${kb(size.bytes)} | ${kb(size.gzip)} | ${size.packages} |`;

  const section = [
    "## 6. Startup",
    "",
    `What importing the library costs before any tool runs. The package is built (\`tsc\`) into a temporary folder and imported by name from its \`node_modules\`, as from npm. **Modules**: every URL a fresh process loads for the import (files and \`node:\` builtins), counted by a load hook. **Import time**: a fresh process per sample times its own \`await import(…)\` (Node's start excluded), compile cache off, files in the OS cache; ${rounds} rounds, each importing every library once in a rotated order. **Bundle**: esbuild ${installedVersion("esbuild")}, minified ESM for Node, zod external, dynamic imports inlined into the one file.`,
    "",
    "| library | import | modules | median | p95 | × zod |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...targets.map(timeRow),
    "",
    `toolwright's root entry loads: ${rootPackages}. None of ${forbidden.join(", ")}: ${loadedForbidden.length === 0 ? "none loaded" : `**loaded: ${loadedForbidden.join(", ")}**`}.`,
    "",
    "Modules loaded by each subpath (what a user pays for the batteries they import):",
    "",
    "| subpath | modules |",
    "| --- | ---: |",
    ...subpaths.map((subpath) => `| toolwright/${subpath} | ${subpathModules.get(subpath)} |`),
    "",
    "| bundle (minified, zod external) | bytes | gzip | packages |",
    "| --- | ---: | ---: | ---: |",
    bundleRow("toolwright `{ Tool, activity }`", toolActivity),
    bundleRow("toolwright `{ Toolbox }`", toolbox),
    bundleRow(`ai \`{ tool, jsonSchema }\``, aiBundle),
    bundleRow("@langchain/core/tools `{ tool }`", langchainBundle),
    "",
    "Loaded on first use with `require` (outside a bundle, from `node_modules`), only by the tools that need them:",
    "",
    "| package | modules | minified |",
    "| --- | ---: | ---: |",
    ...lazyRows,
    "",
    `Targets: the root entry loads ≤ 150 modules (measured: **${rootModules.length}**, ${rootModules.length <= 150 ? "met" : "missed"}) and imports in ≤ 1.5× zod's time (measured: **${(rootMs / zodMs).toFixed(2)}×**, ${rootMs / zodMs <= 1.5 ? "met" : "missed"}); \`{ Tool, activity }\` bundles to ≤ 150 KB without zod (measured: **${kb(toolActivity.bytes)}**, ${toolActivity.bytes <= 150 * 1024 ? "met" : "missed"}).`,
    "",
  ].join("\n");

  await rm(work, { recursive: true, force: true });
  return {
    section,
    headline: [
      {
        measure: "`import { activity, Tool, Toolbox }`: modules, time, bundle",
        toolwright: `${rootModules.length} modules, ${ms(rootMs)} (${(rootMs / zodMs).toFixed(2)}× zod), ${kb(toolActivity.bytes)} bundle of \`{ Tool, activity }\``,
        others: anchors
          .map(
            (anchor) =>
              `${anchor.label.split(" ")[0]} ${(median(anchor.label) / rootMs).toFixed(1)}×`,
          )
          .join(", "),
      },
    ],
  };
}

/** Scenario 6: modules, import time and bundle size of the root entry, beside zod and the anchors. */
export const startupScenario: Scenario = { id: "startup", title: "Startup", run: runScenario };
