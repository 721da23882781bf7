import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a feature needs optional packages that are not installed (a provider SDK, the MCP SDK,
 * `ioredis`, an agent framework); names every one of them that is missing and the one command that
 * installs them all. Thrown when the driver, store or server is created, or an adapter first used,
 * before any request.
 *
 * @example
 * ```ts
 * new OpenAIChatPromptDriver({ model: "gpt-4.1-mini" });
 * // MissingDependencyError: OpenAIChatPromptDriver needs the optional package "openai": npm install openai
 * toLangChainTools(toolbox);
 * // MissingDependencyError: toLangChainTools needs the optional packages "@langchain/core" and "langchain": npm install @langchain/core langchain
 * ```
 */
export class MissingDependencyError extends ToolwrightError {
  static override readonly brand: string = "toolwright/MissingDependencyError";
  /** The first npm package to install, such as `openai` or `@modelcontextprotocol/sdk`. */
  readonly packageName: string;
  /** Every missing package, in the order the feature needs them (`packageName` first). */
  readonly packageNames: readonly string[];
  /** What needs them: a class, function or command such as `OpenAIChatPromptDriver` or `serveMcp`. */
  readonly subject: string;

  constructor(details: {
    subject: string;
    packageName: string;
    /** More missing packages, after `packageName`. */
    morePackages?: readonly string[];
    cause?: unknown;
  }) {
    const names = [details.packageName, ...(details.morePackages ?? [])];
    const quoted = names.map((name) => `"${name}"`);
    const listed =
      quoted.length === 1
        ? `the optional package ${quoted[0]}`
        : `the optional packages ${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
    super(
      "missing_dependency",
      `${details.subject} needs ${listed}: npm install ${names.join(" ")}`,
      {
        cause: details.cause,
      },
    );
    this.packageName = details.packageName;
    this.packageNames = Object.freeze(names);
    this.subject = details.subject;
  }
}
