// Mirrors SQLite FTS5's `unicode61` tokenizer with `remove_diacritics 2` (the SQLite store's), so
// that the in-memory and Redis stores count and match tokens as the SQLite store does, and query
// terms reach FTS5 in the form it indexed: letters, digits and private-use characters form tokens,
// everything else (combining marks included) separates them; case is folded, and Latin letters lose
// their diacritics (other scripts keep theirs, as in FTS5).
// Unassigned code points are token characters in FTS5 too.
const separators = /[^\p{L}\p{N}\p{Co}\p{Cn}]+/u;
// FTS5 keeps a few Latin letters whole (ǡ ǣ ǯ ǽ ǿ and their capitals) and drops only the diacritics
// Latin letters decompose into; other combining marks separate tokens.
const latinWithDiacritics = /[\u00c0-\u01df\u01e4-\u01ed\u01f0-\u01fb\u0200-\u024f\u1e00-\u1eff]/g;
const combiningDiacritics =
  /[\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331]/g;
// Letters FTS5 folds to another letter beyond lower-casing.
const variants: Readonly<Record<string, string>> = {
  "\u00b5": "\u03bc",
  "\u017f": "s",
  "\u03c2": "\u03c3",
  "\u03d0": "\u03b2",
  "\u03d1": "\u03b8",
  "\u03d5": "\u03c6",
  "\u03d6": "\u03c0",
  "\u03f0": "\u03ba",
  "\u03f1": "\u03c1",
  "\u03f5": "\u03b5",
  "\u1e9b": "s",
  "\u1fbe": "\u03b9",
};
const variantLetters =
  /[\u00b5\u017f\u03c2\u03d0\u03d1\u03d5\u03d6\u03f0\u03f1\u03f5\u1e9b\u1fbe]/g;
// Most stored text is ASCII: skip the folding passes when there is nothing to fold.
const nonAscii = /[^\t\n\r -~]/;

/** @internal The tokens of a text, folded, in order (repeats kept). */
export function tokenize(text: string): string[] {
  const tokens = fold(text).split(separators);
  // split leaves an empty string at each end that starts or ends with a separator
  if (tokens.length > 0 && tokens[0] === "") tokens.shift();
  if (tokens.length > 0 && tokens[tokens.length - 1] === "") tokens.pop();
  return tokens;
}

/** @internal Distinct tokens of a query, in order of first appearance, at most `max`. */
export function queryTerms(query: string, max: number): string[] {
  return [...new Set(tokenize(query))].slice(0, max);
}

/** @internal Token frequencies of a text and its token count (BM25's document length). */
export function termFrequencies(text: string): {
  frequencies: Map<string, number>;
  length: number;
} {
  const frequencies = new Map<string, number>();
  const tokens = tokenize(text);
  for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
  return { frequencies, length: tokens.length };
}

function fold(text: string): string {
  const lower = text.toLowerCase();
  if (!nonAscii.test(lower)) return lower;
  return lower
    .replace(variantLetters, (letter) => variants[letter] ?? letter)
    .replace(latinWithDiacritics, (letter) => letter.normalize("NFD"))
    .replace(combiningDiacritics, "");
}
