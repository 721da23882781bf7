import {
  activity,
  type EmbedTexts,
  type SearchFusion,
  Tool,
  Toolbox,
  type ToolCallResult,
} from "../../src/index.js";
import type { CallRegistry } from "../workloads/bfcl.js";
import {
  type CreateEventInput,
  createEvent,
  createEventDescription,
  createEventSchema,
} from "../workloads/create-event.js";
import type { SearchWorkload } from "../workloads/tool-search.js";
import type { SearchContender } from "./tool-search.js";

/** The calendar tool as a toolwright user writes it: one activity with the shared zod schema. */
export class CalendarTool extends Tool {
  @activity({ name: "createEvent", description: createEventDescription, schema: createEventSchema })
  createEvent(input: CreateEventInput) {
    return createEvent(input);
  }
}

/** toolwright: a Toolbox executing the provider's call (arguments as a JSON string), as an agent loop does. */
export function toolwrightDispatcher(): (argumentsJson: string) => Promise<ToolCallResult> {
  const toolbox = new Toolbox([new CalendarTool()]);
  const name = toolbox.nativeName("CalendarTool", "createEvent");
  let counter = 0;
  return (argumentsJson) =>
    toolbox.execute({ id: `call_${counter++}`, name, arguments: argumentsJson });
}

/** toolwright for many tools: the BFCL toolbox itself, every repair step on (the default). */
export function toolwrightRegistry(toolbox: Toolbox): CallRegistry {
  return {
    async call(name, args) {
      const result = await toolbox.execute({ name, arguments: args });
      const outcome = result.calls?.[0] ?? result;
      if (outcome.artifact.type === "ErrorArtifact") return { ran: false };
      return { ran: true, received: outcome.artifact.value };
    },
  };
}

/** toolwright's tool search: `toolbox.search` over the catalog's own toolbox (the index is built on the first search). */
export async function toolwrightSearch(workload: SearchWorkload): Promise<SearchContender> {
  await workload.toolbox.search("build the index");
  return {
    name: "toolwright",
    async search(query, limit) {
      return (await workload.toolbox.search(query, { limit })).map((hit) => hit.name);
    },
  };
}

/**
 * toolwright's hybrid search: a toolbox over the same tools with `search.embed` (and the given fusion);
 * the first search embeds the whole catalog, so it is made here.
 */
export async function toolwrightHybridSearch(
  workload: SearchWorkload,
  embed: EmbedTexts,
  fusion: SearchFusion,
): Promise<SearchContender> {
  const toolbox = new Toolbox(workload.toolbox.tools, { search: { embed, fusion } });
  await toolbox.search("build the index");
  return {
    name: `toolwright hybrid (${fusion})`,
    async search(query, limit) {
      return (await toolbox.search(query, { limit })).map((hit) => hit.name);
    },
  };
}
