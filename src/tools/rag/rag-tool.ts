import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import {
  aString,
  nonEmptyString,
  type OptionRule,
  wholeNumber,
} from "../../internal/option-rules.js";
import type { TaskMemory } from "../../memory/task-memory.js";
import { Tool } from "../../tool/tool.js";
import { answerFromChunks } from "../prompt-engine/answer-prompt.js";
import {
  type ModelSettings,
  type ModelToolOptions,
  modelToolParts,
} from "../prompt-engine/model-tool-options.js";

/**
 * Options of a {@link RagTool}.
 *
 * @example
 * ```ts
 * const options: RagToolOptions = { driver, memory, description: "Contains our refund policies", limit: 8 };
 * ```
 */
export interface RagToolOptions extends ModelToolOptions {
  /** What the searched text is about: the activity's description the model reads (Griptape's `description`). */
  description: string;
  /** The memory searched (BM25, or hybrid when it has an embedding driver). */
  memory: TaskMemory;
  /** Only this namespace of the memory; all of them by default. */
  namespace?: string | undefined;
  /** Passages retrieved per question; 10 by default. */
  limit?: number | undefined;
}

const searchSchema = z.object({
  query: z.string().min(1).describe("A natural language search query"),
});

const taskMemory: OptionRule = Object.freeze({
  expected: "a TaskMemory",
  test: (value: unknown) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { search?: unknown }).search === "function" &&
    typeof (value as { name?: unknown }).name === "string",
});

const optionRules = {
  description: nonEmptyString,
  memory: taskMemory,
  namespace: aString,
  limit: { ...wholeNumber(1), expected: "a whole number of passages, at least 1" },
};

/**
 * Griptape's RagTool: retrieves the passages of a Task Memory that best match a question, then
 * asks a model to answer from them (retrieve, then answer). Retrieval is the memory's own search:
 * BM25, or BM25 and vectors fused when the memory has an embedding driver.
 *
 * @example
 * ```ts
 * const rag = new RagTool({ driver, memory, description: "Contains information about the 2024 product line" });
 * await rag.run("search", { query: "Which models ship with USB-C?" });
 * ```
 */
export class RagTool extends Tool {
  /** The model that answers, its rules and how much content one call carries. */
  readonly model: ModelSettings;
  /** What the searched text is about. */
  readonly description: string;
  readonly memory: TaskMemory;
  readonly namespace: string | undefined;
  readonly limit: number;

  constructor(options: RagToolOptions) {
    const required = ["description", "memory"];
    const [model, parts] = modelToolParts(new.target, options, optionRules, required);
    const { description, memory, namespace, limit, ...base } = parts;
    super(base);
    this.model = model;
    this.description = description;
    this.memory = memory;
    this.namespace = namespace;
    this.limit = limit ?? 10;
  }

  @activity({
    description: (tool: RagTool) => tool.description,
    schema: searchSchema,
    annotations: { readOnly: true, openWorld: true },
  })
  async search(input: z.output<typeof searchSchema>, context: ActivityContext) {
    const hits = await this.memory.search(input.query, {
      namespace: this.namespace,
      limit: this.limit,
    });
    const chunks = hits.map((hit) => hit.text);
    return answerFromChunks(this.model, input.query, chunks, context.signal);
  }
}
