import { isPlainObject } from "../internal/clone-json.js";
import { formatPath } from "../internal/json-path.js";
import { andThen, type MaybePromise } from "../internal/maybe-promise.js";
import { type DropResult, dropUnknownKeys } from "../schema/drop-unknown-keys.js";
import type { NormalizedSchema } from "../schema/normalize-schema.js";
import type { ValidationResult } from "../schema/validation-issue.js";
import type { Repair } from "./repair.js";

// The log names what was dropped, up to a point: an input of thousands of unknown keys would otherwise
// repeat itself in the repair log.
const maxNamed = 20;

/**
 * @internal Drops the keys a closed object does not declare, renames the ones that fold to exactly one
 * declared property (`dateRange` → `date_range`, in open objects too), and validates what is left,
 * logging each change. Dropping (or keeping, in an open object) is sound only while the input still
 * carries what the model sent, so it is refused instead when a key folds to several properties or to
 * one also sent, when none of the keys it sent is declared, or when an unknown key holds an object
 * that would be the input itself (unwrapped when it is the only key: one reading fits).
 */
export function pruneAndValidate(
  schema: NormalizedSchema,
  input: unknown,
  repairs: Repair[],
): MaybePromise<ValidationResult> {
  const pruned = dropUnknownKeys(schema.jsonSchema, input);
  if (pruned.ambiguous.length > 0) return refusal(ambiguity(pruned));
  const declared = Object.keys(schema.jsonSchema.properties ?? {});
  const sent = isPlainObject(input) ? Object.keys(input) : [];
  // Undeclared keys at the top, dropped (closed) or kept (open): what the schema does not describe.
  const droppedAtTop = [...pruned.dropped, ...pruned.kept].filter((path) => path.length === 1);
  const lostAll = declared.length > 0 && sent.length > 0 && droppedAtTop.length === sent.length;
  // An unknown top-level key holding an object: maybe the whole input under a name of the model's.
  const nested = droppedAtTop
    .map((path) => path[0] as string)
    .filter((key) => isPlainObject((input as Record<string, unknown>)[key]));
  if (!lostAll && nested.length === 0) {
    log(pruned, repairs);
    return schema.validate(pruned.value);
  }
  // Read from under the one key only where the schema closes the object; an open one keeps the
  // envelope as sent, and a call of nothing but unknown keys is refused below.
  if (lostAll && sent.length === 1 && nested.length === 1 && pruned.kept.length === 0) {
    const key = nested[0] as string;
    const inner = (input as Record<string, unknown>)[key];
    return andThen(unwrapped(schema, inner), (result) => {
      if (!result.ok) return refusal(nothingKnown(sent, declared));
      repairs.push({
        step: "drop-unknown-keys",
        detail: `read the input from the object under "${key}", the only key sent`,
      });
      repairs.push(...result.repairs);
      return result.validation;
    });
  }
  if (lostAll) return refusal(nothingKnown(sent, declared));
  // Known keys beside an unknown one holding an object: if that object is an input by itself, the
  // model meant one of two different calls.
  return andThen(anyFits(schema, input as Record<string, unknown>, nested), (fitting) => {
    if (fitting !== undefined) {
      return refusal(
        `"${fitting}" holds a whole input of its own beside other parameters; send one input, its parameters at the top level`,
      );
    }
    log(pruned, repairs);
    return schema.validate(pruned.value);
  });
}

interface Unwrapped {
  readonly validation: ValidationResult;
  readonly repairs: Repair[];
  readonly ok: boolean;
}

function unwrapped(schema: NormalizedSchema, inner: unknown): MaybePromise<Unwrapped> {
  const pruned = dropUnknownKeys(schema.jsonSchema, inner);
  const repairs: Repair[] = [];
  // An empty object fits any schema without required keys: it says nothing, so it is no reading.
  const empty = !isPlainObject(inner) || Object.keys(inner).length === 0;
  const unknown = pruned.ambiguous.length + pruned.dropped.length + pruned.kept.length;
  if (empty || unknown > 0) {
    return { validation: refusal(ambiguity(pruned)), repairs, ok: false };
  }
  log(pruned, repairs);
  return andThen(schema.validate(pruned.value), (validation) => ({
    validation,
    repairs,
    ok: validation.ok,
  }));
}

function anyFits(
  schema: NormalizedSchema,
  input: Record<string, unknown>,
  keys: readonly string[],
): MaybePromise<string | undefined> {
  const [key, ...rest] = keys;
  if (key === undefined) return undefined;
  return andThen(unwrapped(schema, input[key]), (result) =>
    result.ok ? key : anyFits(schema, input, rest),
  );
}

function log(pruned: DropResult, repairs: Repair[]): void {
  for (const { path, from } of pruned.renamed) {
    repairs.push({ step: "rename-keys", detail: `read "${from}" as ${formatPath(path)}` });
  }
  const dropped = pruned.dropped.length;
  if (dropped > 0) {
    const named = pruned.dropped.slice(0, maxNamed).map((path) => formatPath(path));
    const more = dropped > maxNamed ? ` and ${dropped - maxNamed} more` : "";
    repairs.push({ step: "drop-unknown-keys", detail: `dropped ${named.join(", ")}${more}` });
  }
}

function ambiguity(pruned: DropResult): string {
  const first = pruned.ambiguous[0];
  if (first === undefined) return "the input holds keys that are not parameters";
  const key = String(first.path.at(-1));
  const where = formatPath(first.path.slice(0, -1));
  const names = first.candidates.map((name) => `"${name}"`).join(" and ");
  return first.candidates.length > 1
    ? `"${key}" at ${where} could be ${names}; send the exact parameter name`
    : `"${key}" at ${where} is another spelling of ${names}, which was also sent; send it once, with the exact name`;
}

function nothingKnown(sent: readonly string[], declared: readonly string[]): string {
  const list = (keys: readonly string[]) =>
    keys
      .slice(0, maxNamed)
      .map((key) => `"${key}"`)
      .join(", ") + (keys.length > maxNamed ? ", …" : "");
  return `none of the keys sent (${list(sent)}) is a parameter of this activity; its parameters are ${list(declared)}`;
}

function refusal(message: string): ValidationResult {
  return { ok: false, issues: [{ path: [], expected: "", received: undefined, message }] };
}
