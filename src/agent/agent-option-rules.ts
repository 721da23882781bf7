import { AgentError } from "../errors/agent-error.js";
import { checkOptions } from "../internal/check-options.js";
import { describeReceived } from "../internal/describe-value.js";
import {
  aBoolean,
  abortSignal,
  aFunction,
  aNumber,
  anArray,
  anObject,
  aString,
  nonEmptyString,
  type OptionRule,
  type OptionRules,
  oneOf,
  wholeNumber,
} from "../internal/option-rules.js";
import { Toolbox } from "../toolbox/toolbox.js";
import { dialectOptionRules } from "../toolbox/toolbox-checks.js";

const objectWith = (expected: string, method: string): OptionRule => ({
  expected,
  test: (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)[method] === "function",
});

const agentRules: OptionRules = Object.freeze({
  driver: objectWith("a PromptDriver", "generate"),
  tools: anArray,
  toolbox: { expected: "a Toolbox", test: (value) => value instanceof Toolbox },
  taskMemory: objectWith("a TaskMemory", "processOutput"),
  maxSteps: wholeNumber(1),
  protocol: oneOf("native", "react"),
  reflectOnToolUse: aBoolean,
  continueCutOff: aBoolean,
  system: aString,
  name: aString,
  approvals: aBoolean,
  onElicit: aFunction,
  dialectOptions: anObject,
  concurrency: { ...wholeNumber(1), expected: "a positive integer" },
  generation: anObject,
  codeMode: {
    expected: "a boolean or code-mode options",
    test: (value) => typeof value === "boolean" || anObject.test(value),
  },
  stateKey: {
    expected: "a non-empty string or Uint8Array",
    test: (value) => (typeof value === "string" || value instanceof Uint8Array) && value.length > 0,
  },
  durable: anObject,
});

const durableRules: OptionRules = Object.freeze({
  store: objectWith("a ReceiptStore", "saveRun"),
  retentionMs: { ...wholeNumber(1), expected: "a positive whole number of milliseconds" },
});

const generationRules: OptionRules = Object.freeze({
  temperature: aNumber,
  topP: aNumber,
  maxOutputTokens: { ...wholeNumber(1), expected: "a positive integer" },
  providerOptions: anObject,
});

const runRules: OptionRules = Object.freeze({
  signal: abortSignal,
  runId: nonEmptyString,
});

function configError(subject: string) {
  return (option: string, message: string) =>
    new AgentError({ code: "invalid_agent_config", subject: `${subject} "${option}"`, message });
}

/** @internal Checks `new Agent(options)`, nested `dialectOptions` and `generation` included. */
export function checkAgentOptions(options: unknown): void {
  const fail = configError("Agent option");
  if (options !== undefined && !anObject.test(options)) {
    throw new AgentError({
      code: "invalid_agent_config",
      subject: "Agent options",
      message: `must be an object; got ${describeReceived(options)}`,
    });
  }
  checkOptions(options, { owner: "Agent", rules: agentRules, required: ["driver"], error: fail });
  const { dialectOptions, generation, durable } = options as Record<string, unknown>;
  for (const [name, value, rules] of [
    ["dialectOptions", dialectOptions, dialectOptionRules],
    ["generation", generation, generationRules],
    ["durable", durable, durableRules],
  ] as const) {
    if (value === undefined) continue;
    checkOptions(value, {
      owner: `Agent option "${name}"`,
      rules,
      error: (key, message) => fail(`${name}.${key}`, message),
    });
  }
}

/** @internal Checks the options of `run`, `stream` or `resume`. */
export function checkAgentRunOptions(method: string, options: unknown): void {
  checkOptions(options, {
    owner: `Agent.${method}`,
    rules: runRules,
    error: configError(`Agent.${method} option`),
  });
}

/** @internal `resume` takes decisions as an object keyed by call id. */
export function checkDecisions(decisions: unknown): void {
  if (!anObject.test(decisions)) {
    throw new AgentError({
      code: "invalid_approval",
      subject: "Agent.resume decisions",
      message: `must be an object mapping each pending call id to a decision; got ${describeReceived(decisions)}`,
    });
  }
}
