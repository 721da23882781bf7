import { MissingDependencyError } from "../errors/missing-dependency-error.js";

// Packages found once need no second look: drivers may be created per request.
const found = new Set<string>();

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
  if (found.has(specifier)) return;
  try {
    import.meta.resolve(specifier);
  } catch (error) {
    throw missing(error, subject, packageName) ?? error;
  }
  found.add(specifier);
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
