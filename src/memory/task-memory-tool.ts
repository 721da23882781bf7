import { z } from "zod";
import { activity } from "../activity/activity.js";
import type { ActivityContext } from "../activity/activity-context.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import { TextArtifact } from "../artifacts/text-artifact.js";
import { MemoryConfigError } from "../errors/memory-config-error.js";
import { anArray, type OptionRules } from "../internal/option-rules.js";
import type { JsonObject } from "../schema/json.js";
import { Tool } from "../tool/tool.js";
import { checkToolOptions, toolOptionRules } from "../tool/tool-option-rules.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { ScopeOption } from "./memory-scope.js";
import type { TaskMemory } from "./task-memory.js";
import { queryTerms } from "./tokenize.js";

/**
 * Options of a {@link TaskMemoryTool}: the memories it serves and the usual tool options (a memory
 * tool is never off-prompt itself).
 *
 * @example
 * ```ts
 * new TaskMemoryTool({ memories: [research, scratch], name: "Memory" });
 * ```
 */
export interface TaskMemoryToolOptions
  extends Omit<ToolOptions, "offPrompt" | "outputMemory" | "inputMemory"> {
  memories: readonly TaskMemory[];
}

/** Default and largest page for `read`, in characters. */
const defaultPage = 4000;
const maxPage = 20_000;
const maxQueryLength = 2000;

const memoryName = z
  .string()
  .describe("Name of the task memory (memory_name in the stored notice)");
const namespace = z.string().describe("The artifact_namespace of the stored output");

const listSchema = z.object({
  memory_name: memoryName.optional().describe("Only this memory; all of them when omitted"),
});
const readSchema = z.object({
  memory_name: memoryName,
  artifact_namespace: namespace,
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("Character offset to start from (0 by default); search hits give one"),
  limit: z
    .number()
    .int()
    .min(1)
    .max(maxPage)
    .optional()
    .describe(`How many characters to read (${defaultPage} by default)`),
});
const searchSchema = z.object({
  memory_name: memoryName,
  query: z.string().min(1).max(maxQueryLength).describe("Keywords to look for"),
  artifact_namespace: namespace.optional().describe("Only this namespace; all when omitted"),
  limit: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe("How many passages at most (5 by default)"),
});

// A memory tool is never off-prompt and reads no memory references: those Tool options do not apply.
const { offPrompt, outputMemory, inputMemory, ...baseRules } = toolOptionRules;
const optionRules: OptionRules = { ...baseRules, memories: anArray };

const memoryList = (tool: TaskMemoryTool) =>
  tool.memories.map((memory) => JSON.stringify(memory.name)).join(", ");

/**
 * The activities a model uses to work with stored output, without an LLM: `list_namespaces`, `read`
 * (paged) and `search` (BM25-ranked passages, verbatim, with namespace and offset).
 *
 * @example
 * ```ts
 * const tool = new TaskMemoryTool({ memories: [memory] }); // or memory.tool()
 * await tool.run("search", { memory_name: "TaskMemory", query: "refund policy" });
 * ```
 */
export class TaskMemoryTool extends Tool {
  /** The memories this tool serves, by name. */
  readonly memories: readonly TaskMemory[];

  constructor(options: TaskMemoryToolOptions) {
    checkToolOptions(new.target, options, optionRules, ["memories"]);
    const { memories, ...toolOptions } = options;
    super(toolOptions);
    if (!Array.isArray(memories) || memories.length === 0) {
      throw new MemoryConfigError({
        subject: `TaskMemoryTool "${this.name}"`,
        option: "memories",
        message: "must list at least one TaskMemory",
      });
    }
    const seen = new Set<string>();
    for (const memory of memories) {
      if (seen.has(memory.name)) {
        throw new MemoryConfigError({
          subject: `TaskMemoryTool "${this.name}"`,
          option: "memories",
          message: `holds two memories named "${memory.name}"; memory names must be unique`,
        });
      }
      seen.add(memory.name);
    }
    this.memories = Object.freeze([...memories]);
  }

  @activity({
    description: (tool: TaskMemoryTool) =>
      `Lists the tool outputs stored in task memory (${memoryList(tool)}): each artifact_namespace with the tool activity that produced it, its artifact count and its size in characters`,
    schema: listSchema,
    annotations: { readOnly: true, idempotent: true },
  })
  async list_namespaces(input: z.output<typeof listSchema>, context: ActivityContext) {
    const found = input.memory_name === undefined ? undefined : this.#find(input.memory_name);
    if (found instanceof ErrorArtifact) return found;
    const memories = found === undefined ? this.memories : [found];
    const sections: string[] = [];
    for (const memory of memories) {
      const namespaces = await memory.namespaces(scopeOption(context));
      if (namespaces.length === 0) {
        sections.push(`Memory "${memory.name}" is empty.`);
        continue;
      }
      const lines = namespaces.map(
        (entry) =>
          `- artifact_namespace "${entry.namespace}": output of ${entry.source}, ${plural(entry.artifactCount, "artifact")}, ${plural(entry.length, "character")}`,
      );
      sections.push(
        `Memory "${memory.name}" holds ${plural(namespaces.length, "namespace")}:\n${lines.join("\n")}`,
      );
    }
    return new TextArtifact(sections.join("\n\n"));
  }

