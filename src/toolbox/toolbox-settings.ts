import type { CustomRepairStep } from "../calls/custom-repair-step.js";
import type { CustomSteps, DecodeSettings } from "../calls/parse-arguments.js";
import type { ToolCallInput } from "../calls/tool-call.js";
import type { TelemetryOptions } from "../observe/tool-call-span.js";
import { settleInputLimits } from "../tool/input-limits.js";
import type { ExecuteAllOptions, ExecuteOptions, ToolboxOptions } from "./toolbox-options.js";

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
  };
}

/** @internal The decode settings of one call: the toolbox's, under the call's own repair switches. */
export function callSettings(decode: DecodeSettings, options: ExecuteOptions): DecodeSettings {
  if (options.repairs === undefined) return decode;
  return { ...decode, switches: { ...decode.switches, ...options.repairs } };
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
