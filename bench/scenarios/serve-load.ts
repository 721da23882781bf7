// Scenario 8, serve load: `serveMcp` over Streamable HTTP on 127.0.0.1 under 50 concurrent clients (the
// MCP SDK's own Client and StreamableHTTPClientTransport), 40 `tools/call` each per round, the server in
// a child process so its RSS is its own. One warm-up round, then a soak; p50/p99 latency, errors, and
// the server's RSS after warm-up and after the soak. Beside each toolwright run, a plain server on the
// official SDK doing the same work (bench/anchors/mcp-sdk-server.ts), stateful and stateless, run in
// turn; then toolwright with `--max-semi-space-size=16`, which caps V8's young generation (what grows).
// Run alone: npm run bench -- --only serve-load
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import type { ServerMemory } from "./serve-load-child.js";

const clients = 50;
const callsPerClient = 40;

interface RoundResult {
  readonly latenciesMs: number[];
  readonly errors: number;
}

interface RunResult {
  readonly label: string;
  readonly calls: number;
  /** Calls per second over the soak, all clients together. */
  readonly callsPerSecond: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly warm: ServerMemory;
  readonly soaked: ServerMemory;
}

/** The server child: its URL, and its memory on request. */
class ServerChild {
  readonly #child: ChildProcessByStdio<Writable, Readable, null>;
  readonly #lines: AsyncIterator<string>;

  constructor(nodeFlags: readonly string[], token: string, stateless: boolean, sdk: boolean) {
    this.#child = spawn(
      process.execPath,
      [
        ...nodeFlags,
        "--expose-gc",
        "--import",
        "tsx",
        new URL("serve-load-child.ts", import.meta.url).pathname,
        "--token",
        token,
        ...(stateless ? ["--stateless"] : []),
        ...(sdk ? ["--sdk"] : []),
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    this.#lines = createInterface({ input: this.#child.stdout })[Symbol.asyncIterator]();
  }

  async next<T>(): Promise<T> {
    const { value, done } = await this.#lines.next();
    if (done === true) throw new Error("the serve-load server exited");
    return JSON.parse(value) as T;
  }

  memory(): Promise<ServerMemory> {
    this.#child.stdin.write("memory\n");
    return this.next<ServerMemory>();
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.#child.once("exit", resolve));
    this.#child.stdin.end("stop\n");
    await exited;
  }
}

/** One client: connect, 40 calls one after another, then leave (every other one without DELETE). */
async function client(
  url: string,
  token: string,
  index: number,
  round: RoundResult,
): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const mcp = new Client({ name: `load-${index}`, version: "1.0.0" });
  try {
    await mcp.connect(transport);
  } catch {
    (round as { errors: number }).errors += callsPerClient;
    return;
  }
  for (let call = 0; call < callsPerClient; call++) {
    const started = performance.now();
    try {
      const result = await mcp.callTool({ name: "LoadTool_add", arguments: { a: call, b: index } });
      const [block] = result.content as { text?: string }[];
      if (result.isError === true || block?.text !== String(call + index)) {
        (round as { errors: number }).errors += 1;
      }
    } catch {
      (round as { errors: number }).errors += 1;
    }
    round.latenciesMs.push(performance.now() - started);
  }
  // Real clients often just disconnect: their sessions stay until they idle out (30 minutes).
  if (index % 2 === 0) await transport.terminateSession().catch(() => undefined);
  await mcp.close();
}

async function loadRound(url: string, token: string): Promise<RoundResult> {
  const round: RoundResult = { latenciesMs: [], errors: 0 };
  await Promise.all(
    Array.from({ length: clients }, (_, index) => client(url, token, index, round)),
  );
  return round;
}

/** One server configuration to measure. */
interface RunSetup {
  readonly label: string;
  readonly nodeFlags: readonly string[];
  readonly stateless: boolean;
  /** The plain official-SDK server rather than serveMcp. */
  readonly sdk: boolean;
}

async function measureRun(setup: RunSetup, soakRounds: number): Promise<RunResult> {
  const { label } = setup;
  const token = randomBytes(32).toString("base64url");
  const server = new ServerChild(setup.nodeFlags, token, setup.stateless, setup.sdk);
  try {
    const { url } = await server.next<{ url: string }>();
    const warmRound = await loadRound(url, token);
    const warm = await server.memory();
    const latencies: number[] = [];
    let errors = warmRound.errors;
    const soakStarted = performance.now();
    for (let round = 0; round < soakRounds; round++) {
      console.error(`bench: serve-load ${label}: soak round ${round + 1}/${soakRounds}`);
      const result = await loadRound(url, token);
      latencies.push(...result.latenciesMs);
      errors += result.errors;
    }
    const soakSeconds = (performance.now() - soakStarted) / 1000;
    const soaked = await server.memory();
    latencies.sort((a, b) => a - b);
    return {
      label,
      calls: (soakRounds + 1) * clients * callsPerClient,
      callsPerSecond: latencies.length / soakSeconds,
      errors,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      warm,
      soaked,
    };
  } finally {
    await server.stop();
  }
}

const semiSpace = ["--max-semi-space-size=16"];
const setups: readonly RunSetup[] = [
  { label: "toolwright, Node defaults", nodeFlags: [], stateless: false, sdk: false },
  { label: "SDK, Node defaults", nodeFlags: [], stateless: false, sdk: true },
  { label: "toolwright, stateless", nodeFlags: [], stateless: true, sdk: false },
  { label: "SDK, stateless", nodeFlags: [], stateless: true, sdk: true },
  {
    label: "toolwright, --max-semi-space-size=16",
    nodeFlags: semiSpace,
    stateless: false,
    sdk: false,
  },
  {
    label: "toolwright, stateless, --max-semi-space-size=16",
    nodeFlags: semiSpace,
    stateless: true,
    sdk: false,
  },
];

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const soakRounds = options.quick ? 2 : 5;
  const results: RunResult[] = [];
  for (const setup of setups) results.push(await measureRun(setup, soakRounds));
  return report(results, soakRounds);
}

