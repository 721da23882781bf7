import type { RepairStep } from "../calls/repair-steps.js";
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
  type OptionRule,
  type OptionRules,
  oneOf,
  timeLimit,
  wholeNumber,
} from "../internal/option-rules.js";

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
  dialect: {
    expected: `a dialect (${dialects.join(", ")}) or { dialect, ...DialectOptions }`,
    test: (value) => dialectRule.test(value) || anObject.test(value),
  },
  repairs: anObject,
  concurrency: positiveInteger,
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
      checkOptions(step, {
        owner: `Toolbox option "customRepairs[${index}]"`,
        rules: customStepRules,
        required: ["name", "at", "run"],
        error: (key, message) => failure("Toolbox")(`customRepairs[${index}].${key}`, message),
      });
    });
  }
  const limits = (options as { inputLimits?: unknown }).inputLimits;
  if (limits !== undefined) {
    checkOptions(limits, {
      owner: 'Toolbox option "inputLimits"',
      rules: inputLimitRules,
      error: (key, message) => failure("Toolbox")(`inputLimits.${key}`, message),
    });
  }
  const telemetry = (options as { telemetry?: unknown }).telemetry;
  if (telemetry !== undefined) {
    checkOptions(telemetry, {
      owner: 'Toolbox option "telemetry"',
      rules: telemetryRules,
      error: (key, message) => failure("Toolbox")(`telemetry.${key}`, message),
    });
  }
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
