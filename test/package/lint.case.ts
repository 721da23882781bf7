// publint (package.json fields against the files shipped) and Are the Types Wrong (how each entry
// point resolves, with its types, under every module resolution TypeScript has), both on the tarball
// itself. Both run offline: publint reads the tarball in memory, attw unpacks a local tarball.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { it } from "node:test";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { type PackedPackage, root } from "../fixtures/packed-package.js";

const exec = promisify(execFile);

// The package is ESM only (`"type": "module"`, Node >= 22.13, which can require() ESM): the
// esm-only profile of attw leaves out the resolutions a CommonJS consumer would use.
const ignoredResolutions = new Set(["node10", "node16-cjs"]);

interface AttwProblem {
  readonly kind: string;
  readonly entrypoint?: string;
  readonly resolutionKind?: string;
}

export function lintCases(packed: () => PackedPackage): void {
  it("publint finds nothing, not even a suggestion", async () => {
    const tarball = await readFile(packed().tarball);
    const { messages, pkg } = await publint({
      pack: {
        tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length),
      },
      level: "suggestion",
      strict: true,
    });
    assert.deepEqual(
      messages.map(
        (message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`,
      ),
      [],
    );
  });

  it("attw (profile esm-only) finds no problem in any entry point", async () => {
    const cli = join(root, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js");
    const { tarball, packageDir } = packed();
    const run = await exec(
      process.execPath,
      [cli, tarball, "--profile", "esm-only", "--format", "json", "--no-color"],
      { cwd: join(tarball, ".."), maxBuffer: 64 * 1024 * 1024 },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? "",
      }),
    );
    const report = JSON.parse(run.stdout) as {
      analysis: { entrypoints: Record<string, unknown>; problems: AttwProblem[] };
    };
    const problems = report.analysis.problems.filter(
      (problem) =>
        problem.resolutionKind === undefined || !ignoredResolutions.has(problem.resolutionKind),
    );
    assert.deepEqual(problems, []);
    assert.equal(run.code, 0);
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
    assert.deepEqual(
      Object.keys(report.analysis.entrypoints).sort(),
      Object.keys(manifest.exports).sort(),
      "attw checked every export",
    );
  });
}
