import { type DialectBuilder, describedBy } from "./dialect-builder.js";
import type {
  OpenAIResponsesNamespace,
  OpenAIResponsesTool,
  OpenAIResponsesToolSearch,
} from "./provider-tools.js";

/**
 * @internal OpenAI Responses: the flat `{ type: "function", name, description, parameters, strict }`.
 * `strict` is always written because Responses otherwise tries to make every schema strict.
 */
export const buildOpenAIResponsesTools: DialectBuilder<"openai-responses"> = (tools, options) =>
  tools.map((tool) => ({
    type: "function" as const,
    name: tool.name,
    ...describedBy(tool.description),
    parameters: tool.schema,
    strict: options.strict === true,
  }));

/** @internal What `withNativeToolSearch` needs to know of each compiled function. */
export interface NativeSearchEntry {
  readonly toolName: string;
  readonly activityName: string;
  readonly description: string;
  readonly deferred: boolean;
  readonly search: boolean;
}

// A namespace's description is all the model reads of it before a search: each activity and the
// first sentence of what it does, kept short.
const namespaceDescriptionLength = 400;

/**
 * @internal A deferring toolbox's Responses tools for `toolSearch: "native"`: the functions loaded up
 * front, then the search activity as OpenAI's client-executed `tool_search`, then one namespace per
 * tool holding its deferred functions marked `defer_loading: true`, all in toolbox order. The list
 * never changes with searches: found functions come back in `tool_search_output` items.
 */
export function withNativeToolSearch(
  tools: readonly OpenAIResponsesTool[],
  entryOf: (name: string) => NativeSearchEntry | undefined,
): (OpenAIResponsesTool | OpenAIResponsesNamespace | OpenAIResponsesToolSearch)[] {
  const upfront: (OpenAIResponsesTool | OpenAIResponsesToolSearch)[] = [];
  const search: OpenAIResponsesToolSearch[] = [];
  const namespaces = new Map<string, { tools: OpenAIResponsesTool[]; lines: string[] }>();
  for (const tool of tools) {
    const entry = entryOf(tool.name);
    if (entry?.search === true) {
      search.push({
        type: "tool_search",
        execution: "client",
        name: tool.name,
        description: tool.description ?? "",
        parameters: tool.parameters,
      });
    } else if (entry?.deferred === true) {
      let group = namespaces.get(entry.toolName);
      if (group === undefined) {
        group = { tools: [], lines: [] };
        namespaces.set(entry.toolName, group);
      }
      group.tools.push({ ...tool, defer_loading: true });
      group.lines.push(`${entry.activityName}: ${firstSentence(entry.description)}`);
    } else {
      upfront.push(tool);
    }
  }
  return [
    ...upfront,
    ...search,
    ...[...namespaces].map(([name, group]) => ({
      type: "namespace" as const,
      name,
      description: group.lines.join("; ").slice(0, namespaceDescriptionLength),
      tools: group.tools,
    })),
  ];
}

function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return (end === -1 ? text : text.slice(0, end + 1)).replace(/\s+/g, " ").trim();
}
