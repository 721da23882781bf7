import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, describe, it } from "node:test";
import { ReceiptStorePlaces } from "./fixtures/receipt-stores.js";

// A durable agent run over a non-idempotent charge, SIGKILLed at each point from the run's first save
// to its end (before, inside and after the method, around each receipt write and each persist), then
// resumed in a new process: the charge happened exactly once, or the call reports `outcome_unknown`;
// never twice. The child names each point and waits for the parent, which kills it there: no timing.

const child = new URL("./fixtures/crash-child.ts", import.meta.url).pathname;
const places = new ReceiptStorePlaces();
let scratch: Promise<string> | undefined;
after(async () => {
  await places.dispose();
  if (scratch !== undefined) await rm(await scratch, { recursive: true, force: true });
});

interface Place {
  readonly kind: "sqlite" | "redis";
  readonly location: string;
  readonly keyPrefix: string;
  readonly effects: string;
}

interface ChildRun {
  readonly points: string[];
  readonly result: Summary | undefined;
}

interface Summary {
  readonly status?: string;
  readonly error?: string;
  readonly calls?: { code: string; replayed: boolean }[];
}

async function freshPlace(kind: Place["kind"]): Promise<Place> {
  scratch ??= mkdtemp(join(tmpdir(), "toolwright-crash-"));
  const effects = join(await scratch, `${crypto.randomUUID()}.log`);
  if (kind === "sqlite")
    return { kind, location: await places.sqlitePath(), keyPrefix: "", effects };
  const { url, keyPrefix } = await places.redis();
  return { kind, location: url, keyPrefix, effects };
}

/** Runs the child to its end, or SIGKILLs it when it reaches its `killAt`-th point (1-based). */
async function runChild(mode: "run" | "resume", place: Place, killAt?: number): Promise<ChildRun> {
  const args = [mode, place.kind, place.location, place.keyPrefix, place.effects, "run-1"];
  const proc = spawn(process.execPath, ["--import", "tsx", child, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  proc.stdin.on("error", () => {}); // a write racing the kill
  const exited = once(proc, "exit");
  const points: string[] = [];
  let result: Summary | undefined;
  for await (const line of createInterface({ input: proc.stdout })) {
    if (line.startsWith("point ")) {
      points.push(line.slice("point ".length));
      if (points.length === killAt) {
        proc.kill("SIGKILL");
        break;
      }
      proc.stdin.write("go\n");
    } else if (line.startsWith("result ")) result = JSON.parse(line.slice("result ".length));
  }
  await exited;
  return { points, result };
}

async function charges(place: Place): Promise<number> {
  const text = await readFile(place.effects, "utf8").catch(() => "");
  return text.split("\n").filter((line) => line === "charge 7").length;
}

/**
 * One `describe` per store: a dry run names the points, then the run is SIGKILLed at each point
 * `at` selects (every point, or those named) and resumed in a new process. Killed at every point,
 * the four outcomes must all occur; npm test kills at one point (crash-resume.test.ts), `npm run
 * test:integration` at every point of both stores (crash-resume.integration.ts).
 */
export function killedRunCases(kinds: readonly Place["kind"][], at: "every" | readonly string[]) {
  for (const kind of kinds) {
    describe(`a durable run killed at ${at === "every" ? "every point" : at.join(", ")}, ${kind} store`, () => {
      it("charges exactly once or reports outcome_unknown, never twice", async () => {
        const dry = await freshPlace(kind);
        const { points, result } = await runChild("run", dry);
        assert.equal(result?.status, "completed");
        assert.equal(await charges(dry), 1);
        for (const expected of ["method-start#1", "method-effect#1", "receipt-finish-after#1"]) {
          assert.ok(points.includes(expected), `the run passes ${expected}: ${points.join(", ")}`);
        }
        const killPoints =
          at === "every"
            ? points.map((_, index) => index + 1)
            : at.map((name) => {
                assert.ok(points.includes(name), `the run passes ${name}: ${points.join(", ")}`);
                return points.indexOf(name) + 1;
              });
        const seen = new Set<string>();
        for (const killAt of killPoints) seen.add(await killAndResume(kind, points, killAt));
        // Every rule was exercised: a call never started ran on resume, a finished one was replayed,
        // a started-unfinished one was reported.
        if (at === "every")
          assert.deepEqual([...seen].sort(), ["not saved", "outcome_unknown", "ran", "replayed"]);
      });
    });
  }
}

/** Kills a run at its `killAt`-th point, resumes it and checks the charge; returns the outcome. */
async function killAndResume(kind: Place["kind"], points: string[], killAt: number) {
  const place = await freshPlace(kind);
  const killed = await runChild("run", place, killAt);
  const at = killed.points.at(-1);
  assert.equal(at, points[killAt - 1], "the run reaches the same points every time");
  const resumed = (await runChild("resume", place)).result;
  const count = await charges(place);
  const where = `killed at ${at} (point ${killAt}): resumed ${JSON.stringify(resumed)}, ${count} charges`;
  assert.ok(count <= 1, where);
  if (resumed?.error !== undefined) {
    // Killed before the run's first save: there is no run to resume, and nothing was charged.
    assert.equal(resumed.error, "invalid_agent_state", where);
    assert.equal(killAt, 1, where);
    assert.equal(count, 0, where);
    return "not saved";
  }
  assert.equal(resumed?.status, "completed", where);
  const charge = resumed?.calls?.[0];
  assert.ok(charge !== undefined, where);
  if (charge.code === "outcome_unknown") return "outcome_unknown";
  assert.equal(charge.code, "ok", where);
  assert.equal(count, 1, where);
  return charge.replayed ? "replayed" : "ran";
}
