import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, describe, it } from "node:test";
import type { ErrorArtifact } from "../../src/index.js";
import { QueueToolbox } from "../../src/queue.js";
import { PaymentsTool } from "./fixtures/charge-tool.js";
import { ReceiptStorePlaces } from "./fixtures/receipt-stores.js";

// A queued non-idempotent charge whose worker is SIGKILLed at each point from "method started" to
// "result recorded" (the job not yet marked done): BullMQ hands the stalled job to a second worker,
// which returns the recorded result, or outcome_unknown when none was recorded. Never two charges.

const workerScript = new URL("./fixtures/crash-worker.ts", import.meta.url).pathname;
const places = new ReceiptStorePlaces();
let scratch: Promise<string> | undefined;
after(async () => {
  await places.dispose();
  if (scratch !== undefined) await rm(await scratch, { recursive: true, force: true });
});

/** Starts a worker; answers its points with "go", and SIGKILLs it at the point named `killAt`. */
async function startWorker(args: string[], killAt?: string) {
  const child = spawn(process.execPath, ["--import", "tsx", workerScript, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.on("error", () => {});
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  let killed: (() => void) | undefined;
  const killedAt = new Promise<void>((resolve) => {
    killed = resolve;
  });
  const ready = new Promise<void>((resolve) => {
    lines.on("line", (line) => {
      if (line === "ready") resolve();
      if (!line.startsWith("point ")) return;
      if (line.slice("point ".length) === killAt) {
        child.kill("SIGKILL");
        killed?.();
      } else child.stdin.write("go\n");
    });
  });
  await ready;
  return {
    killedAt,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Every point the worker is killed at in `npm run test:integration` (crash-worker.integration.ts). */
export const everyKillPoint = [
  "method-start#1",
  "method-effect#1",
  "receipt-finish-before#1",
  "receipt-finish-after#1",
] as const;

/**
 * A queued charge whose worker is killed at each of `points`; npm test kills it at one point
 * (crash-worker.test.ts).
 */
export function killedWorkerCases(points: readonly (typeof everyKillPoint)[number][]) {
  describe("a queued call whose worker is killed", () => {
    for (const killAt of points) {
      it(`killed at ${killAt}: one charge or outcome_unknown, never two`, async () => {
        scratch ??= mkdtemp(join(tmpdir(), "toolwright-crash-worker-"));
        const effects = join(await scratch, `${crypto.randomUUID()}.log`);
        const { url, keyPrefix } = await places.redis();
        const queue = `crash-${crypto.randomUUID().slice(0, 8)}`;
        const args = [url, keyPrefix, queue, effects];
        const caller = new QueueToolbox([new PaymentsTool(effects)], { connection: url, queue });
        const first = await startWorker(args, killAt);
        const pending = caller.execute({
          id: "c1",
          name: "PaymentsTool_charge",
          arguments: { amount: 7 },
        });
        await first.killedAt;
        await first.stop();
        const second = await startWorker(args);
        try {
          const result = await pending;
          const text = await readFile(effects, "utf8").catch(() => "");
          const count = text.split("\n").filter((line) => line === "charge 7").length;
          const code = (result.artifact as ErrorArtifact).code;
          const where = `${killAt}: ${result.artifact.toText()}, ${count} charges`;
          assert.ok(count <= 1, where);
          if (killAt === "receipt-finish-after#1") {
            // Recorded before the kill: the second worker returns it, marked replayed.
            assert.equal(count, 1, where);
            assert.deepEqual(JSON.parse(result.artifact.toText()), { charged: 7 });
            assert.ok(
              result.repairs.some((repair) => repair.step === "replay"),
              where,
            );
          } else assert.equal(code, "outcome_unknown", where);
        } finally {
          await second.stop();
          await caller.close();
        }
      });
    }
  });
}
