import { formatPath } from "../internal/json-path.js";

/** @internal One difference between the schema an activity declares and the one a dialect sends. */
export interface SchemaChange {
  /** Where, as segments (for the page to mark the node) and as a JSON path (to read). */
  readonly path: readonly (string | number)[];
  readonly at: string;
  /** `removed`: only in the declared schema; `added`: only in the sent one; `changed`: in both, unequal. */
  readonly kind: "added" | "removed" | "changed";
  readonly before?: unknown;
  readonly after?: unknown;
}

/** More than this many differences are summed up by the last one: a page, not a dump. */
const maxChanges = 300;

/**
 * @internal What lowering changed between the declared schema and the sent one, as a list of the
 * outermost differences: a key only one side has, or a leaf (or array of another length) that differs.
 *
 * @example
 * ```ts
 * schemaChanges({ type: "string", minLength: 1 }, { type: "string" });
 * // [{ path: ["minLength"], at: "$.minLength", kind: "removed", before: 1 }]
 * ```
 */
export function schemaChanges(declared: unknown, sent: unknown): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const push = (change: Omit<SchemaChange, "at">) => {
    if (changes.length < maxChanges) changes.push({ ...change, at: formatPath(change.path) });
  };
  const visit = (before: unknown, after: unknown, path: (string | number)[]) => {
    if (changes.length >= maxChanges) return;
    if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
      for (const [index, item] of before.entries()) visit(item, after[index], [...path, index]);
      return;
    }
    if (isRecord(before) && isRecord(after)) {
      for (const key of Object.keys(before)) {
        if (!Object.hasOwn(after, key))
          push({ path: [...path, key], kind: "removed", before: before[key] });
        else visit(before[key], after[key], [...path, key]);
      }
      for (const key of Object.keys(after)) {
        if (!Object.hasOwn(before, key))
          push({ path: [...path, key], kind: "added", after: after[key] });
      }
      return;
    }
    if (!Object.is(before, after)) push({ path, kind: "changed", before, after });
  };
  visit(declared, sent, []);
  return changes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
