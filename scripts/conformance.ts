// `npm run conformance`: the official MCP conformance suite (the pinned @modelcontextprotocol/conformance
// devDependency) against examples/mcp-conformance/server.ts (toolwright's public API) and, beside it,
// against reference-server.ts (the official SDK alone), for every requirement set below; prints one
// table per revision. Fails when toolwright fails a scenario the SDK's server passes, unless
// examples/mcp-conformance/known-failures.json names it with a reason (and fails when a named one
// passes, so the list only shrinks). Then runs the client scenarios (scripts/conformance-client.ts:
// toolwright's McpTool beside the SDK's client), and fails when they do.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const suite = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/conformance/dist/index.js",
);
const suiteVersion = (
  JSON.parse(readFileSync(join(suite, "..", "..", "package.json"), "utf8")) as { version: string }
).version;

/**
 * The requirement sets scored: each revision's (`--requirements <rev>`), and the Tasks extension's
 * scenarios (`io.modelcontextprotocol/tasks`, which no revision's set holds: each is run by name).
 */
const revisions = ["2025-11-25", "2026-07-28", "tasks extension"] as const;
type Revision = (typeof revisions)[number];
const extensionSet: Revision = "tasks extension";

/** A server the suite runs against: a module that listens on 127.0.0.1:$PORT at /mcp. */
interface ServerUnderTest {
  readonly label: string;
  readonly module: string;
}
const servers: readonly ServerUnderTest[] = [
  { label: "toolwright", module: "examples/mcp-conformance/server.ts" },
  { label: "SDK reference", module: "examples/mcp-conformance/reference-server.ts" },
];

type Verdict = "pass" | "fail";
/** Scenario → verdict, per revision, per server or client label. */
type Results = Map<string, Map<Revision, Map<string, Verdict>>>;
/** Scenarios a revision runs without scoring, with the suite's reason. */
const unscored = new Map<Revision, Map<string, string>>();

