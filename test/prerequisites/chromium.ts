import { aptAsRoot, aptInstall } from "./apt-install.js";
import type { Machine } from "./redis-server.js";

/** Where Debian's `chromium` package puts the browser the inspector's page tests drive. */
export const chromiumPath = "/usr/bin/chromium";

/** How the Chromium prerequisite was met: found where Debian puts it, or installed now. */
export type ChromiumPrerequisite =
  | { readonly kind: "found"; readonly binary: string }
  | { readonly kind: "installed"; readonly binary: string };

/** Chromium cannot be had: `message` says why and how to get it, `output` is apt's when it failed. */
export class ChromiumPrerequisiteError extends Error {
  override readonly name = "ChromiumPrerequisiteError";
  constructor(
    message: string,
    readonly output = "",
  ) {
    super(message);
  }
}

const help = `Install it (Debian/Ubuntu: sudo apt-get install -y chromium), so that ${chromiumPath} exists.`;

function missing(reason: string): string {
  return `npm test needs Chromium for the inspector's page tests (test/inspect/): ${chromiumPath} is missing and ${reason}. ${help}`;
}

/**
 * Makes sure the page tests have Debian's Chromium at {@link chromiumPath}: there already, else
 * installed with apt-get when this is Debian or Ubuntu and we are root or have passwordless sudo.
 * Otherwise throws a `ChromiumPrerequisiteError` saying how to get it. The check asks for that exact
 * path, not any `chromium` on the PATH: the tests launch that binary (Ubuntu's is a snap stub).
 */
export async function ensureChromium(
  machine: Machine,
  exists: (path: string) => Promise<boolean>,
): Promise<ChromiumPrerequisite> {
  if (await exists(chromiumPath)) return { kind: "found", binary: chromiumPath };
  const asRoot = await aptAsRoot(
    machine,
    (reason) => new ChromiumPrerequisiteError(missing(reason)),
  );
  const outcome = await aptInstall(machine, asRoot, "chromium");
  if (!outcome.ok || !(await exists(chromiumPath))) {
    throw new ChromiumPrerequisiteError(
      missing("`apt-get install -y chromium` did not install it (its output is above)"),
      outcome.output,
    );
  }
  return { kind: "installed", binary: chromiumPath };
}
