import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown for an agent set up wrongly, a saved run state that cannot be resumed, or an approval decision
 * that cannot be applied (an edited input that does not validate); the run itself is left as it was.
 *
 * @example
 * ```ts
 * await agent.resume(state, { call_1: { type: "edit", input: { path: 42 } } });
 * // AgentError: approval of call "call_1": the edited input is invalid: $.path: expected string, got 42
 * ```
 */
export class AgentError extends ToolwrightError {
  static override readonly brand: string = "toolwright/AgentError";
  /** The option, state field or call id at fault. */
  readonly subject: string;

  constructor(details: {
    code: "invalid_agent_config" | "invalid_agent_state" | "invalid_approval";
    subject: string;
    message: string;
    cause?: unknown;
  }) {
    super(details.code, `${details.subject}: ${details.message}`, { cause: details.cause });
    this.subject = details.subject;
  }
}
