// A worker process of the queue scenario (queue.ts): `startWorker` with concurrency 1 on the bench
// tools, until its stdin closes. Usage: queue-child.ts --redis <url> --queue <name>
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { activity, TextArtifact, Tool, Toolbox } from "../../src/index.js";
import { startWorker } from "../../src/queue.js";
import { isMain } from "../child.js";

const numbered = z.object({ n: z.number().int() });

/** The scenario's activities: one that waits on "I/O" for 200 ms, one that does nothing. */
export class QueueBenchTool extends Tool {
  @activity({
    description: "Waits 200 ms, as a call to a slow service does",
    schema: numbered,
    annotations: { readOnly: true, idempotent: true },
  })
  async wait(input: { n: number }) {
    await sleep(200);
    return new TextArtifact(String(input.n));
  }

  @activity({
    description: "Returns its number",
    schema: numbered,
    annotations: { readOnly: true, idempotent: true },
  })
  echo(input: { n: number }) {
    return new TextArtifact(String(input.n));
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { redis: { type: "string" }, queue: { type: "string" } },
  });
  if (values.redis === undefined || values.queue === undefined) {
    throw new Error("usage: queue-child.ts --redis <url> --queue <name>");
  }
  const worker = await startWorker(new Toolbox([new QueueBenchTool()]), {
    connection: values.redis,
    queue: values.queue,
    concurrency: 1,
  });
  process.stdout.write("ready\n");
  process.stdin.resume();
  process.stdin.once("end", () => {
    void worker.close().then(() => process.exit(0));
  });
}
