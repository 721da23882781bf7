import { packagesAtImport } from "../../internal/optional-package.js";

/** @internal The LangChain modules the adapter uses. */
export interface LangChainModules {
  readonly messages: typeof import("@langchain/core/messages");
  readonly tools: typeof import("@langchain/core/tools");
  readonly callbacks: typeof import("@langchain/core/callbacks/manager");
  readonly agents: typeof import("langchain");
}

/**
 * @internal LangChain's modules: `@langchain/core` and `langchain`, imported with the entry when both
 * are installed; otherwise each use throws one `MissingDependencyError` naming whichever is missing,
 * so `import "toolwright/langchain"` works without them.
 */
export const langChain: (subject: string) => LangChainModules = await packagesAtImport(
  [["@langchain/core", "@langchain/core/messages"], "langchain"],
  async () => {
    const [messages, tools, callbacks, agents] = await Promise.all([
      import("@langchain/core/messages"),
      import("@langchain/core/tools"),
      import("@langchain/core/callbacks/manager"),
      import("langchain"),
    ]);
    return { messages, tools, callbacks, agents };
  },
);
