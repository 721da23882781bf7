/**
 * Refusal reasons shared by the JSON-between-markers formats, worded for the model that wrote the call.
 *
 * @example
 * ```ts
 * refusalReasons.cutOff; // "the reply ends inside a call (cut off?); send the call again, complete"
 * ```
 */
export const refusalReasons = {
  cutOff: "the reply ends inside a call (cut off?); send the call again, complete",
  listCutOff:
    "the reply ends inside the list of calls (cut off?); send the calls that are missing again",
  invalidJson: (message: string) =>
    `the call is not valid JSON (${message}); send it again as standard JSON`,
  notJson: (expected: string) => `expected ${expected} here; send the call again in that form`,
} as const;
