import type { CustomRepairStep } from "../calls/custom-repair-step.js";
import type { CustomSteps, DecodeSettings } from "../calls/parse-arguments.js";
import type { RepairStep } from "../calls/repair-steps.js";
import type { ToolCallInput } from "../calls/tool-call.js";
import { dialects } from "../dialects/dialect.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { checkOptions } from "../internal/check-options.js";
import { describeReceived } from "../internal/describe-value.js";
import {
  aBoolean,
  abortSignal,
  aFunction,
  anArray,
  anObject,
  aPrincipal,
  aString,
  type OptionRule,
  type OptionRules,
  oneOf,
  timeLimit,
  wholeNumber,
} from "../internal/option-rules.js";
import type { TelemetryOptions } from "../observe/tool-call-span.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import { settleInputLimits } from "../tool/input-limits.js";
import type { ExecuteAllOptions, ExecuteOptions, ToolboxOptions } from "./toolbox-options.js";

// A Record, so adding a repair step without listing it here fails to compile.
const repairStepKeys: Record<RepairStep, true> = {
  "expand-parallel": true,
  "resolve-name": true,
  "strip-wrappers": true,
  "repair-json": true,
  "unwrap-string": true,
  "unwrap-call": true,
  "unwrap-envelope": true,
  coerce: true,
};
const repairRules: OptionRules = Object.freeze(
  Object.fromEntries(Object.keys(repairStepKeys).map((step) => [step, aBoolean])),
);

const positiveInteger = { ...wholeNumber(1), expected: "a positive integer" };

/** @internal What each key of `DialectOptions` must be. */
export const dialectOptionRules: OptionRules = Object.freeze({
  strict: aBoolean,
  geminiSchemaField: oneOf("parameters", "parametersJsonSchema"),
  jsonSchemaDraft: oneOf("2020-12", "draft-07"),
  toolSearch: oneOf("activity", "native"),
});

const dialectRule = oneOf(...dialects);

const dialectTargetRules: OptionRules = Object.freeze({
  dialect: dialectRule,
  ...dialectOptionRules,
});

const taskMemoryRule: OptionRule = {
  expected: "a TaskMemory",
  test: (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { processOutput?: unknown }).processOutput === "function",
};

/** @internal The `deferLoading` option's rule. */
export const deferLoadingRule: OptionRule = Object.freeze({
  expected: "true, false, a function or { alwaysLoaded: string[] }",
  test: (value: unknown) =>
    typeof value === "boolean" ||
    typeof value === "function" ||
    (typeof value === "object" &&
      value !== null &&
      Object.keys(value).every((key) => key === "alwaysLoaded") &&
      Array.isArray((value as { alwaysLoaded?: unknown }).alwaysLoaded) &&
      (value as { alwaysLoaded: unknown[] }).alwaysLoaded.every(
        (name) => typeof name === "string",
      )),
});

const nonNegative: OptionRule = Object.freeze({
  expected: "a finite number ≥ 0",
  test: (value: unknown) => typeof value === "number" && Number.isFinite(value) && value >= 0,
});
const searchRules: OptionRules = Object.freeze({
  weights: anObject,
  embed: aFunction,
  fusion: oneOf("scores", "ranks"),
  lexicalWeight: Object.freeze({
    expected: "a number from 0 to 1",
    test: (value: unknown) => typeof value === "number" && value >= 0 && value <= 1,
  }),
});
const searchCallRules: OptionRules = Object.freeze({ limit: wholeNumber(1) });
const weightRules: OptionRules = Object.freeze({
  name: nonNegative,
  description: nonNegative,
  parameterNames: nonNegative,
  parameterText: nonNegative,
});

const toolboxRules: OptionRules = Object.freeze({
  concurrency: positiveInteger,
  repairs: anObject,
  // `null`: no task memory, not even the default one.
  taskMemory: {
    expected: `${taskMemoryRule.expected} or null`,
    test: (value) => value === null || taskMemoryRule.test(value),
  },
  memoryTool: aBoolean,
  inputLimits: anObject,
  timeoutMs: timeLimit,
  customRepairs: anArray,
  telemetry: anObject,
  receipts: anObject,
  deferLoading: deferLoadingRule,
  search: anObject,
});

