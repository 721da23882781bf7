import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { RequirementError } from "../errors/requirement-error.js";
import { loadOnUse } from "../internal/load-on-use.js";

// Only tools that declare requirements need semver (47 modules): loaded on first check.
const semver = loadOnUse<typeof import("semver")>("semver");

/**
 * One npm package a Tool class declares in `static requirements`, and what is installed.
 *
 * @example
 * ```ts
 * const requirement: Requirement = { specifier: "pdf-parse@^1.1.0", name: "pdf-parse", range: "^1.1.0", installed: "1.1.1" };
 * ```
 */
export interface Requirement {
  /** As declared (`pdf-parse@^1.1.0`); what `npm install` is given. */
  readonly specifier: string;
  /** The package name. */
  readonly name: string;
  /** The semver range; `*` when the specifier names no version. */
  readonly range: string;
  /** The version installed where the check looked, or `undefined` when none is. */
  readonly installed: string | undefined;
}

/**
 * The result of `tool.checkRequirements()`: requirements met by an installed version, and the rest
 * (not installed, or installed in a version outside the range).
 *
 * @example
 * ```ts
 * const { missing } = new PdfTool().checkRequirements();
 * if (missing.length > 0) console.log(`npm install ${missing.map((r) => r.specifier).join(" ")}`);
 * ```
 */
export interface RequirementCheck {
  readonly met: readonly Requirement[];
  readonly missing: readonly Requirement[];
}

/**
 * Options of `tool.checkRequirements()`.
 *
 * @example
 * ```ts
 * tool.checkRequirements({ cwd: "/srv/agent" });
 * ```
 */
export interface CheckRequirementsOptions {
  /** Where packages are looked up, as Node resolves them from there; `process.cwd()` by default. */
  cwd?: string | undefined;
}

// npm's own rule for new package names (validate-npm-package-name): lower case, URL-safe, ≤ 214.
const packageName = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/**
 * @internal Checks the `static requirements` of a tool's class against the packages installed where
 * `cwd` resolves them. Griptape's `requirements.txt` check counts a line with a version specifier as
 * never met; here the installed version must satisfy the range.
 */
export function checkToolRequirements(
  toolClass: unknown,
  toolName: string,
  options: CheckRequirementsOptions = {},
): RequirementCheck {
  const declared = (toolClass as { requirements?: unknown }).requirements;
  if (declared === undefined) return { met: [], missing: [] };
  if (!Array.isArray(declared)) {
    throw new RequirementError({
      toolName,
      requirement: String(declared),
      message: "static requirements must be an array of npm specifiers",
    });
  }
  const lookup = createRequire(join(resolve(options.cwd ?? process.cwd()), "noop.js"));
  const met: Requirement[] = [];
  const missing: Requirement[] = [];
  for (const specifier of declared) {
    const { name, range } = parseRequirement(specifier, toolName);
    const installed = installedVersion(lookup, name);
    const requirement: Requirement = { specifier, name, range, installed };
    if (installed !== undefined && semver().satisfies(installed, range)) met.push(requirement);
    else missing.push(requirement);
  }
  return { met, missing };
}

/** @internal `name@range` → its parts; anything else is a `RequirementError` naming it. */
export function parseRequirement(
  specifier: unknown,
  toolName: string,
): { name: string; range: string } {
  const fail = (message: string): never => {
    throw new RequirementError({ toolName, requirement: String(specifier), message });
  };
  if (typeof specifier !== "string") return fail(`must be a string; got ${typeof specifier}`);
  const at = specifier.indexOf("@", 1);
  const name = at === -1 ? specifier : specifier.slice(0, at);
  const range = at === -1 ? "*" : specifier.slice(at + 1).trim();
  if (name.length > 214 || !packageName.test(name)) {
    fail(
      `${JSON.stringify(name)} is not an npm package name (lower case, URL-safe, optionally @scope/)`,
    );
  }
  if (range === "" || semver().validRange(range) === null) {
    fail(
      `${JSON.stringify(range)} is not a semver range; write name@range, such as ${name}@^1.2.0 (tags, URLs and paths cannot be checked)`,
    );
  }
  return { name, range };
}

/** The version in `<dir>/node_modules/<name>/package.json`, in Node's lookup order from `cwd`. */
function installedVersion(lookup: NodeJS.Require, name: string): string | undefined {
  for (const directory of lookup.resolve.paths(name) ?? []) {
    let text: string;
    try {
      text = readFileSync(join(directory, name, "package.json"), "utf8");
    } catch {
      continue;
    }
    try {
      const version = (JSON.parse(text) as { version?: unknown }).version;
      return typeof version === "string" && semver().valid(version) !== null ? version : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
