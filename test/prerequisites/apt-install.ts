import type { Machine } from "./redis-server.js";

const apt = [
  "env",
  "DEBIAN_FRONTEND=noninteractive",
  "apt-get",
  "-q",
  "-o",
  "DPkg::Lock::Timeout=120",
];

/**
 * The command prefix that runs apt-get as root (nothing when we are root, `sudo -n` with passwordless
 * sudo) on Debian or Ubuntu; otherwise `missing(reason)` is thrown, saying why it cannot install.
 */
export async function aptAsRoot(
  machine: Machine,
  missing: (reason: string) => Error,
): Promise<string[]> {
  if (!isDebianLike(await machine.osRelease())) throw missing("this is not Debian or Ubuntu");
  if ((await machine.findBinary("apt-get")) === undefined) throw missing("apt-get was not found");
  if (machine.isRoot()) return [];
  if (
    (await machine.findBinary("sudo")) !== undefined &&
    (await machine.run(["sudo", "-n", "true"])).ok
  ) {
    return ["sudo", "-n"];
  }
  throw missing("installing it needs root or passwordless sudo");
}

/** `apt-get install -y <name>`; a failure refreshes the package lists once (a fresh machine often has none) and retries. */
export async function aptInstall(
  machine: Machine,
  asRoot: readonly string[],
  name: string,
): Promise<{ ok: boolean; output: string }> {
  const install = [...asRoot, ...apt, "install", "-y", name];
  const first = await machine.run(install);
  if (first.ok) return first;
  const update = await machine.run([...asRoot, ...apt, "update"]);
  const retry = await machine.run(install);
  return { ok: retry.ok, output: `${first.output}${update.output}${retry.output}` };
}

function isDebianLike(osRelease: string | undefined): boolean {
  if (osRelease === undefined) return false;
  const ids = osRelease
    .split("\n")
    .filter((line) => /^(ID|ID_LIKE)=/.test(line))
    .flatMap((line) => line.replace(/^\w+=/, "").replace(/"/g, "").split(/\s+/));
  return ids.includes("debian") || ids.includes("ubuntu");
}
