import { readFileSync } from "node:fs";
import { arch, cpus, platform, release, totalmem } from "node:os";

const root = new URL("..", import.meta.url);

/** The packages whose versions the results name: toolwright, the anchors and the tools of the bench. */
export const benchPackages = [
  "ai",
  "@ai-sdk/provider-utils",
  "@langchain/core",
  "@openai/agents-core",
  "@modelcontextprotocol/sdk",
  "zod",
  "ajv",
  "jsonrepair",
  "tinybench",
  "gpt-tokenizer",
  "esbuild",
] as const;

/** A package's installed version, read from its own package.json (not the range asked for). */
export function installedVersion(name: string): string {
  const path = name === "toolwright" ? "package.json" : `node_modules/${name}/package.json`;
  const manifest = JSON.parse(readFileSync(new URL(path, root), "utf8")) as { version?: string };
  return manifest.version ?? "unknown";
}

/** The machine and runtime a run happened on, in one line. */
export function machineLine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim().replace(/\s+/g, " ") ?? "unknown CPU";
  const ram = (totalmem() / 2 ** 30).toFixed(0);
  return `${model}, ${cores.length} cores, ${ram} GiB RAM, ${platform()} ${release()} ${arch()}, Node ${process.versions.node}`;
}

/** A Markdown table of toolwright's and every bench package's installed version. */
export function versionTable(): string {
  const rows = ["toolwright", ...benchPackages].map(
    (name) => `| ${name} | ${installedVersion(name)} |`,
  );
  return ["| package | version |", "| --- | --- |", ...rows].join("\n");
}
