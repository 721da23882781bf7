import type { JsonSchemaObject } from "../schema/json.js";
import type { SchemaProfile } from "./capabilities.js";
import { constraintKeywords, note } from "./schema-notes.js";

// Handled by the lowering itself, never copied as they are.
const structural: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "prefixItems",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "nullable",
  "$schema",
  "$id",
]);

/**
 * @internal Copies the keywords of `node` the profile keeps into `out`; the constraints it cannot keep
 * become notes for the description; annotations and unknown keywords (BFCL's `optional`, `x-…`) are dropped.
 */
export function lowerKeywords(
  node: JsonSchemaObject,
  out: JsonSchemaObject,
  notes: string[],
  profile: SchemaProfile,
): void {
  for (const [keyword, value] of Object.entries(node)) {
    if (structural.has(keyword)) continue;
    let keep = profile.keywords.has(keyword);
    if (keep && keyword === "format") {
      keep = profile.formats === "all" || profile.formats.has(String(value));
    } else if (keep && keyword === "minItems") {
      keep = typeof value === "number" && value <= profile.maxMinItems;
    }
    if (keep) out[keyword] = value;
    else if (constraintKeywords.has(keyword)) notes.push(note(keyword, value));
  }
}