const knownFailures = JSON.parse(
  readFileSync(join(root, "examples/mcp-conformance/known-failures.json"), "utf8"),
) as Record<Revision, Record<string, string>>;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port; rejects after `ms`. */
async function listening(port: number, ms: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: "127.0.0.1" });
      socket.once("connect", () => resolve(socket.end() !== undefined));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (exited() || Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs the suite CLI, resolving to what it printed. */
async function suiteOutput(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, [suite, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  await new Promise((resolve) => child.once("close", resolve));
  return stdout;
}

/** The suite's server scenarios of the Tasks extension (`- tasks-… [extension]` in its list). */
async function taskScenarios(): Promise<string[]> {
  const listed = await suiteOutput(["list", "--server"]);
  return [...listed.matchAll(/^\s*-\s+(tasks-\S+)\s+\[extension\]/gm)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
}

/** Runs the suite CLI and reads each scenario's checks from its output directory. */
async function runSuite(
  args: readonly string[],
  revision: Revision,
): Promise<Map<string, Verdict>> {
  const out = await mkdtemp(join(tmpdir(), "toolwright-conformance-"));
  try {
    let stdout = "";
    if (revision === extensionSet) {
      // One run per scenario: the suite runs extension scenarios only by name.
      for (const scenario of await taskScenarios()) {
        stdout += await suiteOutput([...args, "--scenario", scenario, "-o", out]);
      }
    } else {
      stdout = await suiteOutput([...args, "--requirements", revision, "-o", out]);
    }
    recordUnscored(revision, stdout);
    const verdicts = new Map<string, Verdict>();
    for (const entry of readdirSync(out)) {
      const match = /^(?:server|client)-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry);
      const checksFile = join(out, entry, "checks.json");
      if (match?.[1] === undefined || !existsSync(checksFile)) continue;
      const checks = JSON.parse(readFileSync(checksFile, "utf8")) as { status: string }[];
      verdicts.set(match[1], checks.some((check) => check.status === "FAILURE") ? "fail" : "pass");
    }
    if (verdicts.size === 0) throw new Error(`the suite reported nothing:\n${stdout}`);
    return verdicts;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The suite's "Not scored for <rev>:" block: `  ✓ name (reason)` lines. */
function recordUnscored(revision: Revision, stdout: string): void {
  const block = stdout.split(`Not scored for ${revision}:`)[1];
  if (block === undefined) return;
  const entries = unscored.get(revision) ?? new Map<string, string>();
  for (const [, name, reason] of block.matchAll(/^\s+[✓✗]\s+(\S+)\s+\(([^)]+)\)/gmu)) {
    if (name !== undefined && reason !== undefined) entries.set(name, reason);
  }
  unscored.set(revision, entries);
}

async function measureServer(server: ServerUnderTest, results: Results): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", server.module], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  try {
    await listening(port, 60_000, () => exited);
    const byRevision = new Map<Revision, Map<string, Verdict>>();
    for (const revision of revisions) {
      const url = `http://127.0.0.1:${port}/mcp`;
      byRevision.set(revision, await runSuite(["server", "--url", url], revision));
    }
    results.set(server.label, byRevision);
  } finally {
    child.kill();
  }
}

const mark = (verdict: Verdict | undefined) =>
  verdict === undefined ? "–" : verdict === "pass" ? "✓" : "✗";

/** Prints the side-by-side table and returns the problems that fail the run. */
function report(
  results: Results,
  subject: string,
  yardstick: string | undefined,
  role: "server" | "client",
): string[] {
  const problems: string[] = [];
  for (const revision of revisions) {
    const ours = results.get(subject)?.get(revision) ?? new Map<string, Verdict>();
    const theirs =
      (yardstick === undefined ? undefined : results.get(yardstick)?.get(revision)) ??
      new Map<string, Verdict>();
    const names = [...new Set([...theirs.keys(), ...ours.keys()])];
    const skipped = unscored.get(revision) ?? new Map<string, string>();
    const known = knownFailures[revision] ?? {};
    const count = (verdicts: Map<string, Verdict>, scored: boolean) =>
      names.filter((name) => skipped.has(name) !== scored && verdicts.get(name) === "pass").length;
    const scoredTotal = names.filter((name) => !skipped.has(name)).length;
    const set = revision === extensionSet ? "the Tasks extension" : `--requirements ${revision}`;
    console.log(`\n### ${role} scenarios, ${set} (suite ${suiteVersion})\n`);
    console.log(`| scenario | scored | ${subject} | ${yardstick ?? ""} |`);
    console.log("| --- | --- | --- | --- |");
    for (const name of names) {
      const scored = skipped.has(name) ? `no (${skipped.get(name)})` : "yes";
      console.log(`| ${name} | ${scored} | ${mark(ours.get(name))} | ${mark(theirs.get(name))} |`);
      const failsAlone =
        ours.get(name) !== "pass" && (yardstick === undefined || theirs.get(name) === "pass");
      if (failsAlone && known[name] === undefined) {
        problems.push(
          `${revision} ${name}: ${subject} fails, ${yardstick ?? "no yardstick"} passes`,
        );
      }
      if (!failsAlone && known[name] !== undefined) {
        problems.push(`${revision} ${name}: listed in known-failures.json but not failing alone`);
      }
    }
    const unscoredTotal = names.length - scoredTotal;
    const tally = (label: string, verdicts: Map<string, Verdict>) =>
      `${label}: ${count(verdicts, true)}/${scoredTotal} scored, ${count(verdicts, false)}/${unscoredTotal} unscored`;
    const tallies = [tally(subject, ours)];
    if (yardstick !== undefined) tallies.push(tally(yardstick, theirs));
    console.log(`\n${tallies.join("; ")}`);
  }
  return problems;
}

const results: Results = new Map();
for (const server of servers) await measureServer(server, results);
const [subject, yardstick] = servers;
const problems =
  subject === undefined ? [] : report(results, subject.label, yardstick?.label, "server");
if (problems.length > 0) {
  console.error(`\nConformance problems:\n${problems.map((line) => `- ${line}`).join("\n")}`);
  process.exitCode = 1;
}

// The client legs: toolwright's McpTool beside the SDK's client (scripts/conformance-client.ts).
const clientLegs = spawn(
  process.execPath,
  ["--import", "tsx", join(root, "scripts/conformance-client.ts")],
  { cwd: root, stdio: "inherit" },
);
const [clientCode] = (await once(clientLegs, "close")) as [number | null];
if (clientCode !== 0) process.exitCode = 1;
