import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredTool, ToolRunnableConfig } from "@langchain/core/tools";
import type { DialectTarget } from "../../dialects/dialect.js";
import { lazyClass } from "../../internal/lazy-class.js";
import type { JsonSchemaObject } from "../../schema/json.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { langChain } from "./langchain-packages.js";

/**
 * One adapted activity: its native name, description, schema lowered for `dialect`, and the toolbox.
 *
 * @example
 * ```ts
 * new ToolwrightStructuredTool({ toolbox, name, description: "", schema, dialect: "openai-chat" });
 * ```
 */
export interface ToolwrightStructuredToolFields {
  readonly toolbox: Toolbox;
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
  readonly dialect: DialectTarget;
}

interface ToolCallShape {
  readonly id?: string | undefined;
  readonly args?: unknown;
  readonly type?: string | undefined;
}

/**
 * One toolwright activity as a LangChain `StructuredTool`: `invoke` with a `ToolCall` returns a
 * `ToolMessage` (`status: "error"` for an ErrorArtifact, the artifact in `artifact`), and the arguments
 * go to `Toolbox.execute` as they came, without LangChain's schema check.
 *
 * @example
 * ```ts
 * const [calculate] = toLangChainTools(toolbox);
 * const message = await calculate?.invoke({ type: "tool_call", id: "c1", name: "CalculatorTool_calculate", args: { expression: "2+2" } });
 * ```
 */
export interface ToolwrightStructuredTool extends StructuredTool<JsonSchemaObject> {
  responseFormat: "content_and_artifact";
}

/**
 * The class of {@link ToolwrightStructuredTool}: defined on first use (a `new`, an `extends`), when
 * `@langchain/core` and `langchain` are loaded, so the entry imports without them.
 *
 * @example
 * ```ts
 * const tool = new ToolwrightStructuredTool({ toolbox, name, description: "", schema, dialect: "openai-chat" });
 * ```
 */
export const ToolwrightStructuredTool: new (
  fields: ToolwrightStructuredToolFields,
) => ToolwrightStructuredTool = lazyClass("ToolwrightStructuredTool", defineStructuredTool);

function defineStructuredTool() {
  const { tools, messages, callbacks } = langChain("ToolwrightStructuredTool");
  class ToolwrightStructuredTool extends tools.StructuredTool<JsonSchemaObject> {
    override name: string;
    override description: string;
    override schema: JsonSchemaObject;
    override responseFormat = "content_and_artifact" as const;
    readonly #toolbox: Toolbox;
    readonly #dialect: DialectTarget;

    constructor(fields: ToolwrightStructuredToolFields) {
      super({ responseFormat: "content_and_artifact" });
      this.name = fields.name;
      this.description = fields.description;
      this.schema = fields.schema;
      this.#toolbox = fields.toolbox;
      this.#dialect = fields.dialect;
    }

    /** Replaces `StructuredTool.call`, whose schema check would refuse what toolwright repairs. */
    // biome-ignore lint/suspicious/noExplicitAny: the signature LangChain's generic `call` demands.
    override async call(arg: any, configArg?: any, tags?: string[]): Promise<any> {
      const config = callbacks.parseCallbackConfigArg(configArg) as ToolRunnableConfig;
      const toolCall = isToolCall(arg)
        ? arg
        : isToolCall(config.toolCall)
          ? config.toolCall
          : undefined;
      const input: unknown = isToolCall(arg) ? arg.args : arg;
      const manager = callbacks.CallbackManager.configure(
        config.callbacks,
        this.callbacks,
        config.tags ?? tags,
        this.tags,
        config.metadata,
        this.metadata,
        { verbose: this.verbose },
      );
      const runManager = await manager?.handleToolStart(
        this.toJSON(),
        typeof input === "string" ? input : JSON.stringify(input),
        config.runId,
        undefined,
        undefined,
        undefined,
        config.runName,
        toolCall?.id,
      );
      let output: ToolMessage | string;
      try {
        output = await this.#run(input, toolCall, config.signal);
      } catch (error) {
        await runManager?.handleToolError(error);
        throw error;
      }
      await runManager?.handleToolEnd(output);
      return output;
    }

    protected override async _call(input: unknown, _run: unknown, config?: ToolRunnableConfig) {
      return this.#run(input, undefined, config?.signal);
    }

    async #run(
      input: unknown,
      toolCall: ToolCallShape | undefined,
      signal: AbortSignal | undefined,
    ) {
      const result = await this.#toolbox.execute(
        { id: toolCall?.id, name: this.name, arguments: input },
        signal === undefined ? { dialect: this.#dialect } : { dialect: this.#dialect, signal },
      );
      const content = result.artifact.toText();
      // Called with plain arguments (not a ToolCall) LangChain tools return their content alone.
      if (toolCall === undefined) return content;
      return new messages.ToolMessage({
        status: result.artifact.type === "ErrorArtifact" ? "error" : "success",
        content,
        artifact: result.artifact,
        tool_call_id: toolCall.id ?? result.id,
        name: this.name,
      });
    }
  }
  return ToolwrightStructuredTool;
}

function isToolCall(value: unknown): value is ToolCallShape {
  return (
    typeof value === "object" && value !== null && (value as ToolCallShape).type === "tool_call"
  );
}
