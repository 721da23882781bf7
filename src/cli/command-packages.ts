import { extname } from "node:path";
import { type NeededPackage, requirePackages } from "../internal/optional-package.js";
import { typescript } from "./load-toolbox.js";

/**
 * @internal Throws one `MissingDependencyError` naming every optional package a command will need
 * that is missing, before it does anything: its own, and tsx for a TypeScript module. A user installs
 * them with the one command it prints, rather than one error at a time.
 */
export function requireCommandPackages(
  command: string,
  modulePath: string | undefined,
  packages: readonly NeededPackage[],
): void {
  const needed = [...packages];
  if (modulePath !== undefined && typescript.has(extname(modulePath))) {
    needed.push(["tsx", "tsx/esm/api"]);
  }
  requirePackages(`toolwright ${command}`, needed);
}
