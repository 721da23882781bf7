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
  const release = (await machine.osRelease()) ?? "";
  if (!/^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release)) {
    throw new ChromiumPrerequisiteError(missing("this is not Debian or Ubuntu"));
  }
  if ((await machine.findBinary("apt-get")) === undefined) {
    throw new ChromiumPrerequisiteError(missing("apt-get was not found"));
  }
  const sudo = machine.isRoot()
    ? []
    : (await machine.findBinary("sudo")) !== undefined &&
        (await machine.run(["sudo", "-n", "true"])).ok
      ? ["sudo", "-n"]
      : undefined;
  if (sudo === undefined) {
    throw new ChromiumPrerequisiteError(missing("installing it needs root or passwordless sudo"));
  }
  const apt = [...sudo, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-q"];
  const install = [...apt, "-o", "DPkg::Lock::Timeout=120", "install", "-y", "chromium"];
  let outcome = await machine.run(install);
  let output = outcome.output;
  if (!outcome.ok) {
    // Package lists are often missing or stale on a fresh machine: refresh them once and retry.
    output += (await machine.run([...apt, "update"])).output;
    outcome = await machine.run(install);
    output += outcome.output;
  }
  if (!outcome.ok || !(await exists(chromiumPath))) {
    throw new ChromiumPrerequisiteError(
      missing("`apt-get install -y chromium` did not install it (its output is above)"),
      output,
    );
  }
  return { kind: "installed", binary: chromiumPath };
}
