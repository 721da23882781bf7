// Scenario 8, serve load: `serveMcp` over Streamable HTTP on 127.0.0.1 under 50 concurrent clients (the
// MCP SDK's own Client and StreamableHTTPClientTransport), 40 `tools/call` each per round, beside a plain
// server on the official SDK doing the same work (bench/anchors/mcp-sdk-server.ts). Each server runs in
// a child process so its RSS is its own. Per mode (stateful, stateless) both servers run at once and
// are loaded in turn, round after round, in an alternating order, so both see the same machine; the
// ratios are the median of the rounds' ratios. Then toolwright alone with `--max-semi-space-size=16`,
// which caps V8's young generation (what grows under load).
// Run alone: npm run bench -- --only serve-load
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFile, rm } from "node:fs/promises";
import { loadavg } from "node:os";
import { promisify } from "node:util";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import type { ServerMemory } from "./serve-load-child.js";
import {
  type ChildSetup,
  callsPerClient,
  clients,
  loadRound,
  type RoundResult,
  ServerChild,
} from "./serve-load-client.js";

/** One server's figures over a run. */
interface ServerFigures {
  readonly label: string;
  readonly calls: number;
  /** Calls per second over the measured rounds, all clients together. */
  readonly callsPerSecond: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly warm: ServerMemory;
  readonly soaked: ServerMemory;
}

/** A running server and what its rounds measured. */
class MeasuredServer {
  readonly rounds: RoundResult[] = [];
  /** Memory after each measured round (after two full GCs). */
  readonly memories: ServerMemory[] = [];
  warmErrors = 0;
  warm: ServerMemory | undefined;
  readonly #token = randomBytes(32).toString("base64url");
  readonly #child: ServerChild;
  #url = "";

  constructor(
    readonly label: string,
    setup: ChildSetup,
  ) {
    this.#child = new ServerChild(setup, this.#token);
  }

  async start(): Promise<void> {
    this.#url = (await this.#child.next<{ url: string }>()).url;
  }

