// `toolwright call` as a person uses it: a real process on a pseudo-terminal (util-linux `script`)
// whose activity asks a form (`context.elicit`); the test reads each prompt on the terminal and types
// the answer, a wrong one first. Without a terminal the same call is refused, never left waiting.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stripVTControlCharacters } from "node:util";
import { cliEnv, root, run } from "./run-cli.js";

const module = `
import { z } from "zod";
import { activity, Tool } from ${JSON.stringify(join(root, "src/index.ts"))};

export class DeployTool extends Tool {
  @activity({ description: "Deploys after asking", schema: z.object({ env: z.string() }) })
  async deploy(input, context) {
    const answer = await context.elicit(\`Deploy to \${input.env}?\`, {
      type: "object",
      properties: {
        region: {
          type: "string",
          title: "Region",
          oneOf: [
            { const: "eu-west-1", title: "Ireland" },
            { const: "us-east-1", title: "Virginia" },
          ],
        },
        replicas: { type: "integer", minimum: 1, maximum: 9, default: 2 },
        confirm: { type: "boolean", description: "Really deploy?" },
      },
      required: ["region", "confirm"],
    });
    return answer.action === "accept" ? JSON.stringify(answer.content) : answer.action;
  }
}
`;

const cli = [process.execPath, "--import", "tsx", join(root, "src/cli/bin.ts")];

/** The argv of `command` as one shell word each (for `script -c`). */
function shellLine(command: readonly string[]): string {
  return command.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ");
}

/**
 * Runs `command` on a pseudo-terminal; each time the screen shows the next step's prompt, types its
 * answer. Resolves with the exit code and everything the terminal showed (escape codes removed).
 */
function onTerminal(
  command: readonly string[],
  steps: readonly (readonly [RegExp, string])[],
): Promise<{ code: number | null; screen: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", shellLine(command), "/dev/null"], {
      cwd: root,
      env: cliEnv({ TERM: "xterm-256color" }),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let screen = "";
    let seen = 0;
    let step = 0;
    // A safety net for a broken build, not a speed check.
    const deadline = setTimeout(() => child.kill(), 120_000);
    child.stdout.on("data", (chunk: Buffer) => {
      screen += stripVTControlCharacters(chunk.toString());
      const next = steps[step];
      if (next === undefined) return;
      const [prompt, answer] = next;
      const found = prompt.exec(screen.slice(seen));
      if (found === null) return;
      seen += found.index + found[0].length;
      step += 1;
      child.stdin.write(`${answer}\r`);
    });
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(deadline);
      child.stdin.destroy();
      resolve({ code, screen });
    });
  });
}

describe("toolwright call on a terminal", () => {
  let dir = "";
  before(async () => {
    await mkdir(join(root, ".tmp"), { recursive: true });
    dir = await mkdtemp(join(root, ".tmp", "call-tty-"));
    await writeFile(join(dir, "deploy.ts"), module);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("asks the activity's form field by field and runs with the answer", async () => {
    const { code, screen } = await onTerminal(
      [...cli, "call", join(dir, "deploy.ts"), "DeployTool_deploy", '{"env":"prod"}'],
      [
        [/Region\*: $/m, "Mars"],
        [/not one of the choices \(Ireland, Virginia\)[\s\S]*Region\*: /, "virginia"],
        [/replicas \(whole number, 1 to 9; Enter: 2\): /, "12"],
        [/expected number <= 9[\s\S]*replicas[^\n]*: /, ""],
        [/confirm\* \(y\/n\): /, "y"],
        [/Send\? \[Y\]es, \[d\]ecline, \[c\]ancel /, ""],
      ],
    );
    assert.match(screen, /\? Deploy to prod\?/);
    assert.match(screen, /1\) Ireland \(eu-west-1\)/);
    assert.match(screen, /Really deploy\?/);
    assert.match(screen, /\{"region":"us-east-1","replicas":2,"confirm":true\}/);
    assert.equal(code, 0, screen);
  });

  it("refuses the form without a terminal, naming what would answer it", async () => {
    const piped = await run(cli[0] as string, [
      ...cli.slice(1),
      "call",
      join(dir, "deploy.ts"),
      "DeployTool_deploy",
      '{"env":"prod"}',
    ]);
    assert.equal(piped.code, 1);
    assert.match(
      piped.stderr,
      /error \[elicitation_unavailable\]: .*toolwright call on a terminal/,
    );
  });
});
