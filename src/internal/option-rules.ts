/**
 * @internal What one option must be: `expected` completes "must be …" in the error message, `test`
 * says whether a value qualifies. `undefined` never reaches a rule: it means "not given".
 */
export interface OptionRule {
  readonly expected: string;
  readonly test: (value: unknown) => boolean;
}

/** @internal The accepted keys of an options object, each with its rule. */
export type OptionRules = Readonly<Record<string, OptionRule>>;

const rule = (expected: string, test: (value: unknown) => boolean): OptionRule =>
  Object.freeze({ expected, test });

/** @internal */
export const anyValue = rule("anything", () => true);
/** @internal */
export const aString = rule("a string", (value) => typeof value === "string");
/** @internal */
export const nonEmptyString = rule(
  "a non-empty string",
  (value) => typeof value === "string" && value.trim() !== "",
);
/** @internal */
export const aBoolean = rule("true or false", (value) => typeof value === "boolean");
/** @internal */
export const aFunction = rule("a function", (value) => typeof value === "function");
/** @internal */
export const aNumber = rule(
  "a number",
  (value) => typeof value === "number" && Number.isFinite(value),
);
/** @internal */
export const positiveNumber = rule(
  "a positive number",
  (value) => typeof value === "number" && value > 0 && Number.isFinite(value),
);
/** @internal The longest delay a Node timer keeps: longer ones fire after 1 ms. */
export const maxTimerMs = 2_147_483_647;

/** @internal A delay a Node timer honours: a whole number of milliseconds from 1 to 2,147,483,647. */
export const timerMs = rule(
  "a whole number of milliseconds from 1 to 2,147,483,647",
  (value) =>
    typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= maxTimerMs,
);

/** @internal A call's time limit: a {@link timerMs} delay, or `null` for deliberately none. */
export const timeLimit = rule(
  "a whole number of milliseconds from 1 to 2,147,483,647, or null for no limit",
  (value) => value === null || timerMs.test(value),
);

/** @internal */
export const anObject = rule(
  "an object",
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
);
/** @internal A principal (`RunOptions.principal`): a name, or a scope object the memory checks. */
export const aPrincipal = rule(
  "a principal (a non-empty string or { principal, readsFrom? })",
  (value) =>
    (typeof value === "string" && value.length > 0) ||
    (typeof value === "object" && value !== null && !Array.isArray(value)),
);
/** @internal */
export const anArray = rule("an array", (value) => Array.isArray(value));
/** @internal */
export const stringArray = rule(
  "an array of strings",
  (value) => Array.isArray(value) && value.every((item) => typeof item === "string"),
);
/** @internal */
export const stringRecord = rule(
  "an object of string values",
  (value) =>
    anObject.test(value) &&
    Object.values(value as object).every((item) => typeof item === "string"),
);
/** @internal A real `AbortSignal`: `AbortSignal.any` and the SDKs accept nothing else. */
export const abortSignal = rule("an AbortSignal", (value) => value instanceof AbortSignal);

/** @internal A whole number of at least `min`. */
export function wholeNumber(min: number): OptionRule {
  return rule(
    `a whole number >= ${min}`,
    (value) => typeof value === "number" && Number.isInteger(value) && value >= min,
  );
}

/** @internal One of a few literal values. */
export function oneOf(...values: readonly (string | number | boolean)[]): OptionRule {
  return rule(`one of ${values.map((value) => JSON.stringify(value)).join(", ")}`, (value) =>
    values.includes(value as string),
  );
}

/** @internal Any of several rules. */
export function either(...rules: readonly OptionRule[]): OptionRule {
  return rule(rules.map((entry) => entry.expected).join(" or "), (value) =>
    rules.some((entry) => entry.test(value)),
  );
}
