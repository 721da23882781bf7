import { loadOnUse } from "../internal/load-on-use.js";

/** @internal A token count and how it was made. */
export interface TokenCount {
  readonly count: number;
  /** `o200k_base` (gpt-tokenizer, the GPT-4o encoding) or `≈ chars/4` (an estimate). */
  readonly method: string;
}

interface Tokenizer {
  countTokens(text: string): number;
}

// gpt-tokenizer is not a dependency: with it installed the counts are real, without it they are an
// estimate that says so. Its encoding tables load (about 2 MB) on the first count, not at start.
const tokenizer = loadOnUse<Tokenizer>("gpt-tokenizer/encoding/o200k_base");
let available: boolean | undefined;

/**
 * @internal Tokens of `text` in the GPT-4o encoding when `gpt-tokenizer` resolves, else a
 * characters-divided-by-four estimate, labelled as one.
 *
 * @example
 * ```ts
 * countTokens(JSON.stringify(tools)); // { count: 57, method: "o200k_base" }
 * ```
 */
export function countTokens(text: string): TokenCount {
  if (available !== false) {
    try {
      const count = tokenizer().countTokens(text);
      available = true;
      return { count, method: "o200k_base" };
    } catch (error) {
      // Missing package: estimate from now on. Text the encoder refuses (special tokens): this once.
      if (available === undefined && !isMissing(error)) available = true;
      else if (available === undefined) available = false;
    }
  }
  return { count: Math.ceil(text.length / 4), method: "≈ chars/4" };
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}
