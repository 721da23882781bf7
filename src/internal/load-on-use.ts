import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// Heavy dependencies the core needs only for some tools (ajv for JSON Schema input, nunjucks for
// description templates, semver for requirements) are loaded the first time they are needed, so
// `import "toolwright"` stays small. Synchronously, because the APIs that need them are synchronous
// (a class definition checks its JSON Schema, `activityDescription()` renders a template), and with
// Node's `require`, which also loads ES modules (Node ≥ 22.12) into the one module cache `import` uses.
// The file is resolved as `import` would resolve it, so a dual package (zod) yields the same instance
// the user's own `import` does, not a second CommonJS copy.
// Bundlers do not follow these requires: keep the packages external or installed (docs/entry-points.md).
const require = createRequire(import.meta.url);

/**
 * @internal A loader that requires `specifier` (resolved from toolwright's own location) on its first
 * call and returns the cached module after.
 *
 * @example
 * ```ts
 * const semver = loadOnUse<typeof import("semver")>("semver");
 * semver().satisfies("1.2.3", "^1.0.0");
 * ```
 */
export function loadOnUse<Module>(specifier: string): () => Module {
  let loaded: Module | undefined;
  // A file URL (a module of toolwright's own) needs no resolving: a module this loads may load others
  // this way too, also where `require` compiled it as CommonJS (tsx), which has no `import.meta.resolve`.
  const file = () =>
    fileURLToPath(specifier.startsWith("file:") ? specifier : import.meta.resolve(specifier));
  return () => {
    loaded ??= require(file()) as Module;
    return loaded;
  };
}
