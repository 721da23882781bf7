import { distance } from "fastest-levenshtein";
import type { Repair } from "../tool/repair.js";

/** @internal What a name points at. */
export interface NameTarget<T> {
  readonly nativeName: string;
  readonly target: T;
}

/** @internal A lookup of native names and the variants models write for them. */
export interface NameIndex<T> {
  readonly exact: ReadonlyMap<string, NameTarget<T>>;
  /** Normalised variant → target, or `null` when two targets share the variant. */
  readonly variants: ReadonlyMap<string, NameTarget<T> | null>;
}

/** @internal One named activity: its native name and the names it was built from. */
export interface NameEntry<T> {
  readonly nativeName: string;
  readonly toolName: string;
  readonly activityName: string;
  readonly target: T;
}

// Prefixes models put before a function name (`functions.X` from OpenAI's tool namespace, Gemini's `default_api.X`).
const prefixes = /^(?:functions|function|tools|tool|default_api)[.:/]/i;

/** @internal Lower case, accents dropped, every run of other characters → `_` (MCP-style sanitising folds in). */
export function normalizeName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** @internal Builds the index: exact native names, then `Tool.activity`, `Tool_activity`, case, bare activity. */
export function buildNameIndex<T>(entries: readonly NameEntry<T>[]): NameIndex<T> {
  const exact = new Map<string, NameTarget<T>>();
  const variants = new Map<string, NameTarget<T> | null>();
  const add = (key: string, value: NameTarget<T>) => {
    if (key === "") return;
    const known = variants.get(key);
    if (known === undefined) variants.set(key, value);
    else if (known !== null && known.nativeName !== value.nativeName) variants.set(key, null);
  };
  for (const entry of entries) {
    const value = { nativeName: entry.nativeName, target: entry.target };
    exact.set(entry.nativeName, value);
    add(normalizeName(entry.nativeName), value);
    add(normalizeName(`${entry.toolName}_${entry.activityName}`), value);
  }
  // Bare activity names only fill what no fuller variant took; two tools sharing one make it ambiguous.
  const bare = new Map<string, NameTarget<T> | null>();
  for (const entry of entries) {
    const key = normalizeName(entry.activityName);
    const known = bare.get(key);
    if (known === undefined) bare.set(key, { nativeName: entry.nativeName, target: entry.target });
    else if (known !== null && known.nativeName !== entry.nativeName) bare.set(key, null);
  }
  for (const [key, value] of bare) if (key !== "" && !variants.has(key)) variants.set(key, value);
  return { exact, variants };
}

/** @internal Finds what a called name means; a variant match is recorded as a repair. */
export function resolveName<T>(
  index: NameIndex<T>,
  name: string,
  repairs: Repair[],
  tolerant: boolean,
): NameTarget<T> | undefined {
  const exact = index.exact.get(name);
  if (exact !== undefined || !tolerant) return exact;
  const bare = name.trim().replace(prefixes, "");
  const found = index.exact.get(bare) ?? index.variants.get(normalizeName(bare)) ?? undefined;
  if (found !== undefined) {
    repairs.push({ step: "resolve-name", detail: `resolved "${name}" to "${found.nativeName}"` });
  }
  return found;
}

/**
 * @internal The model-facing message for a name that matched nothing: the most similar names first,
 * the list cut to stay within `budget` characters with a count of the rest.
 */
export function unknownNameMessage(name: string, known: readonly string[], budget = 1000): string {
  const shown = name.length > 80 ? `${name.slice(0, 79)}…` : name;
  if (known.length === 0) return `Tool "${shown}" not found: no tools are available.`;
  // Past twice the longest native name nothing is more similar: the work stays bounded whatever
  // length of name a model sends.
  const target = normalizeName(name).slice(0, 128);
  const scored = known.map((candidate) => {
    const normal = normalizeName(candidate);
    return { candidate, part: partDistance(target, normal), whole: distance(normal, target) };
  });
  // What the name is a part of comes first (`Calc` → `CalculatorTool_calculate`), then the closest
  // whole name, then the alphabet.
  scored.sort(
    (a, b) => a.part - b.part || a.whole - b.whole || a.candidate.localeCompare(b.candidate),
  );
  const ranked = scored.map((entry) => entry.candidate);
  let text = `Tool "${shown}" not found. Available tools, most similar first: `;
  for (const [index, candidate] of ranked.entries()) {
    const rest = ranked.length - index - 1;
    const piece = `${index === 0 ? "" : ", "}${candidate}`;
    const tail = rest > 0 ? ` … and ${rest} more.` : ".";
    if (text.length + piece.length + tail.length > budget - 30 && index > 0) {
      return `${text} … and ${ranked.length - index} more.`;
    }
    text += piece;
  }
  return `${text}.`;
}

/**
 * The fewest edits that turn `target` into some part of `text` (Sellers' approximate substring
 * match): 0 when `text` contains it, small when it contains something close.
 */
function partDistance(target: string, text: string): number {
  let previous = new Array<number>(text.length + 1).fill(0);
  for (let row = 1; row <= target.length; row++) {
    const current = [row];
    for (let column = 1; column <= text.length; column++) {
      const substitution =
        (previous[column - 1] ?? 0) + (target[row - 1] === text[column - 1] ? 0 : 1);
      current.push(
        Math.min(substitution, (previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1),
      );
    }
    previous = current;
  }
  return Math.min(...previous);
}
