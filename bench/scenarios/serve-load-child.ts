// The server process of the serve-load scenario: `serveMcp` over Streamable HTTP with one cheap
// in-process tool (or, with --sdk, a plain server on the official SDK doing the same work), so the RSS
// measured is the server's alone. Prints `{"url":…}` once serving; then, per line on stdin, `memory`
// prints RSS and heap after two full GCs, and `stop` closes the server.
// Usage (with --expose-gc): serve-load-child.ts --token T [--stateless] [--sdk]
import { createInterface } from "node:readline";
import { getHeapSpaceStatistics } from "node:v8";
import { z } from "zod";
import { activity, TextArtifact, Tool, Toolbox } from "../../src/index.js";
import { serveMcp } from "../../src/mcp.js";
import { startSdkServer } from "../anchors/mcp-sdk-server.js";

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

const token = process.argv[process.argv.indexOf("--token") + 1] as string;
const stateless = process.argv.includes("--stateless");
const server = process.argv.includes("--sdk")
  ? await startSdkServer({ token, stateless })
  : await serveMcp(new Toolbox([new LoadTool()]), {
      transport: "http",
      token,
      sessions: stateless ? "stateless" : "stateful",
    });
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
