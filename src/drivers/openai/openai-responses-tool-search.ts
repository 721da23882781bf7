import type {
  ResponseInputItem,
  Tool as ResponsesTool,
} from "openai/resources/responses/responses";
import type { Artifact } from "../../artifacts/artifact.js";
import { toolReferencesKey } from "../../dialects/capabilities.js";
import type { JsonObject } from "../../schema/json.js";
import type { PromptRequest, ToolCall } from "../spec.js";

/**
 * @internal What a request with OpenAI's client-executed `tool_search` (a toolbox rendered with
 * `toolSearch: "native"`) tells the driver: the search activity's native name, and each deferred
 * function's namespace and definition.
 */
export interface NativeToolSearch {
  readonly searchName: string;
  readonly namespaces: ReadonlyMap<string, { readonly namespace: JsonObject; fn: JsonObject }>;
}

/** @internal Reads a request's tools; `undefined` when it has no `tool_search` tool. */
export function nativeToolSearch(tools: PromptRequest["tools"]): NativeToolSearch | undefined {
  const list = (Array.isArray(tools) ? tools : []) as readonly unknown[] as readonly JsonObject[];
  const search = list.find((tool) => tool?.type === "tool_search");
  if (search === undefined || typeof search.name !== "string") return undefined;
  const namespaces = new Map<string, { namespace: JsonObject; fn: JsonObject }>();
  for (const tool of list) {
    if (tool?.type !== "namespace" || !Array.isArray(tool.tools)) continue;
    for (const fn of tool.tools as JsonObject[]) {
      if (typeof fn?.name === "string") namespaces.set(fn.name, { namespace: tool, fn });
    }
  }
  return { searchName: search.name, namespaces };
}

/** @internal The tools as the API takes them: the search tool without toolwright's `name`. */
export function wireTools(tools: readonly JsonObject[]): ResponsesTool[] {
  return tools.map((tool) => {
    if (tool.type !== "tool_search") return tool as unknown as ResponsesTool;
    const { name: _name, ...wire } = tool;
    return wire as unknown as ResponsesTool;
  });
}

/** @internal A call the model made, as the input item sent back with the transcript. */
export function callItem(call: ToolCall, search: NativeToolSearch | undefined): ResponseInputItem {
  const text = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
  if (search !== undefined && call.name === search.searchName) {
    return {
      type: "tool_search_call",
      call_id: call.id,
      execution: "client",
      status: "completed",
      arguments: typeof call.arguments === "string" ? parseObject(call.arguments) : call.arguments,
    };
  }
  const namespace = search?.namespaces.get(call.name)?.namespace.name;
  return {
    type: "function_call",
    call_id: call.id,
    name: call.name,
    arguments: text,
    ...(typeof namespace === "string" ? { namespace } : {}),
  };
}

/**
 * @internal The search's result as a `tool_search_output` item: the functions it found (the names in
 * the artifact's `toolReferences`), each in its namespace as the request defines them. A failed
 * search, or one naming no deferred function of the request, loads nothing.
 */
export function searchOutputItem(
  callId: string,
  artifact: Artifact,
  search: NativeToolSearch,
): ResponseInputItem {
  const found = artifact.type === "ErrorArtifact" ? undefined : artifact.meta[toolReferencesKey];
  const groups = new Map<JsonObject, JsonObject[]>();
  for (const name of Array.isArray(found) ? found : []) {
    const held = typeof name === "string" ? search.namespaces.get(name) : undefined;
    if (held === undefined) continue;
    const group = groups.get(held.namespace) ?? [];
    group.push(held.fn);
    groups.set(held.namespace, group);
  }
  const tools = [...groups].map(([namespace, fns]) => ({ ...namespace, tools: fns }));
  return {
    type: "tool_search_output",
    call_id: callId,
    execution: "client",
    status: "completed",
    tools: tools as unknown as Extract<ResponseInputItem, { type: "tool_search_output" }>["tools"],
  };
}

/** @internal A `tool_search_call` output item the client runs, as a call of the search activity. */
export function searchCall(
  item: { call_id?: string | null; arguments?: unknown; execution?: string },
  search: NativeToolSearch | undefined,
): ToolCall | undefined {
  if (search === undefined || item.execution !== "client") return undefined;
  const args = item.arguments;
  return {
    id: item.call_id ?? "",
    name: search.searchName,
    arguments:
      typeof args === "string" ||
      (typeof args === "object" && args !== null && !Array.isArray(args))
        ? (args as string | JsonObject)
        : "{}",
  };
}

function parseObject(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as JsonObject;
    }
  } catch {
    // sent as the model wrote it: an empty object is all the API takes besides an object
  }
  return {};
}
