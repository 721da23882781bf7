import type { Tool as McpToolSpec } from "@modelcontextprotocol/server";
import { type PromptDefinition, promptsOf } from "../declarations/prompt.js";
import { type ResourceDefinition, resourcesOf } from "../declarations/resource.js";
import type { ProviderTools } from "../dialects/provider-tools.js";
import type { Tool } from "../tool/tool.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type ParamHeader, paramHeadersOf } from "./param-headers.js";

/** @internal A `@resource` or `@prompt` with the tool instance it runs on. */
export interface Served<D> {
  readonly tool: Tool;
  readonly definition: D;
}

/**
 * How tools and prompts are named to clients: `native` (`<tool name>_<activity or prompt name>`, as
 * every dialect names them) or `bare` (the activity's or prompt's own name, which must then be unique
 * across the toolbox).
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", naming: "bare" }); // "calculate", not "CalculatorTool_calculate"
 * ```
 */
export type McpNaming = "native" | "bare";

/** @internal Everything a toolbox serves over MCP, gathered once per compiled tool list. */
export interface ServedCatalog {
  /** Served tool name → the toolbox's native name. */
  readonly toolNames: ReadonlyMap<string, string>;
  /** `tools/list`, in the toolbox's order (the same on every request while the tools stay the same). */
  readonly tools: readonly McpToolSpec[];
  /** Served tool name → how it runs as an MCP task, for activities marked `task`. */
  readonly taskModes: ReadonlyMap<string, "optional" | "required">;
  /** The arguments each tool mirrors into `Mcp-Param-*` headers, for tools that mirror any. */
  readonly paramHeaders: ReadonlyMap<string, readonly ParamHeader[]>;
  /** Fixed resources by URI, in the tools' order. */
  readonly resources: ReadonlyMap<string, Served<ResourceDefinition>>;
  readonly templates: readonly Served<ResourceDefinition>[];
  /** Prompts by their served name, `<tool name>_<prompt name>`. */
  readonly prompts: ReadonlyMap<string, Served<PromptDefinition>>;
  /** What cannot be served: two tools serving one resource URI or prompt name. */
  readonly problems: readonly string[];
  /** Tools whose `x-mcp-header` declarations break the rules, which an HTTP client must drop. */
  readonly headerProblems: readonly string[];
}

/** Catalogs by compiled MCP tool list and naming: the toolbox keeps one list while its tools stay the same. */
const catalogs = new WeakMap<object, Partial<Record<McpNaming, ServedCatalog>>>();

/** @internal The catalog of what a toolbox serves now, built once per compiled tool list. */
export function catalogOf(toolbox: Toolbox, naming: McpNaming = "native"): ServedCatalog {
  const compiled: ProviderTools["mcp"] = toolbox.toProviderTools("mcp");
  let byNaming = catalogs.get(compiled);
  if (byNaming === undefined) {
    byNaming = {};
    catalogs.set(compiled, byNaming);
  }
  byNaming[naming] ??= buildCatalog(toolbox, compiled, naming);
  return byNaming[naming];
}

function buildCatalog(
  toolbox: Toolbox,
  compiled: ProviderTools["mcp"],
  naming: McpNaming,
): ServedCatalog {
  const problems: string[] = [];
  const headerProblems: string[] = [];
  const paramHeaders = new Map<string, readonly ParamHeader[]>();
  const servedBy = new Map<string, string>();
  const claim = (what: string, owner: string) => {
    const earlier = servedBy.get(what);
    if (earlier !== undefined) problems.push(`${what} is served by both ${earlier} and ${owner}`);
    servedBy.set(what, owner);
    return earlier === undefined;
  };
  const toolNames = new Map<string, string>();
  const taskModes = new Map<string, "optional" | "required">();
  const tools: McpToolSpec[] = [];
  for (const tool of compiled) {
    const owner = toolbox.resolveName(tool.name);
    const title = owner === undefined ? tool.name : `${owner.tool.name}.${owner.activity.name}`;
    const name = naming === "bare" && owner !== undefined ? owner.activity.name : tool.name;
    if (!claim(`tool ${name}`, title)) continue;
    toolNames.set(name, tool.name);
    const taskSupport = owner?.activity.task;
    if (taskSupport !== undefined) taskModes.set(name, taskSupport);
    const declared = paramHeadersOf(tool.inputSchema);
    if (typeof declared === "string") headerProblems.push(`tool "${name}": ${declared}`);
    else if (declared.length > 0) paramHeaders.set(name, declared);
    // 2025-11-25's `execution.taskSupport` (the SDK drops it for 2026-07-28, where the server decides).
    const execution = taskSupport === undefined ? {} : { execution: { taskSupport } };
    tools.push({ ...tool, name, title, ...execution } as McpToolSpec);
  }
  const resources = new Map<string, Served<ResourceDefinition>>();
  const templates: Served<ResourceDefinition>[] = [];
  const prompts = new Map<string, Served<PromptDefinition>>();
  for (const tool of toolbox.tools) {
    for (const definition of resourcesOf(tool)) {
      if (!claim(`resource ${definition.key}`, `${tool.name}.${definition.methodName}`)) continue;
      if (definition.template === undefined) resources.set(definition.key, { tool, definition });
      else templates.push({ tool, definition });
    }
    for (const definition of promptsOf(tool)) {
      const name = naming === "bare" ? definition.key : `${tool.name}_${definition.key}`;
      if (claim(`prompt ${name}`, `${tool.name}.${definition.methodName}`)) {
        prompts.set(name, { tool, definition });
      }
    }
  }
  return {
    toolNames,
    taskModes,
    tools,
    paramHeaders,
    resources,
    templates,
    prompts,
    problems,
    headerProblems,
  };
}