  /** The warm-up round: it loads and compiles the per-request path; only its errors count. */
  async warmUp(): Promise<void> {
    this.warmErrors = (await loadRound(this.#url, this.#token)).errors;
    this.warm = await this.#child.memory();
  }

  async measureRound(): Promise<void> {
    this.rounds.push(await loadRound(this.#url, this.#token));
  }

  async readMemory(): Promise<void> {
    this.memories.push(await this.#child.memory());
  }

  stop(): Promise<void> {
    return this.#child.stop();
  }

  figures(): ServerFigures {
    const latencies = this.rounds.flatMap((round) => round.latenciesMs).sort((a, b) => a - b);
    const seconds = this.rounds.reduce((sum, round) => sum + round.seconds, 0);
    return {
      label: this.label,
      calls: (this.rounds.length + 1) * clients * callsPerClient,
      callsPerSecond: latencies.length / seconds,
      errors: this.warmErrors + this.rounds.reduce((sum, round) => sum + round.errors, 0),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      warm: this.warm as ServerMemory,
      soaked: this.memories.at(-1) as ServerMemory,
    };
  }
}

/** Round by round ratios, toolwright ÷ SDK: their median and range. */
interface Ratio {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

interface Comparison {
  readonly mode: string;
  readonly ours: ServerFigures;
  readonly theirs: ServerFigures;
  readonly throughput: Ratio;
  readonly p99: Ratio;
  readonly rss: Ratio;
}

function ratioOf(values: readonly number[]): Ratio {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    min: sorted[0] as number,
    max: sorted.at(-1) as number,
  };
}

const callsPerSecond = (round: RoundResult) => round.latenciesMs.length / round.seconds;
const p99Of = (round: RoundResult) =>
  percentile(
    [...round.latenciesMs].sort((a, b) => a - b),
    0.99,
  );

/** Both servers of one mode at once, loaded in turn (order alternating) for `rounds` rounds. */
async function compare(
  mode: string,
  stateless: boolean,
  rounds: number,
  build: string,
): Promise<Comparison> {
  const ours = new MeasuredServer(`toolwright, ${mode}`, {
    nodeFlags: [],
    stateless,
    sdk: false,
    build,
  });
  const theirs = new MeasuredServer(`SDK, ${mode}`, { nodeFlags: [], stateless, sdk: true, build });
  try {
    await ours.start();
    await theirs.start();
    await ours.warmUp();
    await theirs.warmUp();
    for (let round = 0; round < rounds; round++) {
      console.error(`bench: serve-load ${mode}: round ${round + 1}/${rounds}`);
      const order = round % 2 === 0 ? [ours, theirs] : [theirs, ours];
      for (const server of order) await server.measureRound();
      for (const server of order) await server.readMemory();
    }
  } finally {
    await Promise.all([ours.stop(), theirs.stop()]);
  }
  const each = <T>(pick: (server: MeasuredServer, round: number) => T) =>
    ours.rounds.map((_, round) => [pick(ours, round), pick(theirs, round)] as const);
  return {
    mode,
    ours: ours.figures(),
    theirs: theirs.figures(),
    throughput: ratioOf(
      each((server, round) => callsPerSecond(server.rounds[round] as RoundResult)).map(
        ([a, b]) => a / b,
      ),
    ),
    p99: ratioOf(
      each((server, round) => p99Of(server.rounds[round] as RoundResult)).map(([a, b]) => a / b),
    ),
    rss: ratioOf(
      each((server, round) => (server.memories[round] as ServerMemory).rssMb).map(
        ([a, b]) => a / b,
      ),
    ),
  };
}

/** toolwright alone under a capped young generation: a warm-up, then `rounds` soak rounds. */
async function capped(stateless: boolean, rounds: number, build: string): Promise<ServerFigures> {
  const label = `toolwright, ${stateless ? "stateless" : "stateful"}, --max-semi-space-size=16`;
  const server = new MeasuredServer(label, {
    nodeFlags: ["--max-semi-space-size=16"],
    stateless,
    sdk: false,
    build,
  });
  try {
    await server.start();
    await server.warmUp();
    for (let round = 0; round < rounds; round++) {
      console.error(`bench: serve-load ${label}: round ${round + 1}/${rounds}`);
      await server.measureRound();
    }
    await server.readMemory();
  } finally {
    await server.stop();
  }
  return server.figures();
}

/**
 * toolwright compiled as the package ships it (no declarations or maps, which only tools read), with
 * its package.json beside it as in the package, in a folder inside the checkout so its imports
 * resolve from node_modules.
 */
async function buildToolwright(): Promise<string> {
  const root = new URL("../../", import.meta.url).pathname;
  const packageDir = `${root}.tmp/serve-load-build`;
  console.error("bench: serve-load: compiling toolwright");
  await rm(packageDir, { recursive: true, force: true });
  await promisify(execFile)(
    "npx",
    [
      ...["tsc", "-p", "tsconfig.build.json", "--outDir", `${packageDir}/dist`],
      ...["--sourceMap", "false", "--declaration", "false", "--declarationMap", "false"],
    ],
    { cwd: root },
  );
  await copyFile(`${root}package.json`, `${packageDir}/package.json`);
  return `${packageDir}/dist`;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const rounds = options.quick ? 3 : 9;
  const build = await buildToolwright();
  const loadBefore = loadavg();
  const comparisons = [
    await compare("stateful", false, rounds, build),
    await compare("stateless", true, rounds, build),
  ];
  const cappedRows = [await capped(false, 5, build), await capped(true, 5, build)];
  const loadAfter = loadavg();
  return report({ comparisons, cappedRows, rounds, load: [loadBefore[1], loadAfter[1]] });
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const verdict = (met: boolean) => (met ? "met" : "missed");

function row(figures: ServerFigures): string {
  const mb = (value: number) => value.toFixed(0);
  const growth = figures.soaked.rssMb / figures.warm.rssMb;
  return `| ${figures.label} | ${figures.calls.toLocaleString("en-US")} | ${figures.errors} | ${figures.callsPerSecond.toFixed(0)} | ${fixed(figures.p50Ms, 1)} | ${fixed(figures.p99Ms, 1)} | ${mb(figures.warm.rssMb)} | ${mb(figures.soaked.rssMb)} | ${fixed(growth)}× | ${mb(figures.soaked.newSpaceMb)} | ${mb(figures.soaked.heapUsedMb)} |`;
}

function ratioCell(ratio: Ratio, met: boolean, target: string): string {
  return `${fixed(ratio.median)}× (${fixed(ratio.min)}–${fixed(ratio.max)}); ${target}: ${verdict(met)}`;
}

function comparisonRow(comparison: Comparison): string {
  const { throughput, p99, rss } = comparison;
  return `| ${comparison.mode} | ${ratioCell(throughput, throughput.median >= 1, "≥ 1.0×")} | ${ratioCell(p99, p99.median <= 1, "≤ 1.0×")} | ${ratioCell(rss, rss.median <= 1.1, "≤ 1.1×")} |`;
}

function report(measured: {
  readonly comparisons: readonly Comparison[];
  readonly cappedRows: readonly ServerFigures[];
  readonly rounds: number;
  readonly load: readonly [number | undefined, number | undefined];
}): ScenarioResult {
  const { comparisons, cappedRows, rounds } = measured;
  const [stateful, stateless] = comparisons as [Comparison, Comparison];
  const servers = [
    ...comparisons.flatMap((comparison) => [comparison.ours, comparison.theirs]),
    ...cappedRows,
  ];
  const errors = servers.reduce((sum, figures) => sum + figures.errors, 0);
  const ours = servers.filter((figures) => figures.label.startsWith("toolwright"));
  const worstGrowth = Math.max(...ours.map((figures) => figures.soaked.rssMb / figures.warm.rssMb));
  const [loadBefore, loadAfter] = measured.load.map((value) => fixed(value ?? 0));
  const section = [
    "## 8. Serve load",
    "",
    `\`serveMcp\` over Streamable HTTP on 127.0.0.1 with a bearer token and one cheap in-process tool, beside a plain server on the official SDK v2 (\`@modelcontextprotocol/server\` and \`/node\`, \`McpServer.registerTool\` with a zod schema, the SDK's Host and Origin guards, the same token, path and body limit; sessions on the SDK's Node transport with 2026-07-28 requests routed to \`createMcpHandler\`, stateless on \`createMcpHandler\` alone) doing the same work; each server runs in its own child process, so the RSS is the server's alone. toolwright's sessions also keep their streams resumable (an event store and a priming event per stream), which the plain server does not. Each round, ${clients} concurrent clients (the MCP SDK's \`Client\` and \`StreamableHTTPClientTransport\`, in the bench process, competing for the same cores) each open a session, make ${callsPerClient} \`tools/call\` one after another and leave: every other client ends its session (DELETE), the rest just disconnect, so their sessions stay until they idle out (30 minutes; toolwright's \`maxSessions\` is raised to 1,024 so the bench's leftovers never reach it).`,
    "",
    `Per mode, the two servers run at the same time and take turns: one warm-up round each, then ${rounds} rounds, each loading toolwright and the SDK server one after the other in an order that alternates from round to round; memory is read after every round, after two full GCs. The ratios are the median over the rounds of each round's toolwright ÷ SDK figure (in brackets the range over the rounds): other work on the machine (shared by other jobs; load average ${loadBefore} before the run, ${loadAfter} after) moves the absolute figures, much less the ratio of two servers measured a second apart. The figures per server pool every measured round.`,
    "",
    "| server | calls | errors | calls/s | p50 ms | p99 ms | RSS after warm-up MB | RSS after soak MB | soak / warm-up | young generation after soak MB | JS heap used after soak MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...servers.map(row),
    "",
    "| toolwright ÷ SDK | throughput | p99 latency | RSS after the round |",
    "| --- | --- | --- | --- |",
    ...comparisons.map(comparisonRow),
    "",
    `Targets: no errors — ${errors} (${verdict(errors === 0)}); toolwright's RSS after the soak at most 1.5× RSS after warm-up — worst ${fixed(worstGrowth)}× (${verdict(worstGrowth <= 1.5)}); beside the SDK, throughput ≥ 1.0×, p99 ≤ 1.0×, RSS ≤ 1.1× (the table above).`,
    "",
    `Stateless (\`sessions: "stateless"\`, a fresh MCP server and transport per request, for replicas behind a load balancer) serves ${fixed(stateless.ours.callsPerSecond / stateful.ours.callsPerSecond)}× the stateful calls per second on the same load (${stateless.ours.callsPerSecond.toFixed(0)} against ${stateful.ours.callsPerSecond.toFixed(0)}); its clients send no \`DELETE\` and leave no session behind.`,
    "",
    "What grows is V8's young generation (new space), not retained objects: with many requests in flight, more objects survive a scavenge, and V8 enlarges the young generation up to its maximum (`--max-semi-space-size`; its default scales with the machine's memory). It stays at that size while the load lasts (V8 may shrink it once the server is idle, and may keep the pages for reuse); the JS heap in use stays flat. `NODE_OPTIONS=--max-semi-space-size=16` caps it, as the last two rows show. Sessions that were never ended cost about 25 KB each until they idle out (at most `maxSessions`, 256 by default).",
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: `serve --http under ${clients} clients × ${callsPerClient} calls`,
        toolwright: `p50 ${stateful.ours.p50Ms.toFixed(0)} ms, p99 ${stateful.ours.p99Ms.toFixed(0)} ms, ${errors} errors`,
        others: `plain official-SDK server, toolwright ÷ SDK (median of ${rounds} alternating rounds): stateful throughput ${fixed(stateful.throughput.median)}×, p99 ${fixed(stateful.p99.median)}×, RSS ${fixed(stateful.rss.median)}×; stateless ${fixed(stateless.throughput.median)}×, ${fixed(stateless.p99.median)}×, ${fixed(stateless.rss.median)}×`,
      },
    ],
  };
}

/** Scenario 8: `serveMcp` over HTTP beside a plain SDK server under concurrent SDK clients. */
export const serveLoadScenario: Scenario = { id: "serve-load", title: "Serve load", run };
