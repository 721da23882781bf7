import { isPlainObject } from "../internal/clone-json.js";
import { defaultInputLimits } from "../tool/input-limits.js";
import type { Repair } from "../tool/repair.js";
import { repairJsonText } from "./parse-arguments.js";

/**
 * @internal Double encoding: `arguments` that decode to a string holding JSON (Granite 4, vllm#25729)
 * are decoded again, up to three times, as long as the result is an object or another string.
 */
export function unwrapString(value: unknown, repairs: Repair[], repairJson: boolean): unknown {
  let current = value;
  for (let round = 0; round < 3 && typeof current === "string"; round++) {
    const next = decodeJsonText(current, repairJson);
    if (!isPlainObject(next) && typeof next !== "string") break;
    if (next === current) break;
    current = next;
  }
  if (current !== value && isPlainObject(current)) {
    repairs.push({
      step: "unwrap-string",
      detail: "decoded arguments that were a JSON string of JSON",
    });
    return current;
  }
  return value;
}

/**
 * @internal `JSON.parse`, then `jsonrepair` when allowed and the text is short enough to repair quickly
 * (the default repair length of the input limits: text inside the arguments is never repaired past it)
 * and does not end before its own end (a cut-off is never closed here); `undefined` when neither reads
 * the text.
 */
export function decodeJsonText(text: string, repairJson: boolean): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    return repairJson ? repairJsonText(trimmed, defaultInputLimits.maxRepairLength) : undefined;
  }
}
