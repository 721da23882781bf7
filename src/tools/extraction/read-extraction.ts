import { parse as parseCsv } from "csv-parse/sync";
import type { JsonValue } from "../../schema/json.js";

/**
 * @internal The JSON array in a model's extraction answer: from its first `[` to its last `]`, as
 * Griptape's `(?s)[^\[]*(\[.*\])` finds it, so prose or a code fence around it does not matter. No
 * `[` at all means nothing was extracted; an array that does not parse is an error.
 */
export function readJsonRows(
  answer: string,
): { ok: true; rows: JsonValue[] } | { ok: false; reason: string } {
  const start = answer.indexOf("[");
  const end = answer.lastIndexOf("]");
  if (start === -1) return { ok: true, rows: [] };
  if (end < start) return { ok: false, reason: "the JSON array is not closed" };
  try {
    const value: unknown = JSON.parse(answer.slice(start, end + 1));
    if (!Array.isArray(value)) return { ok: false, reason: "it is not an array" };
    return { ok: true, rows: value as JsonValue[] };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * @internal The rows of a model's CSV answer, without its header, each as the model's values in the
 * order of `columns` when its header names them all (in any order or case), else as written. A code
 * fence around the CSV is dropped.
 */
export function readCsvRows(
  answer: string,
  columns: readonly string[],
): { ok: true; rows: string[][] } | { ok: false; reason: string } {
  let records: string[][];
  try {
    records = parseCsv(withoutFence(answer), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const [header, ...rows] = records;
  if (header === undefined) return { ok: true, rows: [] };
  const named = header.map((name) => name.toLowerCase());
  const order = columns.map((column) => named.indexOf(column.toLowerCase()));
  if (order.some((index) => index === -1)) return { ok: true, rows };
  return { ok: true, rows: rows.map((row) => order.map((index) => row[index] ?? "")) };
}

/** The text inside a Markdown code fence that wraps the whole answer, else the answer. */
function withoutFence(answer: string): string {
  const text = answer.trim();
  if (!text.startsWith("```") || !text.endsWith("```") || text.length < 6) return answer;
  const firstLineEnd = text.indexOf("\n");
  const lastLineStart = text.lastIndexOf("\n");
  if (firstLineEnd === -1 || lastLineStart <= firstLineEnd) return answer;
  return text.slice(firstLineEnd + 1, lastLineStart);
}

/** @internal One CSV line, quoting values that hold a comma, a quote or a line break (RFC 4180). */
export function csvLine(values: readonly string[]): string {
  return values
    .map((value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value))
    .join(",");
}
