import type { Usage } from "../spec.js";

/**
 * Builds a `Usage`; the total is computed when the provider gives only the two parts.
 *
 * @example
 * ```ts
 * makeUsage(10, 5); // { inputTokens: 10, outputTokens: 5, totalTokens: 15 }
 * ```
 */
export function makeUsage(
  inputTokens: number | null | undefined,
  outputTokens: number | null | undefined,
  totalTokens?: number | null,
): Usage {
  const input = inputTokens ?? undefined;
  const output = outputTokens ?? undefined;
  const total =
    totalTokens ?? (input !== undefined && output !== undefined ? input + output : undefined);
  return { inputTokens: input, outputTokens: output, totalTokens: total };
}

/**
 * Adds two usages (an agent's steps); a count stays `undefined` only if both sides lack it.
 *
 * @example
 * ```ts
 * addUsage(step1.usage, step2.usage).totalTokens;
 * ```
 */
export function addUsage(left: Usage, right: Usage): Usage {
  const add = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : a + b;
  return {
    inputTokens: add(left.inputTokens, right.inputTokens),
    outputTokens: add(left.outputTokens, right.outputTokens),
    totalTokens: add(left.totalTokens, right.totalTokens),
  };
}
