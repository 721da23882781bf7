import { activity } from "../activity/activity.js";
import { JsonArtifact } from "../artifacts/json-artifact.js";
import type { JsonSchemaObject } from "../schema/json.js";
import { Tool } from "../tool/tool.js";
import type { ToolOptions } from "../tool/tool-options.js";

/** One tool found by a search, as the model is told of it. */
export interface FoundTool {
  /** The native name the model calls it by. */
  readonly name: string;
  readonly description: string;
}

/** Searches the toolbox and makes what it found callable from the next request on. */
export type FindTools = (query: string, limit: number) => Promise<readonly FoundTool[]>;

/** The key of a search result's `meta` listing the found names (Anthropic turns them into `tool_reference` blocks). */
export const toolReferencesKey = "toolReferences";

const maxLimit = 20;
const inputSchema: JsonSchemaObject = {
  type: "object",
  properties: {
    query: {
      type: "string",
      minLength: 1,
      description:
        "What you want to do, in a few words (e.g. 'weather forecast', 'create calendar event')",
    },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: maxLimit,
      description: "How many tools to return (default 5)",
    },
  },
  required: ["query"],
  additionalProperties: false,
};

/**
 * The `search` activity a toolbox with deferred tools adds: the model describes what it needs, gets
 * the best matching tools, and can call them from its next request on (their definitions are appended
 * to the request's tools, or, on Anthropic, expanded from the `tool_reference` blocks of the result).
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox(manyTools, { deferLoading: true });
 * toolbox.tool("ToolSearchTool"); // added by the toolbox; its activity "search" is never deferred
 * ```
 */
export class ToolSearchTool extends Tool {
  readonly #find: FindTools;

  constructor(options: ToolOptions & { readonly find: FindTools }) {
    const { find, ...toolOptions } = options;
    super(toolOptions);
    this.#find = find;
  }

  @activity({
    name: "search",
    description:
      "Search for more tools by what they do. The tools found can be called from your next step on. If none fits, search again with other words.",
    schema: inputSchema,
    annotations: { readOnly: true, idempotent: true },
  })
  async search(input: { query: string; limit?: number }) {
    const found = await this.#find(input.query, input.limit ?? 5);
    return new JsonArtifact(
      { tools: found.map((tool) => ({ name: tool.name, description: tool.description })) },
      { meta: { [toolReferencesKey]: found.map((tool) => tool.name) } },
    );
  }
}
