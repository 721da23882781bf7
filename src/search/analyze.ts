import { tokenize } from "../memory/tokenize.js";

// Identifiers carry words without spaces: `getWeather`, `HTTPServer`, `max_results`. Separators
// (`_`, `.`, `-`) already split in `tokenize`; case changes are turned into spaces first.
const lowerThenUpper = /(\p{Ll}|\p{N})(\p{Lu})/gu;
const acronymThenWord = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const hasUpper = /\p{Lu}/u;

/**
 * @internal The search terms of a text: camelCase and acronyms split into words, then the tokens Task
 * Memory uses (FTS5's unicode61 folding). Repeats are kept. No stemming: on the BFCL questions it
 * changed recall@5 by +1.7 points on the tuning half and −0.4 on the other (bench/tune-search.ts).
 */
export function analyze(text: string): string[] {
  const spaced = hasUpper.test(text)
    ? text.replace(acronymThenWord, "$1 $2").replace(lowerThenUpper, "$1 $2")
    : text;
  return tokenize(spaced);
}
