import { jsonrepair } from "jsonrepair";
import {
  defaultInputLimits,
  type SettledInputLimits,
  textOverLimit,
  valueOverLimit,
} from "../tool/input-limits.js";
import type { Repair } from "../tool/repair.js";
import type { CustomRepairStep } from "./custom-repair-step.js";
import { duplicateKeyProblem } from "./duplicate-keys.js";
import { findCallInText } from "./find-call-in-text.js";
import { type RepairOptions, stepEnabled } from "./repair-steps.js";
import { bracketDepth, stripWrappers } from "./strip-wrappers.js";

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
    };

/** @internal How the decoder reads arguments: the repair switches and the input limits. */
export interface DecodeSettings {
  readonly switches: RepairOptions | undefined;
  readonly limits: SettledInputLimits;
  /** What a name found inside the arguments resolves to in the toolbox (`undefined`: nothing). */
  readonly resolveName?: ((name: string) => object | undefined) | undefined;
  /** The toolbox's own repair steps by position; `undefined` when it has none. */
  readonly custom?: CustomSteps | undefined;
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
 * first (the happy path), then wrapper stripping, then `jsonrepair` (trailing commas, single quotes,
 * Python literals, unquoted keys, comments, truncation). An empty string reads as `{}`. Arguments over
 * an input limit are refused before any of that.
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
    return parseBroken(raw, (error as Error).message, repairs, settings);
  }
  return deferDuplicateCheck ? { ok: true, value, unchecked: true } : checked(raw, value);
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

function parseBroken(
  raw: string,
  parseError: string,
  repairs: Repair[],
  settings: DecodeSettings,
): ParsedArguments {
  const options = settings.switches;
  if (raw.trim() === "" && stepEnabled(options, "repair-json")) {
    repairs.push({ step: "repair-json", detail: "read empty arguments as {}" });
    return { ok: true, value: {} };
  }
  let text = raw;
  // What JSON.parse says of the text the repair works on (a fence stripped first is not quoted).
  let problem = parseError;
  // A whole call in a model's own format (Qwen XML, pythonic, Mistral…) is read as that call; stripping
  // its markup and taking the JSON found inside could promote one parameter's value to the input.
  if (stepEnabled(options, "unwrap-call") && findCallInText(raw).kind === "one") {
    return failure(`${shorten(parseError)}; the arguments are a call in a model's own format`);
  }
  if (stepEnabled(options, "strip-wrappers")) {
    const stripped = stripWrappers(raw, repairs);
    if (stripped !== undefined) {
      text = stripped;
      try {
        return checked(text, JSON.parse(text));
      } catch (error) {
        // still broken: the JSON repair below gets the stripped text, and says what is wrong with it
        problem = (error as Error).message;
      }
    }
  }
  if (!stepEnabled(options, "repair-json")) return failure(problem);
  // A raw model reply in a call format of its own (`<|python_tag|>fn(a=1, b={"x": 2})`, `[fn(a=1)]`,
  // Qwen XML) is not broken JSON: repairing it would promote a piece of it to the whole input. The
  // decoder reads it as the call it is.
  if (stepEnabled(options, "unwrap-call") && findCallInText(raw).kind !== "none") {
    return failure(`${shorten(problem)}; the arguments are a call in a model's own format`);
  }
  // Repair time grows with the text (about 0.25 ms per KiB here): past the limit, only valid JSON passes.
  if (text.length > settings.limits.maxRepairLength) {
    return failure(
      `${shorten(problem)}; arguments longer than ${settings.limits.maxRepairLength.toLocaleString("en-US")} characters are not repaired, send valid JSON`,
    );
  }
  const cut = cutOff(text);
  if (cut !== undefined) return failure(cut);
  try {
    const repaired = jsonrepair(text);
    const value: unknown = JSON.parse(repaired);
    repairs.push({
      step: "repair-json",
      detail: `repaired malformed JSON (${shorten(problem)})`,
    });
    return checked(repaired, value);
  } catch (error) {
    return failure(describeFailure(text, error, problem));
  }
}

/**
 * Output cut at max_tokens is refused, never completed: whatever followed the cut (another key, more
 * items, the rest of a value) is unknown, so closing the brackets would run the method on input the
 * model may not have meant. Both quote styles are read alike, so `{'a': 'x'` and `{"a": "x"` get the
 * same answer.
 */
function cutOff(text: string): string | undefined {
  // Brackets that close as often as they open (quotes aside) mean broken quoting, not a cut.
  const opened = text.match(/[{[]/g)?.length ?? 0;
  const closed = text.match(/[}\]]/g)?.length ?? 0;
  if (opened <= closed) return undefined;
  // Single quotes open strings too, so a cut single-quoted call reads like its double-quoted twin.
  const { depth, inString } = bracketDepth(text, `"'`);
  if (depth <= 0) return undefined;
  if (inString) {
    return "the arguments end inside a string (cut off?); send the whole call again";
  }
  return "the arguments end before the call is closed (cut off?); nothing was run, send the whole call again";
}

function describeFailure(text: string, error: unknown, parseError: string): string {
  const position = /position (\d+)/.exec((error as Error).message)?.[1];
  if (position !== undefined) {
    const at = Number(position);
    const rest = text.slice(at).trimStart();
    if ((rest.startsWith("{") || rest.startsWith("[")) && isJson(text.slice(0, at))) {
      return `the arguments hold more than one JSON value (another starts at character ${at}); send one call per JSON object`;
    }
  }
  return parseError;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function failure(reason: string): ParsedArguments {
  return {
    ok: false,
    message: `Activity input JSON decoding error: ${reason}`.slice(0, 1000),
    code: "invalid_json",
  };
}

function tooLarge(reason: string): ParsedArguments {
  return { ok: false, message: `Activity input refused: ${reason}`, code: "input_too_large" };
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
