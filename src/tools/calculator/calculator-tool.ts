import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { ChildRunner } from "../../internal/child-runner.js";
import {
  type OptionRules,
  positiveNumber,
  timerMs,
  wholeNumber,
} from "../../internal/option-rules.js";
import { siblingModuleUrl } from "../../internal/sibling-module.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { checkBuiltInToolOptions } from "../tool-option.js";
import type { EvaluateReply, EvaluateRequest } from "./calculator-child.js";

/**
 * Options of a {@link CalculatorTool}.
 *
 * @example
 * ```ts
 * new CalculatorTool({ evaluationTimeoutMs: 500, maxExpressionLength: 2_000, poolSize: 4 });
 * ```
 */
export interface CalculatorToolOptions extends ToolOptions {
  /** Longest expression accepted, in characters; 10,000 by default. */
  maxExpressionLength?: number;
  /**
   * Hard time limit of one call, in milliseconds, counted from the call, so time waiting for a free
   * evaluator counts (the evaluating process is killed); 2,000 by default.
   */
  evaluationTimeoutMs?: number;
  /** V8 heap limit (`--max-old-space-size`) of each evaluating child process, in MB; 128 by default. */
  maxMemoryMb?: number;
  /** Longest result text returned, in characters; 10,000 by default. */
  maxResultLength?: number;
  /** Evaluating child processes that may run at once, each started on first need; 2 by default. */
  poolSize?: number;
  /** Calls that may wait for a free evaluator; one more is refused at once as busy. 16 by default. */
  maxQueue?: number;
  /** Longest wait for a free evaluator, in milliseconds, before the call is refused as busy; 1,000 by default. */
  queueWaitMs?: number;
}

const optionRules: OptionRules = {
  maxExpressionLength: positiveNumber,
  evaluationTimeoutMs: timerMs,
  maxMemoryMb: positiveNumber,
  maxResultLength: positiveNumber,
  poolSize: wholeNumber(1),
  maxQueue: wholeNumber(0),
  queueWaitMs: timerMs,
};

const calculateSchema = z.object({
  expression: z
    .string()
    .describe(
      'Arithmetic expression parsable by mathjs. For example: "5 * 5", "sqrt(2) / 3", "2 inch to cm", "det([1, 2; 3, 4])".',
    ),
});

/**
 * Griptape's CalculatorTool: evaluates arithmetic and algebra with mathjs (never JavaScript `eval`), in a
 * small pool of child processes with a size cap, a hard time limit and a heap limit, so expression bombs
 * fail cleanly and one caller's runaway expressions delay another's by at most the queue wait.
 *
 * @example
 * ```ts
 * const calculator = new CalculatorTool();
 * (await calculator.run("calculate", { expression: "5 * 5" })).toText(); // "25"
 * ```
 */
export class CalculatorTool extends Tool {
  readonly maxExpressionLength: number;
  readonly #runner: ChildRunner<EvaluateRequest, EvaluateReply>;
  readonly #timeoutMs: number;
  readonly #maxMemoryMb: number;
  readonly #maxResultLength: number;

  constructor(options: CalculatorToolOptions = {}) {
    checkBuiltInToolOptions(new.target, options, optionRules);
    const {
      maxExpressionLength,
      evaluationTimeoutMs,
      maxMemoryMb,
      maxResultLength,
      poolSize,
      maxQueue,
      queueWaitMs,
      ...base
    } = options;
    super(base);
    this.maxExpressionLength = maxExpressionLength ?? 10_000;
    this.#timeoutMs = evaluationTimeoutMs ?? 2_000;
    this.#maxMemoryMb = maxMemoryMb ?? 128;
    this.#maxResultLength = maxResultLength ?? 10_000;
    this.#runner = new ChildRunner({
      module: siblingModuleUrl(import.meta.url, "calculator-child"),
      execArgv: [`--max-old-space-size=${Math.ceil(this.#maxMemoryMb)}`],
      poolSize: poolSize ?? 2,
      maxQueue: maxQueue ?? 16,
      queueWaitMs: queueWaitMs ?? 1_000,
    });
  }

  @activity({
    description: "Can be used for computing simple numerical or algebraic calculations",
    schema: calculateSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: false },
  })
  async calculate(
    input: z.output<typeof calculateSchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    const { expression } = input;
    if (expression.length > this.maxExpressionLength) {
      return calculationError(
        `the expression is ${expression.length} characters long, over the ${this.maxExpressionLength} limit`,
      );
    }
    const outcome = await this.#runner.request(
      { expression, maxResultLength: this.#maxResultLength },
      { timeoutMs: this.#timeoutMs, signal: context.signal },
    );
    if (outcome.kind === "timeout") {
      return calculationError(`the expression took longer than ${this.#timeoutMs} ms`);
    }
    if (outcome.kind === "busy") {
      return new ErrorArtifact(
        "error calculating: the calculator is busy with other calculations; try again in a few seconds",
        { code: "busy" },
      );
    }
    if (outcome.kind === "memory") {
      return calculationError(`the expression needs more than ${this.#maxMemoryMb} MB of memory`);
    }
    if (outcome.kind === "crash") {
      return calculationError(
        outcome.outOfMemory
          ? `the expression needs more than ${this.#maxMemoryMb} MB of memory`
          : `the evaluator stopped (${outcome.detail})`,
      );
    }
    const reply = outcome.reply;
    return reply.ok ? new TextArtifact(reply.text) : calculationError(reply.message);
  }

  /**
   * Stops the evaluating child processes now instead of leaving them idle (they never keep the process
   * alive); calls still waiting for one fail. A later call starts fresh ones.
   *
   * @example
   * ```ts
   * await calculator.close();
   * ```
   */
  close(): Promise<void> {
    return this.#runner.close();
  }
}

function calculationError(reason: string): ErrorArtifact {
  return new ErrorArtifact(`error calculating: ${reason}`, { code: "calculation_failed" });
}
