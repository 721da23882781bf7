import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown before any request is sent when a `PromptRequest` cannot be expressed for the driver's
 * provider (tools in another dialect, a tool result with no matching call, an unsupported option).
 *
 * @example
 * ```ts
 * await anthropicDriver.generate({ messages, tools: toolbox.toProviderTools("openai-chat") });
 * // PromptRequestError: anthropic (claude-sonnet-4-5): tools[0]: expected an Anthropic tool …
 * ```
 */
export class PromptRequestError extends ToolwrightError {
  static override readonly brand: string = "toolwright/PromptRequestError";
  /** Provider id of the driver. */
  readonly provider: string;
  /** Where in the request the problem is, as a path such as `messages[3]` or `tools[0]`. */
  readonly path: string;

  constructor(details: { provider: string; model: string; path: string; message: string }) {
    super(
      "invalid_prompt_request",
      `${details.provider} (${details.model}): ${details.path}: ${details.message}`,
    );
    this.provider = details.provider;
    this.path = details.path;
  }
}
