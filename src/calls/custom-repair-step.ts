import type { JsonSchemaObject } from "../schema/json.js";
import type { Repair } from "../tool/repair.js";

/**
 * Where a {@link CustomRepairStep} runs: on the argument text before it is parsed, on the parsed value
 * before validation, or on a value that failed validation (after toolwright's own coercion).
 *
 * @example
 * ```ts
 * const position: RepairPosition = "after-parse";
 * ```
 */
export type RepairPosition = "before-parse" | "after-parse" | "after-validation-failure";

/**
 * What a custom step sees besides the value: the activity the call resolved to and its input schema.
 *
 * @example
 * ```ts
 * const run = (value: unknown, { activityName }: RepairContext) => (activityName === "search" ? undefined : undefined);
 * ```
 */
export interface RepairContext {
  readonly toolName: string;
  readonly activityName: string;
  readonly schema: JsonSchemaObject;
}

/**
 * A repair of your own, run at a named position of the decoder with the same logging as the built-in
 * steps: return `{ value, detail }` to replace the value (the detail goes to the call's repair log
 * under the step's `name`), or `undefined` to leave it. It must never guess: return `undefined` when
 * more than one reading fits. A step that throws is skipped (and logged), never fatal to the call.
 *
 * @example
 * ```ts
 * // Our fine-tuned model writes dates as "DD/MM/YYYY"; the schemas want ISO dates.
 * const isoDates: CustomRepairStep = {
 *   name: "iso-dates",
 *   at: "after-validation-failure",
 *   run: (value) => {
 *     if (typeof value !== "object" || value === null || !("date" in value)) return undefined;
 *     const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(value.date));
 *     if (match === null) return undefined;
 *     return { value: { ...value, date: `${match[3]}-${match[2]}-${match[1]}` }, detail: `$.date: "${value.date}" → ISO` };
 *   },
 * };
 * ```
 */
export interface CustomRepairStep {
  /** Its name in the repair log; letters, digits, `-` and `_`. */
  readonly name: string;
  readonly at: RepairPosition;
  /** Text before parsing (`before-parse`, only for text arguments); the input value otherwise. */
  readonly run: (
    value: unknown,
    context: RepairContext,
  ) => { readonly value: unknown; readonly detail: string } | undefined;
}

/** @internal Runs the steps of one position in order, logging each change; a throwing step is skipped. */
export function runCustomSteps(
  steps: readonly CustomRepairStep[],
  value: unknown,
  context: RepairContext,
  repairs: Repair[],
): unknown {
  let current = value;
  for (const step of steps) {
    let result: ReturnType<CustomRepairStep["run"]>;
    try {
      result = step.run(current, context);
    } catch (error) {
      repairs.push({
        step: step.name,
        detail: `skipped: the step threw (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    if (result === undefined || result.value === current) continue;
    current = result.value;
    repairs.push({ step: step.name, detail: result.detail });
  }
  return current;
}
