// The serve-load scenario's two halves that talk to a server: the server child (its URL, its memory on
// request, its end) and one load round, 50 real MCP SDK clients making their calls at once.
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ServerMemory } from "./serve-load-child.js";

/** Clients at once in a load round. */
export const clients = 50;
/** Calls each client makes one after another in a round. */
export const callsPerClient = 40;

/** What one load round measured, client side. */
export interface RoundResult {
  readonly latenciesMs: number[];
  errors: number;
  /** Wall-clock time of the whole round. */
  seconds: number;
}

/** Which server a child runs, and how. */
export interface ChildSetup {
  readonly nodeFlags: readonly string[];
  readonly stateless: boolean;
  /** The plain official-SDK server rather than serveMcp. */
  readonly sdk: boolean;
  /** toolwright compiled to JavaScript (see serve-load-child.ts). */
  readonly build: string;
}

/** The server child: its URL, and its memory on request. */
export class ServerChild {
  readonly #child: ChildProcessByStdio<Writable, Readable, null>;
  readonly #lines: AsyncIterator<string>;

  constructor(setup: ChildSetup, token: string) {
    // SERVE_LOAD_CPU_PROF=<dir> writes a CPU profile of each server child there (named by its process
    // id), to see the per-request path under load.
    const profileDir = process.env.SERVE_LOAD_CPU_PROF;
    const profile = profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`];
    this.#child = spawn(
      process.execPath,
      [
        ...setup.nodeFlags,
        ...profile,
        "--expose-gc",
        "--import",
        "tsx",
        new URL("serve-load-child.ts", import.meta.url).pathname,
        "--token",
        token,
        ...(setup.stateless ? ["--stateless"] : []),
        "--build",
        setup.build,
        ...(setup.sdk ? ["--sdk"] : []),
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

/** One client: connect, its calls one after another, then leave (every other one without DELETE). */
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
    round.errors += callsPerClient;
    return;
  }
  for (let call = 0; call < callsPerClient; call++) {
    const started = performance.now();
    try {
      const result = await mcp.callTool({ name: "LoadTool_add", arguments: { a: call, b: index } });
      const [block] = result.content as { text?: string }[];
      if (result.isError === true || block?.text !== String(call + index)) round.errors += 1;
    } catch {
      round.errors += 1;
    }
    round.latenciesMs.push(performance.now() - started);
  }
  // Real clients often just disconnect: their sessions stay until they idle out (30 minutes).
  if (index % 2 === 0) await transport.terminateSession().catch(() => undefined);
  await mcp.close();
}

/** One load round: every client at once; the round's calls per second count the connects too. */
export async function loadRound(url: string, token: string): Promise<RoundResult> {
  const round: RoundResult = { latenciesMs: [], errors: 0, seconds: 0 };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, index) => client(url, token, index, round)),
  );
  round.seconds = (performance.now() - started) / 1000;
  return round;
}
