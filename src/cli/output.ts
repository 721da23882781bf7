import { styleText } from "node:util";

/** @internal Where a command writes: results on stdout, progress and problems on stderr. */
export interface CliOutput {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** No progress lines on stderr (`--quiet`). */
  readonly quiet: boolean;
  /** Whether stderr is a terminal, where `call` draws a progress bar; `stderr.isTTY` when absent. */
  readonly stderrIsTTY?: boolean;
}

type Style = Parameters<typeof styleText>[0];

/** @internal Colours text only when the stream is a TTY and NO_COLOR is not set (Node decides). */
export function paint(style: Style, text: string, stream: NodeJS.WritableStream): string {
  return styleText(style, text, { stream, validateStream: true });
}

/** @internal One line on stdout. */
export function say(output: CliOutput, line: string): void {
  output.stdout.write(`${line}\n`);
}

/** @internal One progress line on stderr, unless `--quiet`. */
export function progress(output: CliOutput, line: string): void {
  if (!output.quiet) output.stderr.write(`${paint("dim", line, output.stderr)}\n`);
}

/** @internal Whether stderr is a terminal: `stderrIsTTY` when given, else the stream's own `isTTY`. */
export function stderrIsTerminal(output: CliOutput): boolean {
  return output.stderrIsTTY ?? (output.stderr as { isTTY?: boolean }).isTTY === true;
}

/** @internal One warning or problem line on stderr (never silenced). */
export function warn(output: CliOutput, line: string): void {
  output.stderr.write(`${line}\n`);
}

/**
 * @internal Rows as columns padded to their widest cell; `styles[i]` colours column i after the
 * widths are measured, so escape codes never skew the layout.
 */
export function table(
  rows: readonly (readonly string[])[],
  styles: readonly (((cell: string) => string) | undefined)[] = [],
): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, [...cell].length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, index) => {
        const styled = styles[index]?.(cell) ?? cell;
        if (index === row.length - 1) return styled;
        return styled + " ".repeat((widths[index] ?? 0) - [...cell].length + 2);
      })
      .join("")
      .trimEnd(),
  );
}

/** @internal The first line of a text, cut to `max` characters. */
export function firstLine(text: string, max = 100): string {
  const line = text.split("\n", 1)[0]?.trim() ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** @internal `1 tool`, `2 tools`, `3 activities`. */
export function plural(count: number, noun: string): string {
  if (count === 1) return `1 ${noun}`;
  return `${count} ${noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : `${noun}s`}`;
}