/** toolwright against the SDK on one load: throughput and p99 ratios, RSS after the soak. */
function comparison(ours: RunResult, theirs: RunResult) {
  const throughput = ours.callsPerSecond / theirs.callsPerSecond;
  const p99 = ours.p99Ms / theirs.p99Ms;
  const rss = ours.soaked.rssMb / theirs.soaked.rssMb;
  const verdict = (met: boolean) => (met ? "met" : "missed");
  return {
    throughput,
    p99,
    rss,
    text: `throughput ${throughput.toFixed(2)}× (target ≥ 1.0×, ${verdict(throughput >= 1)}), p99 ${p99.toFixed(2)}× (≤ 1.0×, ${verdict(p99 <= 1)}), RSS ${rss.toFixed(2)}× (≤ 1.1×, ${verdict(rss <= 1.1)})`,
  };
}

function report(results: readonly RunResult[], soakRounds: number): ScenarioResult {
  const mb = (value: number) => value.toFixed(0);
  const rows = results.map((result) => {
    const ratio = result.soaked.rssMb / result.warm.rssMb;
    return `| ${result.label} | ${result.calls.toLocaleString("en-US")} | ${result.errors} | ${result.callsPerSecond.toFixed(0)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${mb(result.warm.rssMb)} | ${mb(result.soaked.rssMb)} | ${ratio.toFixed(2)}× | ${mb(result.soaked.newSpaceMb)} | ${mb(result.soaked.heapUsedMb)} |`;
  });
  const [defaults, sdk, stateless, sdkStateless] = results as [
    RunResult,
    RunResult,
    RunResult,
    RunResult,
  ];
  const stateful = comparison(defaults, sdk);
  const perRequest = comparison(stateless, sdkStateless);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const worstRatio = Math.max(...results.map((result) => result.soaked.rssMb / result.warm.rssMb));
  const section = [
    "## 8. Serve load",
    "",
    `\`serveMcp\` over Streamable HTTP on 127.0.0.1 with a bearer token and one cheap in-process tool, beside a plain server on the official SDK (\`@modelcontextprotocol/server\` and \`/node\`, \`McpServer.registerTool\` with a zod schema, the same token, path and Host checks; sessions on the SDK's Node transport, stateless on \`createMcpHandler\`) doing the same work; each server runs in its own child process, so the RSS is the server's alone. Each round, ${clients} concurrent clients (the MCP SDK's \`Client\` and \`StreamableHTTPClientTransport\`, in the bench process, competing for the same cores) each open a session, make ${callsPerClient} \`tools/call\` one after another and leave: every other client ends its session (DELETE), the rest just disconnect, so their sessions stay until they idle out (30 minutes). One warm-up round, then ${soakRounds} soak rounds; latency is per call over the soak, client side; RSS and the JS heap are read after two full GCs. Other work on the machine moves the latencies from run to run; the memory figures hold.`,
    "",
    "| server | calls | errors | calls/s | p50 ms | p99 ms | RSS after warm-up MB | RSS after soak MB | soak / warm-up | young generation after soak MB | JS heap used after soak MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Targets: no errors — ${errors} (${errors === 0 ? "met" : "missed"}); RSS after the soak at most 1.5× RSS after warm-up — worst ${worstRatio.toFixed(2)}× (${worstRatio <= 1.5 ? "met" : "missed"}).`,
    "",
    `toolwright beside the SDK, stateful: ${stateful.text}. Stateless: ${perRequest.text}.`,
    "",
    `Stateless (\`sessions: "stateless"\`, a fresh MCP server and transport per request, for replicas behind a load balancer) serves ${(stateless.callsPerSecond / defaults.callsPerSecond).toFixed(2)}× the stateful calls per second on the same load (${stateless.callsPerSecond.toFixed(0)} against ${defaults.callsPerSecond.toFixed(0)}); its clients send no \`DELETE\` and leave no session behind.`,
    "",
    "What grows is V8's young generation (new space), not retained objects: with many requests in flight, more objects survive a scavenge, and V8 enlarges the young generation up to its maximum (`--max-semi-space-size`; its default scales with the machine's memory). It stays at that size while the load lasts (V8 may shrink it once the server is idle, and may keep the pages for reuse); the JS heap in use stays flat. `NODE_OPTIONS=--max-semi-space-size=16` caps it, as the second and last rows show. A stateless server makes more short-lived objects per call (a server and transport each), so its young generation fills sooner: under Node's defaults its RSS grows more than a stateful one's, with the same flat JS heap. Sessions that were never ended cost about 25 KB each until they idle out (at most `maxSessions`, 256).",
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: `serve --http under ${clients} clients × ${callsPerClient} calls`,
        toolwright: `p50 ${defaults.p50Ms.toFixed(0)} ms, p99 ${defaults.p99Ms.toFixed(0)} ms, ${errors} errors; RSS after soak ${(defaults.soaked.rssMb / defaults.warm.rssMb).toFixed(2)}× warm-up`,
        others: `plain official-SDK server: throughput ${stateful.throughput.toFixed(2)}×, p99 ${stateful.p99.toFixed(2)}×, RSS ${stateful.rss.toFixed(2)}× (toolwright ÷ SDK)`,
      },
    ],
  };
}

/** Scenario 7: `serveMcp` over HTTP under concurrent SDK clients: latency, errors, server RSS. */
export const serveLoadScenario: Scenario = { id: "serve-load", title: "Serve load", run };
