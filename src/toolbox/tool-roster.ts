import type { ToolCallResult } from "../calls/tool-call.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { describeReceived } from "../internal/describe-value.js";
import type { CallDescription } from "../observe/tool-call-span.js";
import { Tool } from "../tool/tool.js";
import { buildCatalog, type Catalog } from "./catalog.js";

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
