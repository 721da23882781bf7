// The server process of the serve-load scenario: `serveMcp` over Streamable HTTP with one cheap
// in-process tool (or, with --sdk, a plain server on the official SDK doing the same work), so the RSS
// measured is the server's alone. Prints `{"url":…}` once serving; then, per line on stdin, `memory`
// prints RSS and heap after two full GCs, and `stop` closes the server.
// toolwright is loaded from `--build <dir>`, its compiled JavaScript (serve-load.ts builds it), as users
// run the package: through tsx, src/ would carry costs users never pay (tsx's per-function name helper,
// a source map kept for every module), and the SDK it is measured against is compiled JavaScript too.
// Usage (with --expose-gc): serve-load-child.ts --token T --build DIR [--stateless] [--sdk]
import { createInterface } from "node:readline";
import { getHeapSpaceStatistics } from "node:v8";
import { z } from "zod";
import type * as Toolwright from "../../src/index.js";
import type * as ToolwrightMcp from "../../src/mcp.js";

/** What the parent reads on `memory`. */
export interface ServerMemory {
  readonly rssMb: number;
  readonly heapUsedMb: number;
  /** Committed size of V8's young generation: it grows under concurrent load and shrinks when idle. */
  readonly newSpaceMb: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --expose-gc");
const mb = (bytes: number) => bytes / 2 ** 20;

const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1] as string;

/** serveMcp over one tool; each process loads only its own server's modules. */
async function startToolwright(token: string, stateless: boolean) {
  const build = argument("--build");
  const { activity, TextArtifact, Tool, Toolbox } = (await import(
    `${build}/index.js`
  )) as typeof Toolwright;
  const { serveMcp } = (await import(`${build}/mcp.js`)) as typeof ToolwrightMcp;

  class LoadTool extends Tool {
    @activity({
      description: "Adds two numbers",
      schema: z.object({ a: z.number(), b: z.number() }),
      annotations: { readOnly: true, idempotent: true },
    })
    add(input: { a: number; b: number }) {
      return new TextArtifact(String(input.a + input.b));
    }
  }

  return serveMcp(new Toolbox([new LoadTool()]), {
    transport: "http",
    token,
    sessions: stateless ? "stateless" : "stateful",
    // Half the bench's clients leave without DELETE: over all its rounds they would pass the default 256.
    ...(stateless ? {} : { maxSessions: 1024 }),
  });
}

const token = argument("--token");
const stateless = process.argv.includes("--stateless");
const server = process.argv.includes("--sdk")
  ? await (await import("../anchors/mcp-sdk-server.js")).startSdkServer({ token, stateless })
  : await startToolwright(token, stateless);
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line === "memory") {
    gc();
    gc();
    const { rss, heapUsed } = process.memoryUsage();
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
    const memory: ServerMemory = {
      rssMb: mb(rss),
      heapUsedMb: mb(heapUsed),
      newSpaceMb: mb(newSpace?.space_size ?? 0),
    };
    process.stdout.write(`${JSON.stringify(memory)}\n`);
  } else if (line === "stop") {
    break;
  }
}
lines.close();
await server.close();
