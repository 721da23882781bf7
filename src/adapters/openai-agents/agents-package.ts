import { packagesAtImport } from "../../internal/optional-package.js";

/**
 * @internal The OpenAI Agents SDK's core (`@openai/agents-core`), imported with the entry when
 * installed; otherwise each use that needs it throws a `MissingDependencyError` naming it, so
 * `import "toolwright/openai-agents"` works without it.
 */
export const agentsCore: (subject: string) => typeof import("@openai/agents-core") =
  await packagesAtImport(["@openai/agents-core"], () => import("@openai/agents-core"));
