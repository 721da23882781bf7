import { packagesAtImport } from "../../internal/optional-package.js";

/**
 * @internal Mastra's tools module (`@mastra/core`), imported with the entry when installed; otherwise
 * each use that needs it throws a `MissingDependencyError` naming it, so `import "toolwright/mastra"`
 * works without it.
 */
export const mastra: (subject: string) => typeof import("@mastra/core/tools") =
  await packagesAtImport(
    [["@mastra/core", "@mastra/core/tools"]],
    () => import("@mastra/core/tools"),
  );
