import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown by `serveMcp` and `McpTool.connect` for options that cannot work (an unknown transport, a
 * port out of range, an empty token, a target with neither `command` nor `url`); names the option.
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", port: 70_000 });
 * // McpConfigError: serveMcp: "port" must be an integer from 0 to 65535; got 70000
 * ```
 */
export class McpConfigError extends ToolwrightError {
  static override readonly brand: string = "toolwright/McpConfigError";
  /** `serveMcp` or `McpTool.connect`. */
  readonly subject: string;
  /** The option at fault. */
  readonly option: string;

  constructor(details: { subject: string; option: string; message: string }) {
    super("invalid_mcp_config", `${details.subject}: "${details.option}" ${details.message}`);
    this.subject = details.subject;
    this.option = details.option;
  }
}
