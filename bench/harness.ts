import { Bench } from "tinybench";

/** One contender in a side-by-side measurement. */
export interface Contender {
  name: string;
  fn: () => unknown;
}

/** Latency statistics of one contender, in microseconds. */
export interface Measurement {
  name: string;
  medianUs: number;
  p95Us: number;
  samples: number;
}

/**
 * Runs every contender on the same work in this process, warm-up first, and returns median and p95 per
 * call. Contenders are interleaved by tinybench task order; each runs for `timeMs`.
 */
export async function measure(
  contenders: readonly Contender[],
  options: { timeMs?: number; warmupMs?: number } = {},
): Promise<Measurement[]> {
  const bench = new Bench({
    time: options.timeMs ?? 1_500,
    warmupTime: options.warmupMs ?? 300,
    retainSamples: true,
  });
  for (const contender of contenders) bench.add(contender.name, contender.fn);
  await bench.run();
  return bench.tasks.map((task) => {
    const result = task.result;
    if (!("latency" in result)) throw new Error(`${task.name} did not complete: ${result.state}`);
    const samples = result.latency.samples ?? [];
    return {
      name: task.name,
      medianUs: result.latency.p50 * 1_000,
      p95Us: percentile(samples, 0.95) * 1_000,
      samples: result.latency.samplesCount,
    };
  });
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

/** A Markdown table of measurements with each row's median as a ratio to `reference`'s. */
export function ratioTable(rows: readonly Measurement[], reference: string): string {
  const base = rows.find((row) => row.name === reference);
  const lines = [
    `| contender | median µs | p95 µs | ratio to ${reference} | samples |`,
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    const ratio = base === undefined ? Number.NaN : row.medianUs / base.medianUs;
    lines.push(
      `| ${row.name} | ${row.medianUs.toFixed(2)} | ${row.p95Us.toFixed(2)} | ${ratio.toFixed(2)}× | ${row.samples} |`,
    );
  }
  return lines.join("\n");
}
