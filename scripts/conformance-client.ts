// `npm run conformance:client`: every client scenario of the official MCP conformance suite (the
// version pinned in package.json), run against toolwright's client (examples/mcp-conformance/client.ts)
// and against a client written directly on the official SDK (scripts/conformance/sdk-client.ts), at
// each protocol revision the scenario belongs to, printed side by side. Exits 1 when toolwright fails
// a scenario the SDK's client passes.
//
//   npm run conformance:client                              everything (about 150 runs)
//   npm run conformance:client -- --scenario auth/scope-step-up --verbose
//   npm run conformance:client -- --only toolwright --json results.json
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const root = new URL("..", import.meta.url).pathname;
const suite = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const clients = {
  toolwright: join(root, "examples/mcp-conformance/client.ts"),
  sdk: join(root, "scripts/conformance/sdk-client.ts"),
} as const;
type ClientName = keyof typeof clients;
/** The revisions toolwright speaks; a scenario of an older one alone runs at its newest. */
const revisions = ["2025-11-25", "2026-07-28"];

interface Run {
  readonly scenario: string;
  readonly version: string | undefined;
}
interface Outcome {
  readonly passed: boolean;
  readonly checks: string;
  readonly failures: readonly string[];
  readonly output: string;
}

const { values: flags } = parseArgs({
  options: {
    scenario: { type: "string", multiple: true },
    only: { type: "string" },
    jobs: { type: "string" },
    json: { type: "string" },
    verbose: { type: "boolean" },
  },
});

function execute(args: readonly string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [suite, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The suite's client scenarios with the revisions each belongs to (`extension`: none). */
async function listScenarios(cwd: string): Promise<Run[]> {
  const { output } = await execute(["list", "--client"], cwd);
  const runs: Run[] = [];
  for (const line of output.split("\n")) {
    const match = /^\s+- (\S+) \[([^\]]*)\]/.exec(line);
    if (match === null) continue;
    const [, scenario = "", tags = ""] = match;
    const versions = tags.split(",").filter((tag) => /^\d{4}-\d{2}-\d{2}$/.test(tag));
    const ours = versions.filter((version) => revisions.includes(version));
    const chosen = ours.length > 0 ? ours : versions.slice(-1);
    if (chosen.length === 0) runs.push({ scenario, version: undefined });
    for (const version of chosen) runs.push({ scenario, version });
  }
  return runs;
}

/**
 * One scenario run. A run that produced no result at all (the suite's own harness failed before
 * scoring, which a loaded machine sometimes provokes) is run once more, and says so.
 */
async function runOne(client: ClientName, run: Run, cwd: string): Promise<Outcome> {
  const first = await runOnce(client, run, cwd);
  if (first.output.includes("Test Results")) return first;
  const second = await runOnce(client, run, cwd);
  const note = `the suite gave no result the first time: ${first.output.trim().split("\n").slice(-3).join(" / ")}`;
  return { ...second, failures: [...second.failures, note] };
}

async function runOnce(client: ClientName, run: Run, cwd: string): Promise<Outcome> {
  // The suite runs the command in its own folder: tsx is named by its resolved URL.
  const tsx = import.meta.resolve("tsx");
  const command = `${JSON.stringify(process.execPath)} --import ${tsx} ${JSON.stringify(clients[client])}`;
  // The suite's 30 s default is tight for a login on a busy machine: the run is about behaviour.
  const args = ["client", "--command", command, "--scenario", run.scenario, "--timeout", "90000"];
  if (run.version !== undefined) args.push("--spec-version", run.version);
  const { code, output } = await execute(args, cwd);
  const checks = /Passed: (\d+\/\d+)/.exec(output)?.[1] ?? "0/0";
  const failures = [...output.matchAll(/^\s+- (\S.*)$/gm)]
    .map((match) => match[1] ?? "")
    .filter((line) => !line.startsWith("http"));
  const exited = /CLIENT EXITED WITH ERROR[^\n]*|timed out[^\n]*/i.exec(output)?.[0];
  if (exited !== undefined) failures.push(exited);
  return { passed: code === 0 && output.includes("OVERALL: PASSED"), checks, failures, output };
}

/** Runs `work` over `items` with at most `jobs` at a time, in order of `items` in the result. */
async function pool<T, R>(items: readonly T[], jobs: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

const cell = (outcome: Outcome | undefined) =>
  outcome === undefined ? "—" : `${outcome.passed ? "pass" : "FAIL"} ${outcome.checks}`;

async function main(): Promise<number> {
  // The suite writes nothing we keep; a scratch folder keeps its files out of the checkout.
  const cwd = await mkdtemp(join(tmpdir(), "toolwright-conformance-"));
  try {
    const wanted = flags.scenario;
    const runs = (await listScenarios(cwd)).filter(
      (run) => wanted === undefined || wanted.includes(run.scenario),
    );
    const names = (flags.only === undefined ? Object.keys(clients) : [flags.only]) as ClientName[];
    const jobs = Number(flags.jobs ?? Math.max(1, Math.min(4, availableParallelism() - 1)));
    const pairs = runs.flatMap((run) => names.map((client) => ({ run, client })));
    const outcomes = await pool(pairs, jobs, async ({ run, client }) => {
      const outcome = await runOne(client, run, cwd);
      if (flags.verbose || (!outcome.passed && client === "toolwright")) {
        process.stderr.write(
          `\n--- ${client} ${run.scenario} ${run.version ?? ""}: ${cell(outcome)}\n${flags.verbose ? outcome.output : outcome.failures.join("\n")}\n`,
        );
      }
      return outcome;
    });
    const byRun = runs.map((run, index) => ({
      run,
      results: Object.fromEntries(
        names.map((client, offset) => [client, outcomes[index * names.length + offset]]),
      ) as Partial<Record<ClientName, Outcome>>,
    }));
    printTable(byRun, names);
    if (flags.json !== undefined) {
      const plain = byRun.map(({ run, results }) => ({
        ...run,
        ...Object.fromEntries(
          Object.entries(results).map(([client, outcome]) => [
            client,
            { passed: outcome?.passed, checks: outcome?.checks, failures: outcome?.failures },
          ]),
        ),
      }));
      await writeFile(flags.json, `${JSON.stringify(plain, null, 2)}\n`);
    }
    const regressions = byRun.filter(
      ({ results }) => results.toolwright?.passed === false && results.sdk?.passed !== false,
    );
    return regressions.length === 0 ? 0 : 1;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

function printTable(
  rows: readonly { run: Run; results: Partial<Record<ClientName, Outcome>> }[],
  names: readonly ClientName[],
): void {
  const header = [
    "scenario",
    "revision",
    ...names.map((name) => (name === "sdk" ? "SDK client" : name)),
  ];
  const lines = rows.map(({ run, results }) => [
    run.scenario,
    run.version ?? "extension",
    ...names.map((name) => cell(results[name])),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? "").length)),
  );
  const format = (line: readonly string[]) =>
    `| ${line.map((text, column) => text.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  console.log(format(header));
  console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  for (const line of lines) console.log(format(line));
  for (const name of names) {
    const passed = rows.filter(({ results }) => results[name]?.passed).length;
    console.log(`${name === "sdk" ? "SDK client" : name}: ${passed} of ${rows.length} runs pass`);
  }
}

process.exitCode = await main();
