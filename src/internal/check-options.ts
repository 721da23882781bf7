import { distance } from "fastest-levenshtein";
import { describeReceived } from "./describe-value.js";
import type { OptionRules } from "./option-rules.js";

/**
 * @internal How to check one options argument: who takes it, what it accepts and which typed error a
 * mistake becomes. The owner's error class keeps codes meaningful (`ToolConfigError` for a tool,
 * `DriverConfigError` for a driver …); `error(option, message)` gets the key at fault (or the
 * argument's name) and a message that completes `"<option>" …`.
 */
export interface OptionsCheck {
  /** Who takes the options, as messages name it: `CalculatorTool`, `Toolbox.execute`. */
  readonly owner: string;
  /** Every accepted key, with what its value must be. */
  readonly rules: OptionRules;
  /** Keys that must be given. */
  readonly required?: readonly string[];
  /** The argument's name in messages about the whole value; `options` by default. */
  readonly argument?: string;
  /** Added to the message about an unknown key: how to pass a key the owner does not take. */
  readonly unknownKeyNote?: string;
  readonly error: (option: string, message: string) => Error;
}

/**
 * @internal Throws the owner's typed error for a value that is not an object, an unknown key (naming
 * the accepted ones and the closest, for a typo), a missing required key, or a value of the wrong
 * type. `undefined` counts as not given. Constructors and rarely called methods only: it walks the
 * keys, so per-call paths call it only when options were passed.
 */
export function checkOptions(given: unknown, check: OptionsCheck): void {
  // No options at all where some are required: name the first missing one, not the argument.
  const value = given === undefined && (check.required?.length ?? 0) > 0 ? {} : given;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw check.error(
      check.argument ?? "options",
      `must be an object; got ${describeReceived(value)}`,
    );
  }
  const { rules } = check;
  for (const key of Object.keys(value)) {
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (rule === undefined) throw check.error(key, unknownKeyMessage(key, check));
    const given = (value as Record<string, unknown>)[key];
    if (given !== undefined && !rule.test(given)) {
      throw check.error(key, `must be ${rule.expected}; got ${describeReceived(given)}`);
    }
  }
  for (const key of check.required ?? []) {
    if ((value as Record<string, unknown>)[key] === undefined) {
      const expected = rules[key]?.expected;
      throw check.error(key, `is required${expected === undefined ? "" : ` (${expected})`}`);
    }
  }
}

function unknownKeyMessage(key: string, check: OptionsCheck): string {
  const accepted = Object.keys(check.rules);
  if (accepted.length === 0) return `is not an option: ${check.owner} takes no options`;
  const suggestion = closestKey(key, accepted);
  const hint = suggestion === undefined ? "" : ` (did you mean "${suggestion}"?)`;
  const note = check.unknownKeyNote === undefined ? "" : `; ${check.unknownKeyNote}`;
  return `is not an option of ${check.owner}${hint}; its options are: ${accepted.join(", ")}${note}`;
}

/**
 * @internal The accepted key a typo most likely meant: within a third of its length in edits (one
 * at least; two swapped letters count as one), ignoring case.
 */
export function closestKey(key: string, accepted: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(key.length / 3)) + 1;
  for (const candidate of accepted) {
    const lower = candidate.toLowerCase();
    const edits = isSwap(wanted, lower) ? 1 : distance(wanted, lower);
    if (edits < bestDistance) {
      best = candidate;
      bestDistance = edits;
    }
  }
  return best;
}

/** `a` is `b` with two neighbouring letters swapped (`nmae` for `name`). */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const first = [...a].findIndex((char, index) => char !== b[index]);
  return (
    first !== -1 &&
    a[first] === b[first + 1] &&
    a[first + 1] === b[first] &&
    a.slice(first + 2) === b.slice(first + 2)
  );
}
