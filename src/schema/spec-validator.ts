import { isPlainObject } from "../internal/clone-json.js";
import { valueAt } from "../internal/json-path.js";
import type { JsonSchema } from "./json.js";
import type { ValidationIssue, ValidationResult } from "./validation-issue.js";

type Hyperjump = typeof import("@hyperjump/json-schema/draft-2020-12");

const dialect = "https://json-schema.org/draft/2020-12/schema";
const knownDialects = new Set([dialect, `${dialect}#`]);
// ajv compiles these, but not the way the specification says (JSON-Schema-Test-Suite draft2020-12).
const specOnlyKeywords = new Set([
  "$dynamicRef",
  "$dynamicAnchor",
  "unevaluatedItems",
  "unevaluatedProperties",
  "$vocabulary",
]);
const prototypeNames = new Set(Object.getOwnPropertyNames(Object.prototype));

let hyperjump: Promise<Hyperjump> | undefined;
let counter = 0;
const resources = new Map<string, JsonSchema>();

function load(): Promise<Hyperjump> {
  hyperjump ??= import("@hyperjump/json-schema/draft-2020-12").then((module) => {
    for (const [uri, schema] of resources) module.registerSchema(schema as never, uri, dialect);
    return module;
  });
  return hyperjump;
}

/** @internal Makes a schema document known to the spec validator under a URI (see `registerSchemaResource`). */
export function registerSpecResource(uri: string, schema: JsonSchema): void {
  resources.set(uri, schema);
  void hyperjump?.then((module) => module.registerSchema(schema as never, uri, dialect));
}

/**
 * @internal True when a schema needs the specification-exact validator (Hyperjump) rather than ajv:
 * it uses a keyword ajv gets wrong (dynamic references, `unevaluated*`, vocabularies), an embedded
 * `$id`, an empty `enum`, or a property named like an `Object.prototype` member — and every reference
 * in it resolves locally or to a registered resource, so nothing is ever fetched.
 */
export function needsSpecValidator(schema: JsonSchema): boolean {
  if (!isPlainObject(schema)) return false;
  let special = false;
  const ids = new Set<string>();
  const refs: string[] = [];
  const base = `https://toolwright.invalid/schemas/${counter}.json`;
  const walk = (node: unknown, current: string, depth: number): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, current, depth + 1);
      return;
    }
    if (!isPlainObject(node)) return;
    let here = current;
    if (typeof node.$id === "string") {
      here = resolve(node.$id, current) ?? current;
      ids.add(withoutFragment(here));
      if (depth > 0) special = true;
    }
    for (const [key, value] of Object.entries(node)) {
      if (specOnlyKeywords.has(key)) special = true;
      if (key === "enum" && Array.isArray(value) && value.length === 0) special = true;
      if ((key === "$ref" || key === "$dynamicRef") && typeof value === "string") {
        refs.push(resolve(value, here) ?? value);
      }
      if (key === "$schema" && typeof value === "string" && !knownDialects.has(value))
        refs.push(value);
      if (
        key === "properties" &&
        isPlainObject(value) &&
        Object.keys(value).some((name) => prototypeNames.has(name))
      ) {
        special = true;
      }
      if (
        key === "required" &&
        Array.isArray(value) &&
        value.some((name) => prototypeNames.has(String(name)))
      ) {
        special = true;
      }
      if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples")
        walk(value, here, depth + 1);
    }
  };
  walk(schema, base, 0);
  if (!special) return false;
  ids.add(base);
  return refs.every((ref) => {
    const target = withoutFragment(ref);
    return ids.has(target) || resources.has(target) || knownDialects.has(target);
  });
}

/** @internal A validator through Hyperjump, the JSON Schema reference implementation (loaded on first use). */
export function specValidator(schema: JsonSchema): (value: unknown) => Promise<ValidationResult> {
  const uri = `https://toolwright.invalid/schemas/${counter++}.json`;
  let compiled: Promise<(value: unknown) => ValidationResult> | undefined;
  return async (value) => {
    compiled ??= load().then(async (module) => {
      module.registerSchema(schema as never, uri, dialect);
      const validator = await module.validate(uri);
      return (input: unknown) => {
        const output = validator(input as never, "BASIC");
        return output.valid
          ? { ok: true, value: input }
          : { ok: false, issues: toIssues(output.errors ?? [], input) };
      };
    });
    return (await compiled)(value);
  };
}

function toIssues(
  units: readonly { keyword: string; instanceLocation: string; valid: boolean }[],
  input: unknown,
): ValidationIssue[] {
  const failing = units.filter(
    (unit) =>
      !unit.valid && !/\/(anyOf|oneOf|allOf|\$ref|\$dynamicRef|validate)$/.test(unit.keyword),
  );
  const chosen = failing.length > 0 ? failing : units.slice(0, 1);
  return chosen.map((unit) => {
    const path = unit.instanceLocation
      .replace(/^#/, "")
      .split("/")
      .slice(1)
      .map((segment) => {
        const key = decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
        return /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key;
      });
    const keyword = unit.keyword.split("/").pop() ?? "schema";
    return {
      path,
      expected: `a value that satisfies "${keyword}"`,
      received: valueAt(input, path),
    };
  });
}

function resolve(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

function withoutFragment(uri: string): string {
  const index = uri.indexOf("#");
  return index === -1 ? uri : uri.slice(0, index);
}
