import { type CompileEntry, compileTools } from "../dialects/compile-tools.js";
import { type DialectVariant, dialectVariants } from "../dialects/dialect-variants.js";
import { constraintKeywords } from "../dialects/schema-notes.js";
import { DialectError } from "../errors/dialect-error.js";
import type { Toolbox } from "../toolbox/toolbox.js";

/** @internal What one variant did to the toolbox: keywords moved into descriptions, and rejections. */
export interface VariantReport {
  readonly variant: DialectVariant;
  readonly accepted: number;
  /** keyword → activities (`Tool.activity`) that lost it to their description. */
  readonly moved: ReadonlyMap<string, readonly string[]>;
  /** Preflight errors, each naming the tool, activity and JSON path. */
  readonly rejected: readonly string[];
}

// Keywords the lowering may move into a description as `keyword: value`.
const movable = [
  ...constraintKeywords,
  "additionalProperties",
  "prefixItems",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "const",
  "enum",
];

/**
 * @internal Compiles every enabled activity for every variant, one activity at a time (so one
 * rejection does not hide the next), then the whole list (for list-level limits such as 128 tools).
 */
export function checkToolbox(toolbox: Toolbox): VariantReport[] {
  const entries: CompileEntry[] = toolbox.tools.flatMap((tool) =>
    tool.activities().map((activity) => ({
      name: toolbox.nativeName(tool, activity.name),
      toolName: tool.name,
      activityName: activity.name,
      description: tool.activityDescription(activity.name),
      schema: tool.activitySchema(activity.name),
      annotations: activity.annotations,
    })),
  );
  const baseline = new Map(
    entries.map((entry) => [entry.name, noteCounts(compileTools([entry], "mcp", {}).tools)]),
  );
  return dialectVariants.map((variant) => {
    const moved = new Map<string, string[]>();
    const rejected: string[] = [];
    let accepted = 0;
    for (const entry of entries) {
      let tools: unknown;
      try {
        tools = compileTools([entry], variant.dialect, variant.options).tools;
      } catch (error) {
        if (!(error instanceof DialectError)) throw error;
        rejected.push(error.message);
        continue;
      }
      accepted += 1;
      const before = baseline.get(entry.name) ?? new Map<string, number>();
      for (const [keyword, count] of noteCounts(tools)) {
        if (count <= (before.get(keyword) ?? 0)) continue;
        const owners = moved.get(keyword) ?? [];
        owners.push(`${entry.toolName}.${entry.activityName}`);
        moved.set(keyword, owners);
      }
    }
    if (rejected.length === 0) {
      try {
        toolbox.toProviderTools(variant.dialect, variant.options);
      } catch (error) {
        if (!(error instanceof DialectError)) throw error;
        rejected.push(error.message);
      }
    }
    return { variant, accepted, moved, rejected };
  });
}

/** How often each keyword appears as a `keyword: value` note in the descriptions of compiled tools. */
function noteCounts(compiled: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (value: unknown, key: string | undefined) => {
    if (typeof value === "string") {
      if (key !== "description") return;
      for (const keyword of movable) {
        const found = value.match(
          new RegExp(`(?:^|[{,;] ?|Input: )${escapeRegExp(keyword)}: `, "g"),
        );
        if (found !== null) counts.set(keyword, (counts.get(keyword) ?? 0) + found.length);
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, undefined);
    } else if (typeof value === "object" && value !== null) {
      for (const [child, item] of Object.entries(value)) visit(item, child);
    }
  };
  visit(compiled, undefined);
  return counts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