const telemetryRules: OptionRules = Object.freeze({
  recordInputs: aBoolean,
  recordOutputs: aBoolean,
});

const customStepRules: OptionRules = Object.freeze({
  name: {
    expected: "a name of letters, digits, - and _",
    test: (value) => typeof value === "string" && /^[\w-]+$/.test(value),
  },
  at: oneOf("before-parse", "after-parse", "after-validation-failure"),
  run: aFunction,
});

const inputLimitRules: OptionRules = Object.freeze({
  maxArgumentBytes: positiveInteger,
  maxDepth: positiveInteger,
  maxKeys: positiveInteger,
  maxRepairLength: { ...wholeNumber(0), expected: "a whole number >= 0 (0 turns JSON repair off)" },
});

// `concurrency` is accepted by `execute` and `prepare` too (and unused there): one options object is
// commonly shared by all three, as `ExecuteAllOptions` extends `ExecuteOptions`.
const executeRules: OptionRules = Object.freeze({
  signal: abortSignal,
  timeoutMs: timeLimit,
  onProgress: aFunction,
  onCallProgress: aFunction,
  caller: anObject,
  principal: aPrincipal,
  dialect: {
    expected: `a dialect (${dialects.join(", ")}) or { dialect, ...DialectOptions }`,
    test: (value) => dialectRule.test(value) || anObject.test(value),
  },
  repairs: anObject,
  concurrency: positiveInteger,
  receipts: {
    expected: "receipt options or null",
    test: (value) => value === null || anObject.test(value),
  },
  finishReason: aString,
});

function failure(owner: string) {
  return (option: string, message: string) =>
    new ToolboxError({ message: `${owner}: "${option}" ${message}` });
}

