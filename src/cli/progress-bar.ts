import type { ActivityProgress } from "../tool/tool-options.js";
import { type CliOutput, paint, stderrIsTerminal } from "./output.js";

/**
 * @internal Options of a {@link ProgressBar}.
 *
 * @example
 * ```ts
 * const options: ProgressBarOptions = { stream: process.stderr, columns: () => 80 };
 * ```
 */
export interface ProgressBarOptions {
  /** The terminal the bar is drawn on (stderr). */
  readonly stream: NodeJS.WritableStream;
  /** The terminal's width now, read at every draw so a resized window is followed. */
  readonly columns: () => number;
  /** Least time between two draws, in ms; 50 by default. */
  readonly intervalMs?: number;
  /** The clock, in ms; `performance.now` by default. */
  readonly now?: () => number;
  /** Runs `draw` after `ms` and returns its cancel; an unref'd `setTimeout` by default. */
  readonly schedule?: (draw: () => void, ms: number) => () => void;
}

// The timer must not keep the CLI alive; the call it reports on does.
function unrefTimer(draw: () => void, ms: number): () => void {
  const timer = setTimeout(draw, ms).unref();
  return () => clearTimeout(timer);
}

/** Cells of the bar itself, between the brackets. */
const barWidth = 20;
/** Back to the line's start, then erase the whole line. */
const clearLine = "\r\x1b[2K";

/**
 * @internal One line of progress on a terminal, redrawn in place: `[████░░░░]  50% 5/10 message`
 * with a total, `5 message` without one. Draws at most once per interval, but a report that stays
 * the latest is drawn when the interval is over and a finished one (done reaching its total) at once;
 * {@link ProgressBar.clear} erases the line so what follows starts on a clean one.
 *
 * @example
 * ```ts
 * const bar = new ProgressBar({ stream: process.stderr, columns: () => process.stderr.columns });
 * bar.update({ progress: 5, total: 10, message: "page 5" });
 * bar.clear();
 * ```
 */
export class ProgressBar {
  readonly #stream: NodeJS.WritableStream;
  readonly #columns: () => number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #schedule: (draw: () => void, ms: number) => () => void;
  #drawnAt = Number.NEGATIVE_INFINITY;
  #drawn = false;
  #pending: ActivityProgress | undefined;
  #cancelTimer: (() => void) | undefined;

  constructor(options: ProgressBarOptions) {
    this.#stream = options.stream;
    this.#columns = options.columns;
    this.#intervalMs = options.intervalMs ?? 50;
    this.#now = options.now ?? (() => performance.now());
    this.#schedule = options.schedule ?? unrefTimer;
  }

  /** Shows a report now, or when the interval since the last draw is over. */
  update(report: ActivityProgress): void {
    const wait = this.#drawnAt + this.#intervalMs - this.#now();
    const finished = report.total !== undefined && report.progress >= report.total;
    if (wait <= 0 || finished) {
      this.#draw(report);
      return;
    }
    this.#pending = report;
    this.#cancelTimer ??= this.#schedule(() => {
      this.#cancelTimer = undefined;
      const pending = this.#pending;
      if (pending !== undefined) this.#draw(pending);
    }, wait);
  }

  /** Erases the bar (if one was drawn) and drops a report still waiting to be drawn. */
  clear(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#pending = undefined;
    if (this.#drawn) this.#stream.write(clearLine);
    this.#drawn = false;
  }

  #draw(report: ActivityProgress): void {
    this.#pending = undefined;
    this.#drawnAt = this.#now();
    this.#drawn = true;
    // One column short of the width: writing into the last one wraps the cursor on some terminals.
    const line = truncate(progressFrame(report), this.#columns() - 1);
    this.#stream.write(`\r${paint("dim", line, this.#stream)}\x1b[K`);
  }
}

/**
 * @internal The text of one frame, uncoloured and uncut: `[██████████░░░░░░░░░░]  50% 5/10 page 5`
 * with a total, `5 page 5` without one.
 *
 * @example
 * ```ts
 * progressFrame({ progress: 1, total: 4 }); // "[█████░░░░░░░░░░░░░░░]  25% 1/4"
 * ```
 */
export function progressFrame(report: ActivityProgress): string {
  const message = report.message === undefined ? "" : ` ${report.message}`;
  const { progress, total } = report;
  if (total === undefined) return `${count(progress)}${message}`;
  const share = total <= 0 ? 1 : Math.min(1, progress / total);
  const filled = Math.floor(share * barWidth);
  const bar = `[${"█".repeat(filled)}${"░".repeat(barWidth - filled)}]`;
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  return `${bar} ${percent} ${count(progress)}/${count(total)}${message}`;
}

/** Whole numbers as they are, fractions to two places at most. */
function count(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Cuts a line to `width` characters (code points), with `…` in the last one when it was longer.
 * Control characters become spaces: a message's line break or escape sequence would break the redraw.
 */
function truncate(line: string, width: number): string {
  const characters = [...line.replace(/\p{Cc}/gu, " ")];
  if (characters.length <= width) return characters.join("");
  if (width <= 0) return "";
  return `${characters.slice(0, width - 1).join("")}…`;
}

/**
 * @internal The progress bar of a command's call: on a terminal only, and not with `--quiet`, so a
 * pipe or a file gets no progress bytes at all.
 *
 * @example
 * ```ts
 * const bar = progressBarFor(output);
 * await toolbox.execute(call, bar === undefined ? {} : { onProgress: (report) => bar.update(report) });
 * bar?.clear();
 * ```
 */
export function progressBarFor(output: CliOutput): ProgressBar | undefined {
  if (output.quiet || !stderrIsTerminal(output)) return undefined;
  const stream = output.stderr;
  return new ProgressBar({
    stream,
    columns: () => (stream as { columns?: number }).columns ?? 80,
  });
}
