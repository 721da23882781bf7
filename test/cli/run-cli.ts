import { spawn } from "node:child_process";
import { join } from "node:path";

/** The repository root. */
export const root = new URL("../..", import.meta.url).pathname;
/** The built CLI (`npm run build` output). */
export const bin = join(root, "dist", "cli", "bin.js");

/** What a finished CLI process left behind. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Environment for CLI processes: no colour forced either way, nothing fetched from a registry. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_offline: "true" };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  delete env.NODE_DISABLE_COLORS;
  return { ...env, ...extra };
}

/**
 * Environment for a CLI process on a terminal that should get colour: besides the colour switches,
 * Node also counts colours down to 2 when it sees an unknown CI (`CI=true`), as on our CI machines.
 */
export function terminalEnv(): NodeJS.ProcessEnv {
  const env = cliEnv({ TERM: "xterm-256color" });
  delete env.CI;
  delete env.TEAMCITY_VERSION;
  return env;
}

/** Runs `command` with `args` to the end and collects its output. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: options.env ?? cliEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}

/** Runs the built CLI on the pinned Node (this process's). */
export function toolwright(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<CliRun> {
  return run(process.execPath, [bin, ...args], options);
}

/** Runs the CLI with arguments (and stdin): the built one in a child process, or `main()` in-process. */
export type CliRunner = (args: readonly string[], options?: { input?: string }) => Promise<CliRun>;

/** Fails with the whole output when a run did not end as expected. */
export function expectCode(result: CliRun, code: number): CliRun {
  if (result.code !== code) {
    throw new Error(
      `expected exit ${code}, got ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}
