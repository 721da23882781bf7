import { ToolSearchProcessor } from "@mastra/core/processors";
import { createTool } from "@mastra/core/tools";
import { jsonSchema, type Tool, tool, toolSearch } from "ai";
import { createToolSearchState } from "ai/internal";
import bm25 from "wink-bm25-text-search";
import model from "wink-eng-lite-web-model";
import winkNLP, { type ItemToken, type ItsFunction } from "wink-nlp";
import { activityFields } from "../../src/search/activity-fields.js";
import type { CatalogFunction } from "../workloads/tool-search.js";

/** A search over one catalog: the names of the best `limit` functions for a query, best first. */
export interface SearchContender {
  readonly name: string;
  search(query: string, limit: number): Promise<readonly string[]>;
}

/**
 * The AI SDK's own tool search: every function a deferred `tool()`, plus `toolSearch()`, bound by
 * `createToolSearchState` exactly as `generateText` binds them for one generation (exported from
 * `ai/internal`); a search is the bound search tool's `execute`. Its ranking: 2 points per query word in
 * the name, 1 in the description, recomputed over every tool per query.
 */
export function aiSdkSearch(functions: readonly CatalogFunction[], limit: number): SearchContender {
  const tools: Record<string, Tool> = {};
  for (const fn of functions) {
    tools[fn.name] = tool({
      description: fn.description,
      inputSchema: jsonSchema(fn.schema as never),
      deferLoading: true,
      execute: async (input: unknown) => input,
    }) as Tool;
  }
  tools.tool_search = toolSearch({ maxResults: limit }) as Tool;
  const bound = createToolSearchState({ tools } as never)(tools, {}) as Record<string, Tool>;
  const execute = bound.tool_search?.execute;
  if (execute === undefined) throw new Error("the AI SDK did not bind its search tool");
  return {
    name: "AI SDK `toolSearch`",
    async search(query) {
      const output = (await execute(
        { query },
        { toolCallId: "search", messages: [], context: {} },
      )) as {
        tools: { name: string }[];
      };
      return output.tools.map((found) => found.name);
    },
  };
}

/**
 * Mastra's `ToolSearchProcessor`: constructed over every function (it builds its BM25 index there), one
 * `processInputStep` as an agent step runs it, then its `search_tools` tool's `execute` per query.
 */
export async function mastraSearch(
  functions: readonly CatalogFunction[],
  limit: number,
): Promise<SearchContender> {
  const tools = Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      createTool({ id: fn.name, description: fn.description, execute: async () => ({}) }),
    ]),
  );
  const processor = new ToolSearchProcessor({ tools, search: { topK: limit } });
  const step = await processor.processInputStep({
    tools: {},
    messageList: { addSystem() {} },
  } as never);
  const execute = step.tools.search_tools.execute;
  if (execute === undefined) throw new Error("Mastra returned no search_tools execute");
  return {
    name: "Mastra `ToolSearchProcessor`",
    async search(query) {
      const output = (await execute({ query }, {} as never)) as { results: { name: string }[] };
      return output.results.map((found) => found.name);
    },
  };
}

/**
 * A plain BM25 library, wink-bm25-text-search, set up as its README does (wink-nlp's English model:
 * words without stop words, stemmed), over three fields of equal weight: the name with its separators
 * as spaces, the description, and the parameters' names and descriptions.
 */
export function plainBm25Search(functions: readonly CatalogFunction[]): SearchContender {
  const nlp = winkNLP(model);
  const its = nlp.its;
  const prepare = (text: string): string[] => {
    const tokens: string[] = [];
    nlp
      .readDoc(text)
      .tokens()
      .filter((token) => token.out(its.type) === "word" && !token.out(its.stopWordFlag))
      .each((token: ItemToken) => {
        // wink-nlp 2's types give `its.stem` the model add-on signature; at run time it is a string.
        const stem = token.out(its.stem as unknown as ItsFunction<string>);
        tokens.push(token.out(its.negationFlag) ? `!${stem}` : stem);
      });
    return tokens;
  };
  const engine = bm25();
  engine.defineConfig({ fldWeights: { name: 1, description: 1, parameters: 1 } });
  engine.definePrepTasks([prepare]);
  functions.forEach((fn, index) => {
    const fields = activityFields(fn);
    engine.addDoc(
      {
        name: fn.name.replace(/[_.-]+/g, " "),
        description: fn.description,
        parameters: `${fields.parameterNames} ${fields.parameterText}`,
      },
      index,
    );
  });
  engine.consolidate();
  return {
    name: "plain BM25 (wink-bm25-text-search)",
    async search(query, limit) {
      return engine
        .search(query, limit)
        .map(([index]) => (functions[Number(index)] as CatalogFunction).name);
    },
  };
}
