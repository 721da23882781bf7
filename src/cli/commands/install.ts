import { spawn } from "node:child_process";
import type { Requirement } from "../../tool/requirements.js";
import { CliError } from "../cli-error.js";
import { withToolbox } from "../load-toolbox.js";
import { type CliOutput, paint, say, warn } from "../output.js";

/**
 * @internal `toolwright install [module]`: checks every tool's `static requirements` and installs the
 * missing ones with `npm install`, printing the command first; exit 1 when npm fails. Nothing is
 * installed with `--dry-run`.
 */
export async function installCommand(
  modulePath: string | undefined,
  options: { dryRun: boolean; db: string },
  output: CliOutput,
): Promise<number> {
  let total = 0;
  const missing = await withToolbox(modulePath, options, ({ toolbox, source }) => {
    const found = new Map<string, Requirement>();
    for (const tool of toolbox.tools) {
      let check: ReturnType<typeof tool.checkRequirements>;
      try {
        check = tool.checkRequirements();
      } catch (error) {
        throw new CliError(`${source}: bad requirements`, { cause: error });
      }
      total += check.met.length + check.missing.length;
      for (const requirement of check.missing) found.set(requirement.specifier, requirement);
    }
    return [...found.values()];
  });
  if (missing.length === 0) {
    say(
      output,
      total === 0
        ? "no tool declares requirements; nothing to install"
        : `all ${total} requirement${total === 1 ? " is" : "s are"} met; nothing to install`,
    );
    return 0;
  }
  for (const requirement of missing) {
    const have =
      requirement.installed === undefined ? "not installed" : `${requirement.installed} installed`;
    warn(output, `missing ${paint("bold", requirement.specifier, output.stderr)} (${have})`);
  }
  const args = ["install", ...missing.map((requirement) => requirement.specifier)];
  say(output, `npm ${args.map(quote).join(" ")}`);
  if (options.dryRun) return 0;
  const code = await run("npm", args);
  if (code !== 0) {
    warn(output, paint("red", `npm exited with code ${code}`, output.stderr));
    return 1;
  }
  return 0;
}

function run(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    // npm's own output goes to stderr, so stdout keeps only the command line printed above.
    const child = spawn(command, args, {
      stdio: ["ignore", process.stderr, process.stderr],
      shell: process.platform === "win32",
    });
    child.once("error", (error) =>
      reject(new CliError(`cannot run ${command}`, { exitCode: 1, cause: error })),
    );
    child.once("close", (code) => resolve(code ?? 1));
  });
}

function quote(word: string): string {
  return /^[\w@./:^~=-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
