// `toolwright call`'s progress bar: the frames themselves (with an injected clock), then `main()`
// in-process with a stderr that says it is a terminal, and one that does not (a pipe).
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { main } from "../../src/cli/main.js";
import { ProgressBar, progressBarFor, progressFrame } from "../../src/cli/progress-bar.js";
import { root } from "./run-cli.js";

// Colour codes (none unless FORCE_COLOR is set): frames are compared without them.
const sgr = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** A stream that records what is written to it, as a terminal of `columns` without colours. */
function terminal(columns: number, isTTY = true) {
  const stream = Object.assign(new PassThrough(), {
    isTTY,
    columns,
    getColorDepth: () => 1,
    hasColors: () => false,
  });
  const writes: string[] = [];
  stream.on("data", (chunk: Buffer) => writes.push(chunk.toString()));
  return { stream, writes };
}

describe("progressFrame", () => {
  it("draws a bar, the percentage, done/total and the message with a total; the count without", () => {
    assert.equal(
      progressFrame({ progress: 5, total: 20, message: "page 5" }),
      "[█████░░░░░░░░░░░░░░░]  25% 5/20 page 5",
    );
    assert.equal(progressFrame({ progress: 20, total: 20 }), "[████████████████████] 100% 20/20");
    assert.equal(progressFrame({ progress: 1234, message: "rows" }), "1234 rows");
    assert.equal(progressFrame({ progress: 2.125 }), "2.13");
    assert.equal(progressFrame({ progress: 3, total: 0 }), "[████████████████████] 100% 3/0");
  });
});

describe("ProgressBar", () => {
  it("redraws in place at most once per interval, draws the latest when it is over, and clears", async () => {
    const { stream, writes } = terminal(80);
    let now = 1_000;
    // The timer is the test's own: it fires when the test says, whatever the machine's load.
    const timers: { draw: () => void; ms: number }[] = [];
    const schedule = (draw: () => void, ms: number) => {
      timers.push({ draw, ms });
      return () => undefined;
    };
    const bar = new ProgressBar({
      stream,
      columns: () => 80,
      intervalMs: 50,
      now: () => now,
      schedule,
    });
    bar.update({ progress: 1, total: 4, message: "a" });
    now += 10;
    bar.update({ progress: 2, total: 4, message: "b" });
    bar.update({ progress: 3, total: 4, message: "c" });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      writes.map((write) => write.replace(sgr, "")),
      ["\r[█████░░░░░░░░░░░░░░░]  25% 1/4 a\x1b[K"],
    );
    // One timer for the waiting reports, set for the rest of the interval; when it fires, the latest is drawn.
    assert.deepEqual(
      timers.map((timer) => timer.ms),
      [40],
    );
    now += 50;
    timers[0]?.draw();
    assert.equal(writes.at(-1)?.replace(sgr, ""), "\r[███████████████░░░░░]  75% 3/4 c\x1b[K");
    assert.equal(writes.length, 2, "b was never drawn: c replaced it while it waited");
    now += 1;
    bar.update({ progress: 4, total: 4, message: "done" });
    assert.equal(writes.at(-1)?.replace(sgr, ""), "\r[████████████████████] 100% 4/4 done\x1b[K");
    bar.clear();
    assert.equal(writes.at(-1), "\r\x1b[2K");
  });

  it("cuts a frame to the terminal's width and turns control characters into spaces", () => {
    const { stream, writes } = terminal(20);
    const bar = new ProgressBar({ stream, columns: () => 20, now: () => 0 });
    bar.update({ progress: 7, message: "rows\nof \x1b[31mred" });
    assert.equal(writes[0]?.replace(sgr, ""), "\r7 rows of  [31mred\x1b[K");
    bar.update({ progress: 8, total: 10 });
    bar.clear();
    const narrow = new ProgressBar({ stream, columns: () => 12, now: () => 0 });
    narrow.update({ progress: 1, total: 2 });
    assert.equal(writes.at(-1)?.replace(sgr, ""), "\r[█████████…\x1b[K");
  });

  it("clears nothing when it never drew, and drops a report still waiting", async () => {
    const { stream, writes } = terminal(80);
    const idle = new ProgressBar({ stream, columns: () => 80 });
    idle.clear();
    assert.equal(writes.length, 0);
    let now = 0;
    const bar = new ProgressBar({ stream, columns: () => 80, intervalMs: 20, now: () => now });
    bar.update({ progress: 1 });
    now = 5;
    bar.update({ progress: 2 });
    bar.clear();
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.deepEqual(
      writes.map((write) => write.replace(sgr, "")),
      ["\r1\x1b[K", "\r\x1b[2K"],
    );
  });
});

