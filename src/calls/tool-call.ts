import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import type { Repair } from "../tool/repair.js";
import type { Tool } from "../tool/tool.js";

/**
 * A tool call as a provider returns it: `arguments` is a JSON string (OpenAI, vLLM) or an object
 * (Anthropic `input`, Gemini `args`, Ollama), possibly broken.
 *
 * @example
 * ```ts
 * const call: ToolCallInput = { id: "call_1", name: "Calculator_calculate", arguments: '{"expression":"2+2"}' };
 * ```
 */
export interface ToolCallInput {
  /** The provider's call id; toolwright makes one up when missing (Gemini sends none). */
  readonly id?: string | undefined;
  /** The name the model called. */
  readonly name: string;
  /** The input: a JSON string or an already-parsed value. */
  readonly arguments?: unknown;
  /**
   * The caller's key for this call, for receipts (`Toolbox` option `receipts`): a call with a key
   * that already has a result returns it instead of running again. Without one, the call's own id
   * (with its activity) is the key.
   */
  readonly idempotencyKey?: string | undefined;
}

/**
 * What one call produced: the artifact for the model, the names it resolved to and every repair made.
 *
 * @example
 * ```ts
 * const { id, artifact, repairs } = await toolbox.execute(call);
 * if (repairs.length > 0) log.debug(repairs);
 * ```
 */
export interface ToolCallResult {
  /** The call's id (given or made up), to answer the call with. */
  readonly id: string;
  /** The name as the model called it. */
  readonly name: string;
  /** The tool it resolved to; `undefined` when the name matched nothing. */
  readonly toolName: string | undefined;
  /** The activity it resolved to; `undefined` when the name matched nothing. */
  readonly activityName: string | undefined;
  /** The result; an `ErrorArtifact` with a `code` for anything the model can fix. */
  readonly artifact: Artifact;
  /** Every fix made to the call, in pipeline order. */
  readonly repairs: readonly Repair[];
  /** The calls inside a `multi_tool_use.parallel` wrapper, each with its own result. */
  readonly calls?: readonly ToolCallResult[];
}

/**
 * A call decoded and validated but not run (`toolbox.prepare`): the exact input the method would get,
 * or the result the model would get instead.
 *
 * @example
 * ```ts
 * const prepared = await toolbox.prepare(call);
 * if (prepared.ok) showToHuman(prepared.tool.name, prepared.activity.name, prepared.input);
 * ```
 */
export type PreparedCall =
  | {
      readonly ok: true;
      readonly id: string;
      readonly name: string;
      readonly tool: Tool;
      readonly activity: ToolActivity;
      /** What the method would receive: the input after the schema's transforms and defaults. */
      readonly input: unknown;
      /**
       * The decoded and repaired input as it passed validation, before the schema's transforms: what
       * a queue worker validates again for itself.
       */
      readonly acceptedInput: unknown;
      readonly repairs: readonly Repair[];
    }
  | { readonly ok: false; readonly result: ToolCallResult };
