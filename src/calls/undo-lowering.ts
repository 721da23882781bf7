import type { DecodePlan, KeyPlan } from "../dialects/decode-plan.js";
import { defineEntry, isPlainObject } from "../internal/clone-json.js";
import { formatPath } from "../internal/json-path.js";
import type { Repair } from "../tool/repair.js";

type Path = readonly (string | number)[];

/**
 * @internal Undoes a dialect's lowering on a model's value: renamed properties get their names back,
 * synthetic nulls (optional → nullable) are removed, stringified enum values and JSON-encoded open
 * values are decoded. Copy on write: the input is never mutated. Each change is logged in `repairs`
 * (step `undo-lowering`).
 */
export function undoLowering(
  value: unknown,
  plan: DecodePlan | undefined,
  repairs: Repair[] = [],
  path: Path = [],
): unknown {
  if (plan === undefined) return value;
  switch (plan.kind) {
    case "object":
      return isPlainObject(value) ? undoObject(value, plan, repairs, path) : value;
    case "array":
      if (!Array.isArray(value)) return value;
      return mapArray(value, (item, index) =>
        undoLowering(item, index < plan.prefix.length ? plan.prefix[index] : plan.items, repairs, [
          ...path,
          index,
        ]),
      );
    case "json-string":
      if (typeof value !== "string") return value;
      try {
        const decoded: unknown = JSON.parse(value);
        log(repairs, path, "decoded the JSON text the dialect asked for");
        return decoded;
      } catch {
        return value;
      }
    case "enum": {
      if (typeof value !== "string" || !plan.values.has(value)) return value;
      const original = plan.values.get(value);
      if (original !== value)
        log(repairs, path, `read enum value "${value}" as ${JSON.stringify(original)}`);
      return original;
    }
    case "union":
      return undoLowering(
        value,
        plan.branches.find((branch) => fits(branch, value)),
        repairs,
        path,
      );
    case "ref":
      return undoLowering(value, plan.target.plan, repairs, path);
  }
}

function log(repairs: Repair[], path: Path, what: string): void {
  repairs.push({ step: "undo-lowering", detail: `${formatPath(path)}: ${what}` });
}

function undoObject(
  value: Record<string, unknown>,
  plan: Extract<DecodePlan, { kind: "object" }>,
  repairs: Repair[],
  path: Path,
): Record<string, unknown> {
  // Most calls need nothing undone: find that out without copying anything, looking only at the
  // keys the plan names (usually a few of the value's).
  const { keys, entries } = plan;
  let changes = false;
  for (let index = 0; index < entries.length && !changes; index++) {
    const pair = entries[index] as readonly [string, KeyPlan];
    const name = pair[0];
    const entry = pair[1];
    if (!Object.hasOwn(value, name)) continue;
    const item = value[name];
    changes =
      entry.key !== name ||
      (entry.syntheticNull && item === null) ||
      (entry.plan !== undefined && undoLowering(item, entry.plan, []) !== item);
  }
  if (!changes) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const entry = keys.get(name);
    if (entry === undefined) {
      if (!Object.hasOwn(out, name)) defineEntry(out, name, item);
      continue;
    }
    if (entry.syntheticNull && item === null) {
      log(
        repairs,
        [...path, entry.key],
        "dropped null (sent for an optional parameter the dialect marks nullable)",
      );
      continue;
    }
    if (entry.key !== name)
      log(repairs, [...path, entry.key], `restored its name (sent as "${name}")`);
    defineEntry(out, entry.key, undoLowering(item, entry.plan, repairs, [...path, entry.key]));
  }
  return out;
}

function mapArray(value: unknown[], map: (item: unknown, index: number) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  value.forEach((item, index) => {
    const next = map(item, index);
    if (next !== item) {
      copy ??= [...value];
      copy[index] = next;
    }
  });
  return copy ?? value;
}

function fits(plan: DecodePlan, value: unknown): boolean {
  switch (plan.kind) {
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "json-string":
      return typeof value === "string";
    case "enum":
      return typeof value === "string" && plan.values.has(value);
    case "union":
      return plan.branches.some((branch) => fits(branch, value));
    case "ref":
      return plan.target.plan !== undefined && fits(plan.target.plan, value);
  }
}