describe("progressBarFor", () => {
  it("draws on a terminal only: the stream's isTTY, or stderrIsTTY when the output says", () => {
    const stdout = new PassThrough();
    const pipe = new PassThrough();
    const tty = terminal(80).stream;
    assert.ok(progressBarFor({ stdout, stderr: tty, quiet: false }));
    assert.equal(progressBarFor({ stdout, stderr: tty, quiet: true }), undefined);
    assert.equal(progressBarFor({ stdout, stderr: pipe, quiet: false }), undefined);
    assert.ok(progressBarFor({ stdout, stderr: pipe, quiet: false, stderrIsTTY: true }));
    assert.equal(
      progressBarFor({ stdout, stderr: tty, quiet: false, stderrIsTTY: false }),
      undefined,
    );
  });
});

describe("toolwright call on a terminal", () => {
  let dir = "";
  before(async () => {
    await mkdir(join(root, ".tmp"), { recursive: true });
    dir = await mkdtemp(join(root, ".tmp", "progress-"));
    await writeFile(
      join(dir, "tools.ts"),
      `import { z } from "zod";
import { type ActivityContext, activity, Tool } from ${JSON.stringify(join(root, "src", "index.ts"))};

export class CountTool extends Tool {
  @activity({ description: "Counts", schema: z.object({ to: z.number().int(), total: z.boolean() }) })
  count(input: { to: number; total: boolean }, context: ActivityContext) {
    for (let n = 1; n <= input.to; n++) context.progress(n, input.total ? input.to : undefined, \`item \${n}\`);
    return \`counted \${input.to}\`;
  }
}
`,
    );
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs `main()` with stderr as given; returns stdout, stderr and their writes in order. */
  const call = async (stderr: ReturnType<typeof terminal>, args: readonly string[]) => {
    const stdout = new PassThrough();
    const order: string[] = [];
    let out = "";
    stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      order.push(`out:${chunk}`);
    });
    stderr.stream.on("data", (chunk: Buffer) => order.push(`err:${chunk}`));
    const code = await main([...args, "--db", join(dir, "memory.db")], {
      stdin: Readable.from([""]),
      stdout,
      stderr: stderr.stream,
    });
    return { code, stdout: out, stderr: stderr.writes.join(""), order };
  };
  const count = (to: number, total: boolean) => [
    "call",
    join(dir, "tools.ts"),
    "CountTool_count",
    JSON.stringify({ to, total }),
  ];

  it("draws a bar for reports with a total and clears it before the result", async () => {
    const run = await call(terminal(60), count(4, true));
    assert.equal(run.code, 0);
    assert.equal(run.stdout, "counted 4\n");
    const stderr = run.stderr.replace(sgr, "");
    assert.ok(
      stderr.startsWith("calling CountTool_count…\n\r[█████░░░░░░░░░░░░░░░]  25% 1/4 item 1\x1b[K"),
      JSON.stringify(stderr),
    );
    // The finished report is always drawn, however fast the ones before it came.
    assert.ok(stderr.endsWith("\r[████████████████████] 100% 4/4 item 4\x1b[K\r\x1b[2K"));
    const result = run.order.indexOf("out:counted 4\n");
    assert.equal(run.order[result - 1], "err:\r\x1b[2K", "cleared just before the result");
  });

  it("draws the count without a total", async () => {
    const run = await call(terminal(60), count(3, false));
    assert.equal(run.stdout, "counted 3\n");
    const stderr = run.stderr.replace(sgr, "");
    assert.ok(
      stderr.startsWith("calling CountTool_count…\n\r1 item 1\x1b[K"),
      JSON.stringify(stderr),
    );
    assert.ok(stderr.endsWith("\r\x1b[2K"));
  });

  it("writes no progress bytes to a pipe, nor with --quiet", async () => {
    const pipe = await call(terminal(60, false), count(4, true));
    assert.equal(pipe.stdout, "counted 4\n");
    assert.equal(pipe.stderr.replace(sgr, ""), "calling CountTool_count…\n");
    const quiet = await call(terminal(60), ["-q", ...count(4, true)]);
    assert.equal(quiet.stdout, "counted 4\n");
    assert.equal(quiet.stderr, "");
  });
});
