import type { JsonObject } from "../schema/json.js";
import type { Tool } from "../tool/tool.js";
import type { ToolActivity } from "./tool-activity.js";

/**
 * Decides whether one call needs a human's approval before it runs, from its validated input.
 *
 * @example
 * ```ts
 * const needsApproval: ApprovalPredicate<{ amount: number }> = (input) => input.amount > 100;
 * ```
 */
export type ApprovalPredicate<Input = JsonObject> = (
  input: Input,
  context: { readonly tool: Tool; readonly activity: ToolActivity },
) => boolean | Promise<boolean>;

/**
 * How often an idempotent activity is retried after it throws or times out (never after invalid input).
 *
 * @example
 * ```ts
 * const retry: RetryPolicy = { attempts: 3, backoffMs: 200 }; // waits 200 ms, then 400 ms
 * ```
 */
export interface RetryPolicy {
  /** Total attempts, the first included (2 = one retry). */
  readonly attempts: number;
  /** Wait before the first retry, doubled for each further one; 0 by default. */
  readonly backoffMs?: number;
}
