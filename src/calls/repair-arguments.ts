import { jsonrepair } from "jsonrepair";
import { formatCount } from "../internal/bytes.js";
import type { Repair } from "../tool/repair.js";
import { closesCutOff, cutOffMessage, judgeCutOff, unclosedMessage } from "./cut-off.js";
import { type CallInText, findCallInText } from "./find-call-in-text.js";
import {
  checked,
  type DecodeSettings,
  type ParsedArguments,
  unreadableArguments,
} from "./parse-arguments.js";
import { stepEnabled } from "./repair-steps.js";
import { stripWrappers, unclosedWrapper } from "./strip-wrappers.js";

/**
 * @internal Argument text `JSON.parse` refused, read by the repair steps (loaded with this module on
 * the first such call): a whole call in a model's own format is found by the format readers — once,
 * and only in text within the repair length — and handed on as `inText`; wrappers are stripped; JSON
 * that ends before its own end is refused (a cut inside a string, a key, a value, after a comma or
 * colon); JSON that lacks only its closing brackets is closed when the finish reason allows it
 * (see `closesCutOff`); everything else goes to `jsonrepair`.
 */
export function repairArguments(
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
  const limit = settings.limits.maxRepairLength;
  // The readers, like the repair, work only on text within the repair length.
  const inText =
    stepEnabled(options, "unwrap-call") && raw.length <= limit
      ? findCallInText(raw, { finishReason: settings.finishReason, readOnly: settings.readOnly })
      : undefined;
  const formatCall = inText !== undefined && inText.kind !== "none" ? inText : undefined;
  // A whole call in a model's own format (Qwen XML, pythonic, Mistral…) is read as that call; stripping
  // its markup and taking the JSON found inside could promote one parameter's value to the input.
  if (formatCall?.kind === "one") return inFormat(parseError, formatCall);
  let text = raw;
  // What JSON.parse says of the text the repair works on (a fence stripped first is not quoted).
  let problem = parseError;
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
  // A raw model reply in a call format of its own that its reader refused (cut off, several calls)
  // is not broken JSON either: the reader's reason stands.
  if (formatCall !== undefined) return inFormat(problem, formatCall);
  if (!stepEnabled(options, "repair-json")) return failure(problem);
  // Repair time grows with the text (about 0.25 ms per KiB here): past the limit, only valid JSON passes.
  if (text.length > limit) {
    return failure(
      `${shorten(problem)}; arguments longer than ${formatCount(limit)} characters are not repaired, send valid JSON`,
    );
  }
  const cut = judgeCutOff(text);
  if (cut.kind === "cut") return failure(cutOffMessage(cut.where));
  if (cut.kind === "closable") {
    // A wrapper or fence opened before the JSON and never closed: the reply stopped inside it.
    if (unclosedWrapper(raw)) return failure(cutOffMessage("before their closing brackets"));
    if (!closesCutOff(settings.finishReason, settings.readOnly === true)) {
      return failure(unclosedMessage(cut.closing, settings.finishReason));
    }
    repairs.push({
      step: "repair-json",
      detail: `closed the arguments with ${cut.closing} (${settings.finishReason === undefined ? "read-only activity" : `finish reason "${settings.finishReason}"`})`,
    });
    text += cut.closing;
    try {
      return checked(text, JSON.parse(text));
    } catch {
      // closed but still malformed: the JSON repair gets the closed text
    }
  }
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
 * @internal JSON text inside the arguments (a string of JSON, a value given as text) repaired, or
 * `undefined`: text that does not start like JSON, is over the repair length, or ends before its own
 * end — never closed, whatever the finish reason, as its own quotes delimit it.
 */
export function repairJsonText(trimmed: string, limit: number): unknown {
  if (trimmed.length > limit || !/^[{["]/.test(trimmed)) return undefined;
  if (judgeCutOff(trimmed).kind !== "whole") return undefined;
  try {
    return JSON.parse(jsonrepair(trimmed));
  } catch {
    return undefined;
  }
}

function inFormat(
  parseError: string,
  inText: Exclude<CallInText, { kind: "none" }>,
): ParsedArguments {
  const message = `Activity input JSON decoding error: ${shorten(parseError)}; the arguments are a call in a model's own format`;
  return { ok: false, message, code: "invalid_json", inText };
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
  return unreadableArguments(reason);
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
