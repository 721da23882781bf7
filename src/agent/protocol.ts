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
  /** The system prompt for these tools, with the user's instructions. */
  systemPrompt(toolbox: Toolbox, system: string | undefined): string | undefined;
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
