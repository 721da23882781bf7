import { packagesAtImport } from "../../internal/optional-package.js";

/**
 * @internal The AI SDK (`ai`), imported with the entry when installed; otherwise each use that needs
 * it throws a `MissingDependencyError` naming it, so `import "toolwright/ai-sdk"` works without it.
 */
export const aiSdk: (subject: string) => typeof import("ai") = await packagesAtImport(
  ["ai"],
  () => import("ai"),
);
