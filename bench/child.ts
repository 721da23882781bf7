import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Runs a bench script in a fresh Node process (same Node, through tsx) and returns the JSON it prints on
 * its last line: what needs a clean heap, its own RSS or V8 flags runs there.
 */
export async function runChild<T>(
  script: URL,
  args: readonly string[] = [],
  nodeFlags: readonly string[] = [],
): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    [...nodeFlags, "--import", "tsx", script.pathname, ...args],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const last = stdout.trim().split("\n").at(-1);
  if (last === undefined) throw new Error(`${script.pathname} printed nothing`);
  return JSON.parse(last) as T;
}

/** True when this module is the script Node was started with (not imported by another). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && new URL(moduleUrl).pathname === process.argv[1];
}
