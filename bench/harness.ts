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
  /** The contender's median in each round, in µs (for the spread of ratios between rounds). */
  roundMediansUs: number[];
}

/** How long and how often to measure. */
export interface MeasureOptions {
  /** Total time per contender, split over the rounds (ms). */
  timeMs?: number;
  /** Warm-up per contender before the first round (ms). */
  warmupMs?: number;
  /** Rounds; each runs every contender once, in a rotated order. */
  rounds?: number;
}

/**
 * Runs every contender on the same work in this process, warm-up first, and returns median and p95 per
 * call. On a noisy machine, what matters is that contenders see the same noise: the time is cut into
 * rounds, each round runs every contender for a short slice in a rotated order, and the samples of all
 * rounds are pooled.
 */
export async function measure(
  contenders: readonly Contender[],
  options: MeasureOptions = {},
): Promise<Measurement[]> {
  const rounds = options.rounds ?? 10;
  const slice = (options.timeMs ?? 2_000) / rounds;
  const pooled = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]));
  const perRound = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({
      time: slice,
      warmup: round === 0,
      warmupTime: options.warmupMs ?? 300,
      retainSamples: true,
      timestampProvider: "hrtimeNow",
      throws: true,
    });
    const order = rotate(contenders, round);
    for (const contender of order) bench.add(contender.name, contender.fn);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (!("latency" in result)) throw new Error(`${task.name} did not complete: ${result.state}`);
      const samples = [...(result.latency.samples ?? [])].sort((a, b) => a - b);
      const into = pooled.get(task.name);
      for (const sample of samples) into?.push(sample);
      perRound.get(task.name)?.push(percentile(samples, 0.5) * 1_000);
    }
  }
  return contenders.map((contender) => {
    const samples = (pooled.get(contender.name) ?? []).sort((a, b) => a - b);
    return {
      name: contender.name,
      medianUs: percentile(samples, 0.5) * 1_000,
      p95Us: percentile(samples, 0.95) * 1_000,
      samples: samples.length,
      roundMediansUs: perRound.get(contender.name) ?? [],
    };
  });
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = by % Math.max(1, items.length);
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/** The value at quantile `q` of sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

/** Per-round ratios of `row` to `base` (the same round's medians), as "min–max". */
export function ratioRange(row: Measurement, base: Measurement): string {
  const ratios = row.roundMediansUs.map((median, index) => {
    const reference = base.roundMediansUs[index];
    return reference === undefined ? Number.NaN : median / reference;
  });
  if (ratios.length === 0) return "";
  return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
}

/**
 * A Markdown table of measurements: median, p95, each row's median as a ratio to `reference`'s, the
 * range of that ratio over the rounds, and the sample count.
 */
export function ratioTable(rows: readonly Measurement[], reference: string): string {
  const base = rows.find((row) => row.name === reference);
  const lines = [
    `| contender | median µs | p95 µs | ratio to ${reference} | ratio range over rounds | samples |`,
    "| --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    const ratio = base === undefined ? Number.NaN : row.medianUs / base.medianUs;
    const range = base === undefined ? "" : ratioRange(row, base);
    lines.push(
      `| ${row.name} | ${row.medianUs.toFixed(2)} | ${row.p95Us.toFixed(2)} | ${ratio.toFixed(2)}× | ${range} | ${row.samples} |`,
    );
  }
  return lines.join("\n");
}
