import { MissingDependencyError } from "../errors/missing-dependency-error.js";

// Packages found once need no second look: drivers may be created per request.
const found = new Set<string>();

/**
 * @internal An optional package a feature needs: its name, or its name and an entry it exports (some
 * export no root).
 */
export type NeededPackage = string | readonly [packageName: string, specifier: string];

/**
 * @internal Throws `MissingDependencyError` when an optional package cannot be found from here (the
 * same node_modules toolwright's other files resolve from), so a missing SDK is reported where the
 * driver, store or server is created, not at the first request. `specifier` is an entry the package
 * exports (some export no root); resolving loads nothing.
 */
export function requirePackage(
  subject: string,
  packageName: string,
  specifier: string = packageName,
): void {
  requirePackages(subject, [[packageName, specifier]]);
}

/**
 * @internal {@link requirePackage} for every package a feature needs at once: one
 * `MissingDependencyError` names all that are missing, with one `npm install` line, so a user does
 * not install them one error at a time.
 */
export function requirePackages(subject: string, packages: readonly NeededPackage[]): void {
  const error = missingPackages(subject, packages);
  if (error !== undefined) throw error;
}

/**
 * @internal The modules of an entry's optional packages, imported while the entry is imported when
 * they are all installed (with `import()`, so they are the very instances the user's own imports
 * get); when any is missing, nothing is imported, the entry still loads, and each use throws one
 * `MissingDependencyError` naming every missing package, with what was used as its subject.
 */
export async function packagesAtImport<Modules>(
  packages: readonly NeededPackage[],
  load: () => Promise<Modules>,
): Promise<(subject: string) => Modules> {
  if (missingPackages("", packages) !== undefined) {
    return (subject) => {
      throw missingPackages(subject, packages);
    };
  }
  const modules = await load();
  return () => modules;
}

/** The error naming every one of `packages` that cannot be found from here, if any is missing. */
function missingPackages(
  subject: string,
  packages: readonly NeededPackage[],
): MissingDependencyError | undefined {
  const absent: string[] = [];
  let cause: unknown;
  for (const needed of packages) {
    const [packageName, specifier] = typeof needed === "string" ? [needed, needed] : needed;
    if (found.has(specifier)) continue;
    try {
      import.meta.resolve(specifier);
      found.add(specifier);
    } catch (error) {
      if (missing(error, subject, packageName) === undefined) throw error;
      if (!absent.includes(packageName)) absent.push(packageName);
      cause ??= error;
    }
  }
  const [first, ...more] = absent;
  if (first === undefined) return undefined;
  return new MissingDependencyError({ subject, packageName: first, morePackages: more, cause });
}

/**
 * @internal Runs `load`, a dynamic `import()` of the package (written at the call site so that
 * types and bundlers see the specifier), turning "package not found" into `MissingDependencyError`.
 */
export async function loadPackage<T>(
  subject: string,
  packageName: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw missing(error, subject, packageName) ?? error;
  }
}

/** The typed error for Node's "Cannot find package '<name>'", `undefined` for anything else. */
function missing(
  error: unknown,
  subject: string,
  packageName: string,
): MissingDependencyError | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== "ERR_MODULE_NOT_FOUND" || typeof message !== "string") return undefined;
  if (!message.includes(`'${packageName}'`)) return undefined;
  return new MissingDependencyError({ subject, packageName, cause: error });
}
