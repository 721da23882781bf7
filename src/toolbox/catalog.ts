import type { ToolActivity } from "../activity/tool-activity.js";
import { type RepairOptions, stepEnabled } from "../calls/repair-steps.js";
import {
  buildNameIndex,
  type NameIndex,
  type NameTarget,
  resolveName,
} from "../calls/resolve-name.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { describeReceived } from "../internal/describe-value.js";
import type { CallDescription } from "../observe/tool-call-span.js";
import type { JsonSchemaObject } from "../schema/json.js";
import type { Repair } from "../tool/repair.js";
import type { InputRepair } from "../tool/run-activity.js";
import { Tool } from "../tool/tool.js";
import { toolState } from "../tool/tool-state.js";
import { assignNativeNames } from "./native-names.js";
import type { QuickCheck } from "./quick-check.js";

/** @internal One activity of one tool in a toolbox, with its native name. */
export interface CatalogEntry {
  readonly nativeName: string;
  readonly tool: Tool;
  readonly activity: ToolActivity;
  /** The any-dialect decode plan, computed on first use. */
  genericPlan?: { readonly plan: DecodePlan | undefined };
  /** Reads the activity's input schema (on this tool, now); made on first use. */
  schema?: () => JsonSchemaObject;
  /** Tells whom a name inside the arguments names (this activity, another, none); made on first use. */
  matchName?: (name: string) => "this" | "other" | "none";
  /** The schema-directed coercion with JSON repair on, made on first use. */
  coerce?: InputRepair;
  /** The same with JSON repair off. */
  coerceStrict?: InputRepair;
  /** The quick check under the any-dialect plan (the common call's), made on first use. */
  genericCheck?: { readonly check: QuickCheck | undefined };
}

/** @internal Every activity of every tool (enabled or not, so names stay put when lists change). */
export interface Catalog {
  readonly entries: readonly CatalogEntry[];
  readonly byTool: ReadonlyMap<Tool, ReadonlyMap<string, CatalogEntry>>;
  readonly index: NameIndex<CatalogEntry>;
}

/** @internal Names all activities of `tools` and indexes the names and their variants. */
export function buildCatalog(tools: readonly Tool[]): Catalog {
  const pairs = tools.flatMap((tool) =>
    toolState(tool).classActivities.list.map((activity) => ({ tool, activity })),
  );
  const names = assignNativeNames(
    pairs.map(({ tool, activity }) => ({ toolName: tool.name, activityName: activity.name })),
  );
  const entries: CatalogEntry[] = pairs.map(({ tool, activity }, index) => ({
    nativeName: names[index] as string,
    tool,
    activity,
  }));
  const byTool = new Map<Tool, Map<string, CatalogEntry>>();
  for (const entry of entries) {
    let activities = byTool.get(entry.tool);
    if (activities === undefined) {
      activities = new Map();
      byTool.set(entry.tool, activities);
    }
    activities.set(entry.activity.name, entry);
  }
  const index = buildNameIndex(
    entries.map((entry) => ({
      nativeName: entry.nativeName,
      toolName: entry.tool.name,
      activityName: entry.activity.name,
      target: entry,
    })),
  );
  return { entries, byTool, index };
}

/** @internal The native name of an activity the catalog holds. */
export function nativeNameOf(catalog: Catalog, tool: Tool, activityName: string): string {
  const entry = catalog.byTool.get(tool)?.get(activityName);
  if (entry === undefined)
    throw new TypeError(`activity "${activityName}" missing from the catalog`);
  return entry.nativeName;
}

/**
 * @internal The entry a called name means: the exact native name, or (unless the `resolve-name` step
 * is off) a variant models write, recorded in `repairs`; `undefined` when nothing matches.
 */
export function findEntry(
  catalog: Catalog,
  name: string,
  switches: RepairOptions | undefined,
  repairs: Repair[],
): NameTarget<CatalogEntry> | undefined {
  return resolveName(catalog.index, name, repairs, stepEnabled(switches, "resolve-name"));
}

/**
 * @internal A toolbox's tools, in order and by name, and the catalog of their activities' native
 * names: built on first need, dropped when a tool joins.
 */
export class ToolRoster {
  /** The tools in the order they were given. */
  readonly list: Tool[] = [];
  /** The catalog while no tool joined since it was built. */
  catalog: Catalog | undefined;
  readonly #byName = new Map<string, Tool>();

  /** Adds a tool; throws `ToolboxError` for what is no `Tool` or a name already taken. */
  add(tool: Tool): void {
    if (!(tool instanceof Tool)) {
      throw new ToolboxError({ message: `expected Tool instances; got ${describeReceived(tool)}` });
    }
    if (this.#byName.has(tool.name)) {
      throw new ToolboxError({
        toolName: tool.name,
        message: `two tools are named "${tool.name}"; give one a \`name\` option`,
      });
    }
    this.#byName.set(tool.name, tool);
    this.list.push(tool);
    this.catalog = undefined;
  }

  /** The tool called `name`, or `undefined`. */
  get(name: string): Tool | undefined {
    return this.#byName.get(name);
  }

  /** Names every activity now. */
  buildCatalog(): Catalog {
    this.catalog = buildCatalog(this.list);
    return this.catalog;
  }

  /** The native name of an activity; throws `ToolboxError` for one the toolbox does not hold. */
  nativeName(catalog: Catalog, tool: Tool | string, activityName: string): string {
    const owner = typeof tool === "string" ? this.#byName.get(tool) : tool;
    const entry = owner === undefined ? undefined : catalog.byTool.get(owner)?.get(activityName);
    if (entry === undefined) {
      const toolName = typeof tool === "string" ? tool : tool.name;
      throw new ToolboxError({
        toolName,
        message: `no activity "${activityName}" on tool "${toolName}" in this toolbox`,
      });
    }
    return entry.nativeName;
  }

  /** The native names of the enabled activities, for the message about a name nothing matches. */
  enabledNames(catalog: Catalog): string[] {
    return catalog.entries
      .filter((entry) => entry.tool.findActivity(entry.activity.name) !== undefined)
      .map((entry) => entry.nativeName);
  }

  /** The native name and rendered description of the activity a call ran, for its span. */
  describe(catalog: Catalog, result: ToolCallResult): CallDescription | undefined {
    const tool = result.toolName === undefined ? undefined : this.#byName.get(result.toolName);
    if (tool === undefined || result.activityName === undefined) return undefined;
    return {
      nativeName: this.nativeName(catalog, tool, result.activityName),
      description: tool.activityDescription(result.activityName),
    };
  }
}
