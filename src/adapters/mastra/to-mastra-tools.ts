import type { Tool as MastraTool } from "@mastra/core/tools";
import type { JsonSchemaObject } from "../../schema/json.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { mastraApproval } from "./approval.js";
import { mastra } from "./mastra-package.js";
import { MastraToolRefusal } from "./mastra-tool-refusal.js";
import { passthroughSchema } from "./passthrough-schema.js";

/**
 * One Mastra tool per toolbox activity: input typed `unknown` (toolwright validates), the result the
 * text the model reads.
 */
export type ToolwrightMastraTool = MastraTool<unknown, string>;

/**
 * The toolbox's activities (the task-memory tool included) as Mastra tools keyed by native name, each a
 * thin call to `toolbox.execute`: the model sees toolwright's lowered JSON Schema, Mastra's own
 * validation lets every value through, and a refusal is thrown so Mastra reports it as a tool error
 * with toolwright's message. An activity's `needsApproval` becomes the tool's `requireApproval`. The set is a snapshot: call it again after adding tools.
 *
 * @example
 * ```ts
 * const agent = new Agent({ id: "a", name: "a", instructions: "…", model, tools: toMastraTools(toolbox) });
 * ```
 */
export function toMastraTools(toolbox: Toolbox): Record<string, ToolwrightMastraTool> {
  const { createTool } = mastra("toMastraTools");
  const tools: Record<string, ToolwrightMastraTool> = {};
  for (const { name, description } of toolbox.toProviderTools("json-schema")) {
    const inputSchema = passthroughSchema((draft) => schemaOf(toolbox, name, draft));
    const requireApproval = mastraApproval(toolbox, name);
    tools[name] = createTool({
      id: name,
      description,
      inputSchema,
      // The activity's `needsApproval`: Mastra asks before `execute` runs.
      ...(requireApproval === undefined ? {} : { requireApproval }),
      execute: async (input, context) => {
        const id = context.agent?.toolCallId;
        const signal = context.abortSignal;
        const result = await toolbox.execute(
          { id, name, arguments: input },
          signal === undefined ? {} : { signal },
        );
        if (result.artifact.type === "ErrorArtifact")
          throw new MastraToolRefusal(result.artifact.toText(), result.artifact.code);
        return result.artifact.toText();
      },
    }) as unknown as ToolwrightMastraTool;
  }
  return tools;
}

// The toolbox caches each draft's tools, so Mastra asking again (it does, per step) costs a lookup.
function schemaOf(toolbox: Toolbox, name: string, draft: "2020-12" | "draft-07"): JsonSchemaObject {
  const tools = toolbox.toProviderTools("json-schema", { jsonSchemaDraft: draft });
  const found = tools.find((tool) => tool.name === name);
  if (found === undefined) return { type: "object" };
  const { $schema: _draft, ...schema } = found.inputSchema;
  return schema;
}
