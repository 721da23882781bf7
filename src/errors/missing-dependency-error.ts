import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a feature needs an optional package that is not installed (a provider SDK, the MCP SDK,
 * `ioredis`); names the package and the command that installs it. Thrown when the driver, store or
 * server is created, before any request.
 *
 * @example
 * ```ts
 * new OpenAIChatPromptDriver({ model: "gpt-4.1-mini" });
 * // MissingDependencyError: OpenAIChatPromptDriver needs the optional package "openai": npm install openai
 * ```
 */
export class MissingDependencyError extends ToolwrightError {
  static override readonly brand: string = "toolwright/MissingDependencyError";
  /** The npm package to install, such as `openai` or `@modelcontextprotocol/sdk`. */
  readonly packageName: string;
  /** What needs it: a class or function name such as `OpenAIChatPromptDriver` or `serveMcp`. */
  readonly subject: string;

  constructor(details: { subject: string; packageName: string; cause?: unknown }) {
    super(
      "missing_dependency",
      `${details.subject} needs the optional package "${details.packageName}": npm install ${details.packageName}`,
      { cause: details.cause },
    );
    this.packageName = details.packageName;
    this.subject = details.subject;
  }
}