  @activity({
    description: (tool: TaskMemoryTool) =>
      `Reads stored tool output from task memory (${memoryList(tool)}) one page at a time: the text of an artifact_namespace from a character offset, and how many characters are left`,
    schema: readSchema,
    annotations: { readOnly: true, idempotent: true },
  })
  async read(input: z.output<typeof readSchema>, context: ActivityContext) {
    const memory = this.#find(input.memory_name);
    if (memory instanceof ErrorArtifact) return memory;
    const offset = input.offset ?? 0;
    const page = await memory.read(input.artifact_namespace, {
      offset,
      limit: input.limit ?? defaultPage,
      ...scopeOption(context),
    });
    const where = `memory_name "${input.memory_name}", artifact_namespace "${input.artifact_namespace}"`;
    if (page === undefined) {
      return new ErrorArtifact(
        `artifact_namespace "${input.artifact_namespace}" not found in memory "${input.memory_name}"; list_namespaces shows what is stored`,
        { code: "namespace_not_found" },
      );
    }
    if (offset >= page.total) {
      return new ErrorArtifact(
        `offset ${offset} is past the end of ${where}, which has ${plural(page.total, "character")}; read from an offset below ${page.total}`,
        { code: "offset_out_of_range" },
      );
    }
    const end = page.offset + page.text.length;
    const left = page.total - end;
    const status = left === 0 ? "end of text" : `${left} left; continue with offset ${end}`;
    const meta: JsonObject = {
      memory_name: input.memory_name,
      artifact_namespace: input.artifact_namespace,
      offset: page.offset,
      end,
      total: page.total,
    };
    return new TextArtifact(
      `${where}: characters ${page.offset}-${end} of ${page.total} (${status})\n\n${page.text}`,
      { meta },
    );
  }

  @activity({
    description: (tool: TaskMemoryTool) =>
      `Searches stored tool output in task memory (${memoryList(tool)}) by keywords, ranked by relevance (BM25, no LLM involved); returns the best passages verbatim, each with its artifact_namespace and offset, from which read continues`,
    schema: searchSchema,
    annotations: { readOnly: true, idempotent: true },
  })
  async search(input: z.output<typeof searchSchema>, context: ActivityContext) {
    const memory = this.#find(input.memory_name);
    if (memory instanceof ErrorArtifact) return memory;
    if (queryTerms(input.query, 1).length === 0) {
      return new ErrorArtifact(
        `query ${JSON.stringify(input.query)} has no words to search for; use keywords (letters or digits)`,
        { code: "empty_query" },
      );
    }
    const hits = await memory.search(input.query, {
      namespace: input.artifact_namespace,
      limit: input.limit ?? 5,
      ...scopeOption(context),
    });
    const scope =
      input.artifact_namespace === undefined
        ? `memory "${input.memory_name}"`
        : `artifact_namespace "${input.artifact_namespace}" of memory "${input.memory_name}"`;
    if (hits.length === 0) {
      return new InfoArtifact(
        `No passages in ${scope} match ${JSON.stringify(input.query)}; try other keywords, or list_namespaces and read`,
      );
    }
    const blocks = hits.map(
      (hit, index) =>
        `[${index + 1}] artifact_namespace "${hit.artifact_namespace}", offset ${hit.offset}\n${hit.text}`,
    );
    const meta: JsonObject = {
      hits: hits.map(({ memory_name, artifact_namespace, offset, text, score }) => ({
        memory_name,
        artifact_namespace,
        offset,
        length: text.length,
        score,
      })),
    };
    return new TextArtifact(
      `${plural(hits.length, "passage")} from ${scope} ${hits.length === 1 ? "matches" : "match"} ${JSON.stringify(input.query)}, best first:\n\n${blocks.join("\n\n")}`,
      { meta },
    );
  }

  #find(name: string): TaskMemory | ErrorArtifact {
    const memory = this.memories.find((candidate) => candidate.name === name);
    if (memory !== undefined) return memory;
    return new ErrorArtifact(
      `memory not found: no memory named ${JSON.stringify(name)}; memories: ${memoryList(this)}`,
      { code: "memory_not_found" },
    );
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The memory option of a call's principal: nothing for the default space (the options stay as before). */
function scopeOption(context: ActivityContext): ScopeOption {
  return context.principal === undefined ? {} : { principal: context.principal };
}
