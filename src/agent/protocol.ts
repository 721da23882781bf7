import type { ToolCallResult } from "../calls/tool-call.js";
import type { DialectOptions } from "../dialects/dialect.js";
import type {
  AssistantMessage,
  PromptDriver,
  PromptMessage,
  PromptRequest,
  PromptResponse,
  ToolCall,
} from "../drivers/spec.js";
import type { Toolbox } from "../toolbox/toolbox.js";

/** @internal What one model turn means under a protocol. */
export interface ProtocolTurn {
  /** The turn as it goes into the transcript. */
  readonly assistant: AssistantMessage;
  /** Tool calls to run, in order. */
  readonly calls: readonly ToolCall[];
  /** The final answer, when the turn has no calls. */
  readonly answer?: string | undefined;
  /** A problem the model must fix (an unreadable action list); sent back instead of results. */
  readonly problem?: string | undefined;
}

/** @internal The protocol-specific half of the agent loop. */
export interface Protocol {
  /**
   * The system prompt for these tools, with the user's instructions; without reflection the model
   * gets one turn, so it is not told to keep using actions (Griptape's `reflect_on_tool_use`).
   */
  systemPrompt(
    toolbox: Toolbox,
    system: string | undefined,
    reflectOnToolUse: boolean,
  ): string | undefined;
  /** The tool-related fields of every request. */
  requestFields(
    toolbox: Toolbox,
    driver: PromptDriver,
    dialectOptions: DialectOptions,
  ): Partial<PromptRequest>;
  /** Reads a model turn. */
  read(response: PromptResponse, toolbox: Toolbox): ProtocolTurn;
  /** The messages that carry results (or a problem) back to the model. */
  reply(
    results: readonly { call: ToolCall; result: ToolCallResult }[],
    problem?: string,
  ): PromptMessage[];
}

/** @internal Griptape's lines for a model that sees its actions' outputs (`reflect_on_tool_use`). */
export const reflectionInstructions: readonly string[] = [
  "Repeat executing actions as many times as you need.",
  "If an action's output contains an error, you MUST ALWAYS try to fix the error by executing another action.",
  "",
];
