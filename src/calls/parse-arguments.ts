import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import {
  defaultInputLimits,
  type SettledInputLimits,
  textOverLimit,
  valueOverLimit,
} from "../tool/input-limits.js";
import type { Repair } from "../tool/repair.js";
import type { CustomRepairStep } from "./custom-repair-step.js";
import { duplicateKeyProblem } from "./duplicate-keys.js";
import type { CallInText } from "./find-call-in-text.js";
import type { RepairOptions } from "./repair-steps.js";

// The repair steps (wrapper stripping, the format readers, the cut-off check, jsonrepair) run only on
// text `JSON.parse` refused: loaded then, so the root entry stays light.
const repairModule = loadOnUse<typeof import("./repair-arguments.js")>(
  siblingModuleUrl(import.meta.url, "./repair-arguments").href,
);

/**
 * @internal A call's arguments as a value, or why they cannot be read: `invalid_json` for text no step
 * reads, `input_too_large` for arguments over an input limit (refused before any parsing work),
 * `duplicate_key` for text that repeats a key with different values.
 */
export type ParsedArguments =
  | {
      readonly ok: true;
      readonly value: unknown;
      /** Parsed straight from the text, with the duplicate-key check left to the caller. */
      readonly unchecked?: true;
    }
  | {
      readonly ok: false;
      readonly message: string;
      readonly code: "invalid_json" | "input_too_large" | "duplicate_key";
      /** The text is a call in a model's own format (found once, by the format readers). */
      readonly inText?: Exclude<CallInText, { readonly kind: "none" }>;
    };

/** @internal How the decoder reads arguments: the repair switches and the input limits. */
export interface DecodeSettings {
  readonly switches: RepairOptions | undefined;
  readonly limits: SettledInputLimits;
  /** What a name found inside the arguments resolves to in the toolbox (`undefined`: nothing). */
  readonly resolveName?: ((name: string) => object | undefined) | undefined;
  /** The toolbox's own repair steps by position; `undefined` when it has none. */
  readonly custom?: CustomSteps | undefined;
  /**
   * Why the model's reply ended, as the caller knows it (`"stop"`, `"tool-calls"`, `"length"` …): it
   * decides arguments that lack only their closing brackets (see `closesCutOff`).
   */
  readonly finishReason?: string | undefined;
  /** The called activity is read-only: without a finish reason, such arguments may be closed. */
  readonly readOnly?: boolean | undefined;
}

/** @internal Custom repair steps grouped by where they run. */
export interface CustomSteps {
  readonly beforeParse: readonly CustomRepairStep[];
  readonly afterParse: readonly CustomRepairStep[];
  readonly afterValidationFailure: readonly CustomRepairStep[];
}

/** @internal The settings of a decoder given nothing: every step on, the default limits. */
export const defaultDecodeSettings: DecodeSettings = Object.freeze({
  switches: undefined,
  limits: defaultInputLimits,
});

/**
 * @internal Reads a call's arguments: objects pass as they are; a string goes through `JSON.parse`
 * first (the happy path), then the repair steps (`repair-arguments.ts`: a call in a model's own format,
 * wrapper stripping, the cut-off check, `jsonrepair` for trailing commas, single quotes, Python
 * literals, unquoted keys, comments). An empty string reads as `{}`. Arguments over an input limit are
 * refused before any of that.
 */
export function parseArguments(
  raw: unknown,
  repairs: Repair[],
  settings: DecodeSettings = defaultDecodeSettings,
  deferDuplicateCheck = false,
): ParsedArguments {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw !== "string") {
    const over = valueOverLimit(raw, settings.limits);
    return over === undefined ? { ok: true, value: raw } : tooLarge(over);
  }
  const over = textOverLimit(raw, settings.limits);
  if (over !== undefined) return tooLarge(over);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return repairModule().repairArguments(raw, (error as Error).message, repairs, settings);
  }
  return deferDuplicateCheck ? { ok: true, value, unchecked: true } : checked(raw, value);
}

/**
 * @internal JSON text found inside the arguments, repaired by `jsonrepair` unless it is over `limit`,
 * does not start like JSON or was cut off (`undefined` then). Loads the repair steps on first use.
 */
export function repairJsonText(trimmed: string, limit: number): unknown {
  return repairModule().repairJsonText(trimmed, limit);
}

/** @internal The parsed value, unless its text repeats a key with different values (`JSON.parse` keeps the last). */
export function checked(text: string, value: unknown): ParsedArguments {
  const duplicate = duplicateKeyProblem(text, value);
  return duplicate === undefined ? { ok: true, value } : duplicateFailure(duplicate);
}

/** @internal The refusal of text that repeats a key with different values. */
export function duplicateFailure(problem: string): ParsedArguments {
  return {
    ok: false,
    message: `Activity input JSON decoding error: ${problem}`,
    code: "duplicate_key",
  };
}

/** @internal The refusal of argument text no step reads, with `reason` in the message. */
export function unreadableArguments(reason: string): ParsedArguments {
  return {
    ok: false,
    message: `Activity input JSON decoding error: ${reason}`.slice(0, 1000),
    code: "invalid_json",
  };
}

function tooLarge(reason: string): ParsedArguments {
  return { ok: false, message: `Activity input refused: ${reason}`, code: "input_too_large" };
}