/** @internal Checks `new Toolbox(tools, options)`: an iterable of tools and `ToolboxOptions`. */
export function checkToolboxArguments(tools: unknown, options: unknown): void {
  if (
    typeof tools !== "object" ||
    tools === null ||
    typeof (tools as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function"
  ) {
    throw failure("new Toolbox")(
      "tools",
      `must be an iterable of Tool instances; got ${describeReceived(tools)}`,
    );
  }
  checkOptions(options, { owner: "Toolbox", rules: toolboxRules, error: failure("Toolbox") });
  checkRepairs("Toolbox", (options as { repairs?: unknown }).repairs);
  const steps = (options as { customRepairs?: unknown }).customRepairs;
  if (Array.isArray(steps)) {
    steps.forEach((step, index) => {
      checkNested(`customRepairs[${index}]`, step, {
        rules: customStepRules,
        required: ["name", "at", "run"],
      });
    });
  }
  const { inputLimits, telemetry } = options as { inputLimits?: unknown; telemetry?: unknown };
  if (inputLimits !== undefined)
    checkNested("inputLimits", inputLimits, { rules: inputLimitRules });
  if (telemetry !== undefined) checkNested("telemetry", telemetry, { rules: telemetryRules });
  checkSearchSettings(options as ToolboxOptions, failure("Toolbox"));
  const receipts = (options as { receipts?: unknown }).receipts;
  if (receipts !== undefined) checkReceipts("Toolbox", receipts);
}

/** @internal What each key of `ReceiptOptions` must be (here, so the root entry loads no receipts module). */
export const receiptOptionRules: OptionRules = Object.freeze({
  store: {
    expected: "a ReceiptStore",
    test: (value: unknown) =>
      typeof value === "object" &&
      value !== null &&
      (value as { specificationVersion?: unknown }).specificationVersion === "v1" &&
      typeof (value as { begin?: unknown }).begin === "function",
  },
  scope: aString,
  retentionMs: { ...wholeNumber(1), expected: "a positive whole number of milliseconds" },
  clock: aFunction,
});

/** @internal Checks receipt options given to `owner` (the Toolbox, or one of its methods). */
export function checkReceipts(
  owner: string,
  receipts: unknown,
): asserts receipts is ReceiptOptions {
  checkOptions(receipts, {
    owner: `${owner} option "receipts"`,
    rules: receiptOptionRules,
    required: ["store"],
    error: (key, message) => failure(owner)(`receipts.${key}`, message),
  });
}

/** An object inside the Toolbox's options, checked against its own rules; its keys named by path. */
function checkNested(
  path: string,
  value: unknown,
  check: { readonly rules: OptionRules; readonly required?: readonly string[] },
): void {
  checkOptions(value, {
    ...check,
    owner: `Toolbox option "${path}"`,
    error: (key, message) => failure("Toolbox")(`${path}.${key}`, message),
  });
}

/**
 * @internal Checks the options of `execute`, `executeAll` or `prepare`; only called when options
 * were passed, so a call without them costs nothing here.
 */
export function checkExecuteOptions(owner: string, options: unknown): void {
  const fail = failure(owner);
  checkOptions(options, { owner, rules: executeRules, error: fail });
  const dialect = (options as { dialect?: unknown }).dialect;
  if (typeof dialect === "object") {
    checkOptions(dialect, {
      owner: `${owner} option "dialect"`,
      rules: dialectTargetRules,
      required: ["dialect"],
      error: (key, message) => fail(`dialect.${key}`, message),
    });
  }
  checkRepairs(owner, (options as { repairs?: unknown }).repairs);
  const receipts = (options as { receipts?: unknown }).receipts;
  if (receipts !== undefined && receipts !== null) checkReceipts(owner, receipts);
}

/** @internal Checks the options of `toProviderTools`. */
export function checkDialectOptions(options: unknown): void {
  checkOptions(options, {
    owner: "Toolbox.toProviderTools",
    rules: dialectOptionRules,
    error: failure("Toolbox.toProviderTools"),
  });
}

/** @internal `setTaskMemory` takes a TaskMemory. */
export function checkTaskMemory(memory: unknown): void {
  if (!taskMemoryRule.test(memory)) {
    throw failure("Toolbox.setTaskMemory")(
      "memory",
      `must be ${taskMemoryRule.expected}; got ${describeReceived(memory)}`,
    );
  }
}

/** @internal A call must be an object (its fields are the model's and are repaired, not rejected). */
export function checkCall(owner: string, call: unknown, argument = "call"): void {
  if (typeof call !== "object" || call === null) {
    throw failure(owner)(
      argument,
      `must be a tool call { id?, name, arguments? }; got ${describeReceived(call)}`,
    );
  }
}

/** @internal A call's `idempotencyKey`, when given, is a non-empty string. */
export function checkIdempotencyKey(owner: string, key: unknown): void {
  if (key !== undefined && (typeof key !== "string" || key === "")) {
    throw new ToolboxError({
      message: `${owner}: the call's "idempotencyKey" must be a non-empty string; got ${describeReceived(key)}`,
    });
  }
}

/** @internal `executeAll` takes an array of calls. */
export function checkCalls(calls: unknown): void {
  if (!Array.isArray(calls)) {
    throw failure("Toolbox.executeAll")(
      "calls",
      `must be an array of tool calls; got ${describeReceived(calls)}`,
    );
  }
  calls.forEach((call, index) => {
    checkCall("Toolbox.executeAll", call, `calls[${index}]`);
  });
}

function checkRepairs(owner: string, repairs: unknown): void {
  if (repairs === undefined) return;
  checkOptions(repairs, {
    owner: `${owner} option "repairs"`,
    rules: repairRules,
    error: (key, message) => failure(owner)(`repairs.${key}`, message),
  });
}

/** @internal A toolbox's options with their defaults applied, in the shape its parts use them. */
export interface ToolboxSettings {
  readonly concurrency: number;
  readonly decode: DecodeSettings;
  readonly memoryTool: boolean;
  /**
   * No `taskMemory` option: off-prompt tools get an in-memory one, as in Griptape's structures; made
   * on first use, so a `setTaskMemory` right after construction comes first.
   */
  readonly defaultMemory: boolean;
  readonly timeoutMs: number | null | undefined;
  readonly telemetry: TelemetryOptions | undefined;
  readonly receipts: ReceiptOptions | undefined;
}

/**
 * @internal The settings of a toolbox given `options` (already checked); `resolveName` tells what a
 * name found inside a call's arguments means in this toolbox.
 */
export function settleToolboxOptions(
  options: ToolboxOptions,
  resolveName: (name: string) => object | undefined,
): ToolboxSettings {
  return {
    concurrency: options.concurrency ?? 8,
    decode: Object.freeze({
      switches: options.repairs,
      limits: settleInputLimits(options.inputLimits),
      resolveName,
      custom: groupCustomSteps(options.customRepairs),
    }),
    memoryTool: options.memoryTool ?? true,
    defaultMemory: options.taskMemory === undefined,
    timeoutMs: options.timeoutMs,
    telemetry: options.telemetry,
    receipts: options.receipts,
  };
}

/** @internal The decode settings of one call: the toolbox's, under the call's own repair switches. */
export function callSettings(decode: DecodeSettings, options: ExecuteOptions): DecodeSettings {
  const { repairs, finishReason } = options;
  if (repairs === undefined && finishReason === undefined) return decode;
  return {
    ...decode,
    switches: repairs === undefined ? decode.switches : { ...decode.switches, ...repairs },
    finishReason,
  };
}

/**
 * @internal The settings of a call to a read-only activity: arguments that lack only their closing
 * brackets may then be closed without a finish reason. `twin` is the toolbox's own settings' twin.
 */
export function readOnlySettings(
  settings: DecodeSettings,
  own: DecodeSettings,
  twin: DecodeSettings,
): DecodeSettings {
  return settings === own ? twin : { ...settings, readOnly: true };
}

/** @internal A batch's options for one of its calls: `onCallProgress` becomes the call's `onProgress`. */
export function withCallProgress(options: ExecuteAllOptions, call: ToolCallInput): ExecuteOptions {
  const listener = options.onCallProgress;
  if (listener === undefined) return options;
  // Every call of a batch has its id by now (given, made up, or `<wrapper id>.<n>` inside a wrapper).
  const owner = { id: call.id ?? "", name: String(call.name) };
  return { ...options, onProgress: (progress) => listener(owner, progress) };
}

function groupCustomSteps(steps: readonly CustomRepairStep[] | undefined): CustomSteps | undefined {
  if (steps === undefined || steps.length === 0) return undefined;
  return Object.freeze({
    beforeParse: steps.filter((step) => step.at === "before-parse"),
    afterParse: steps.filter((step) => step.at === "after-parse"),
    afterValidationFailure: steps.filter((step) => step.at === "after-validation-failure"),
  });
}

/** @internal Checks `toolbox.search`'s arguments; returns the limit. */
export function checkSearch(query: unknown, options: unknown): number {
  if (typeof query !== "string") {
    throw new ToolboxError({
      message: `Toolbox.search: the query must be a string; got ${describeReceived(query)}`,
    });
  }
  checkOptions(options, {
    owner: "Toolbox.search",
    rules: searchCallRules,
    error: (key, message) => new ToolboxError({ message: `Toolbox.search: "${key}" ${message}` }),
  });
  return (options as { limit?: number }).limit ?? 5;
}

/** @internal Checks the `search` option's keys and weights. */
export function checkSearchSettings(
  options: { readonly search?: unknown },
  failure: (option: string, message: string) => ToolboxError,
): void {
  if (options.search === undefined) return;
  checkOptions(options.search, {
    owner: 'Toolbox option "search"',
    rules: searchRules,
    error: (key, message) => failure(`search.${key}`, message),
  });
  const weights = (options.search as { weights?: unknown }).weights;
  if (weights === undefined) return;
  checkOptions(weights, {
    owner: 'Toolbox option "search.weights"',
    rules: weightRules,
    error: (key, message) => failure(`search.weights.${key}`, message),
  });
}
