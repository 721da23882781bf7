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

/** @internal Everything a toolbox serves over MCP, gathered once per compiled tool list. */
export interface ServedCatalog {
  readonly toolNames: ReadonlySet<string>;
  /** `tools/list`, in the toolbox's order (the same on every request while the tools stay the same). */
  readonly tools: readonly McpToolSpec[];
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

/** Catalogs by compiled MCP tool list: the toolbox keeps one list while its tools stay the same. */
const catalogs = new WeakMap<object, ServedCatalog>();

/** @internal The catalog of what a toolbox serves now, built once per compiled tool list. */
export function catalogOf(toolbox: Toolbox): ServedCatalog {
  const compiled: ProviderTools["mcp"] = toolbox.toProviderTools("mcp");
  let catalog = catalogs.get(compiled);
  if (catalog === undefined) {
    catalog = buildCatalog(toolbox, compiled);
    catalogs.set(compiled, catalog);
  }
  return catalog;
}

function buildCatalog(toolbox: Toolbox, compiled: ProviderTools["mcp"]): ServedCatalog {
  const problems: string[] = [];
  const headerProblems: string[] = [];
  const paramHeaders = new Map<string, readonly ParamHeader[]>();
  const tools = compiled.map((tool) => {
    const owner = toolbox.resolveName(tool.name);
    const title = owner === undefined ? tool.name : `${owner.tool.name}.${owner.activity.name}`;
    const declared = paramHeadersOf(tool.inputSchema);
    if (typeof declared === "string") headerProblems.push(`tool "${tool.name}": ${declared}`);
    else if (declared.length > 0) paramHeaders.set(tool.name, declared);
    return { ...tool, title } as McpToolSpec;
  });
  const resources = new Map<string, Served<ResourceDefinition>>();
  const templates: Served<ResourceDefinition>[] = [];
  const prompts = new Map<string, Served<PromptDefinition>>();
  const servedBy = new Map<string, string>();
  const claim = (what: string, owner: string) => {
    const earlier = servedBy.get(what);
    if (earlier !== undefined) problems.push(`${what} is served by both ${earlier} and ${owner}`);
    servedBy.set(what, owner);
    return earlier === undefined;
  };
  for (const tool of toolbox.tools) {
    for (const definition of resourcesOf(tool)) {
      if (!claim(`resource ${definition.key}`, `${tool.name}.${definition.methodName}`)) continue;
      if (definition.template === undefined) resources.set(definition.key, { tool, definition });
      else templates.push({ tool, definition });
    }
    for (const definition of promptsOf(tool)) {
      const name = `${tool.name}_${definition.key}`;
      if (claim(`prompt ${name}`, `${tool.name}.${definition.methodName}`)) {
        prompts.set(name, { tool, definition });
      }
    }
  }
  const toolNames = new Set(tools.map((tool) => tool.name));
  return {
    toolNames,
    tools,
    paramHeaders,
    resources,
    templates,
    prompts,
    problems,
    headerProblems,
  };
}
