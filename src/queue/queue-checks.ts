import { ToolboxError } from "../errors/toolbox-error.js";
import { checkOptions } from "../internal/check-options.js";
import {
  aFunction,
  anyValue,
  nonEmptyString,
  type OptionRule,
  type OptionRules,
  timeLimit,
  timerMs,
  wholeNumber,
} from "../internal/option-rules.js";
import type { ToolboxOptions } from "../toolbox/toolbox-options.js";
import { minimumSecretBytes } from "./job-signature.js";
import type { QueueToolboxOptions, QueueWorkerOptions } from "./queue-options.js";

const queueName: OptionRule = {
  expected: "a name of letters, digits, _, . and -",
  test: (value) => typeof value === "string" && /^[\w.-]+$/.test(value),
};

const connection: OptionRule = {
  expected: "a redis:// or rediss:// URL, or ioredis options",
  test: (value) =>
    typeof value === "string"
      ? ["redis:", "rediss:"].includes(URL.parse(value)?.protocol ?? "")
      : typeof value === "object" && value !== null && !Array.isArray(value),
};

const limits: OptionRule = {
  expected: 'an object of positive whole numbers by "Tool.activity"',
  test: (value) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((limit) => Number.isInteger(limit) && limit >= 1),
};

const secret: OptionRule = {
  expected: `a string of at least ${minimumSecretBytes} bytes`,
  test: (value) => typeof value === "string" && Buffer.byteLength(value) >= minimumSecretBytes,
};

const fleetRules: OptionRules = {
  connection,
  queue: queueName,
  // BullMQ puts `:` between the prefix and the queue's name; one inside either would blur keys.
  prefix: {
    ...nonEmptyString,
    test: (value) => nonEmptyString.test(value) && !/:/.test(`${value}`),
  },
  limits,
  secret,
};

// A Record, so a Toolbox option added later fails to compile until it is listed here; the Toolbox
// checks their values itself.
const toolboxKeys: Record<keyof ToolboxOptions, true> = {
  concurrency: true,
  repairs: true,
  taskMemory: true,
  memoryTool: true,
  customRepairs: true,
  inputLimits: true,
  timeoutMs: true,
  telemetry: true,
  receipts: true,
  deferLoading: true,
  search: true,
};

const queueToolboxRules: OptionRules = Object.freeze({
  ...Object.fromEntries(Object.keys(toolboxKeys).map((key) => [key, anyValue])),
  ...fleetRules,
  noWorkerTimeoutMs: timerMs,
  waitTimeoutMs: timeLimit,
  attempts: wholeNumber(1),
  backoffMs: wholeNumber(0),
});

const workerRules: OptionRules = Object.freeze({
  ...fleetRules,
  concurrency: wholeNumber(1),
  name: nonEmptyString,
  lockDurationMs: timerMs,
  stalledIntervalMs: timerMs,
  maxStalledCount: wholeNumber(0),
  maxResultChars: wholeNumber(1),
  onError: aFunction,
});

const error = (owner: string) => (option: string, message: string) =>
  new ToolboxError({ message: `${owner}: "${option}" ${message}` });

/**
 * @internal Throws `ToolboxError` for `QueueToolbox` options with an unknown key, a wrong value or no
 * `connection`, and returns the `Toolbox` options among them.
 */
export function checkQueueToolboxOptions(options: QueueToolboxOptions): ToolboxOptions {
  checkOptions(options, {
    owner: "QueueToolbox",
    rules: queueToolboxRules,
    required: ["connection"],
    error: error("QueueToolbox"),
  });
  const toolboxOptions: Record<string, unknown> = {};
  for (const key of Object.keys(toolboxKeys)) {
    const value = (options as unknown as Record<string, unknown>)[key];
    if (value !== undefined) toolboxOptions[key] = value;
  }
  return toolboxOptions as ToolboxOptions;
}

/** @internal Throws `ToolboxError` for `startWorker` options with an unknown key or a wrong value. */
export function checkWorkerOptions(options: QueueWorkerOptions): void {
  checkOptions(options, {
    owner: "startWorker",
    rules: workerRules,
    required: ["connection"],
    error: error("startWorker"),
  });
}
