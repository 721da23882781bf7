import type { JsonSchemaObject } from "../schema/json.js";
import type { ActivityAnnotations } from "./activity-annotations.js";
import type { ApprovalPredicate, RetryPolicy } from "./activity-policy.js";

/**
 * An activity as a Tool class declares it: computed once per class from its `@activity` decorators.
 *
 * @example
 * ```ts
 * for (const activity of tool.activities()) console.log(activity.name, tool.activityDescription(activity.name));
 * ```
 */
export interface ToolActivity {
  /** The name models call it by (the config `name`, else the method name). */
  readonly name: string;
  /** The method that implements it. */
  readonly methodName: string;
  /** The description as configured: a string (maybe a template) or a function of the tool. */
  readonly description: string | ((tool: never) => string);
  readonly annotations: Readonly<ActivityAnnotations>;
  /** Per-activity time limit in milliseconds; `null` for deliberately none, `undefined` when unset. */
  readonly timeoutMs: number | null | undefined;
  /** False for activities that take no input. */
  readonly hasSchema: boolean;
  /** As configured; `undefined` leaves it to the agent's `approvals` option. */
  readonly needsApproval: boolean | ApprovalPredicate<never> | undefined;
  readonly retry: RetryPolicy | undefined;
  /** An agent ends its run with this activity's result. */
  readonly finalAnswer: boolean;
  /** The JSON Schema of its results (`outputSchema`), when it declares one. */
  readonly outputSchema?: JsonSchemaObject;
  /** Whether it runs as an MCP task (`task`), when it can. */
  readonly task?: "optional" | "required";
}
