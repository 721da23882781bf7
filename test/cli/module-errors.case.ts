import assert from "node:assert/strict";
import { join } from "node:path";
import { it } from "node:test";
import { type CliRunner, expectCode } from "./run-cli.js";

/** Each broken module: one clear line, then its cause, and exit 2; never a stack trace. */
const cases: readonly [string, RegExp, RegExp | undefined][] = [
  [
    "syntax-error.ts",
    /^toolwright: cannot load module .*syntax-error\.ts$/,
    /^ {2}cause: TransformError: .*syntax-error\.ts:\d+:\d+: ERROR: Expected "\)" but found end of file/,
  ],
  [
    // Node's own SyntaxError, or esbuild's once tsx is loading modules in this process; both say where.
    "bad-syntax.js",
    /^toolwright: cannot load module .*bad-syntax\.js( \(.*bad-syntax\.js:1\))?$/,
    /^ {2}cause: (SyntaxError: Unexpected token ';'|TransformError: .*bad-syntax\.js:1:\d+: ERROR: Unexpected ";")$/,
  ],
  [
    "no-tools.js",
    /^toolwright: module .*no-tools\.js exports no tools; export Tool instances, Tool classes or a Toolbox$/,
    undefined,
  ],
  [
    "duplicate.js",
    /^toolwright: .*duplicate\.js: cannot build a toolbox$/,
    /^ {2}cause: ToolboxError: toolbox: two tools are named "CalculatorTool"; give one a `name` option$/,
  ],
  [
    "needs-args.js",
    /^toolwright: module .*needs-args\.js: cannot construct FileManagerTool without arguments; export an instance instead$/,
    /^ {2}cause: ToolConfigError: tool "FileManagerTool": "root" is required/,
  ],
  [
    "two-toolboxes.js",
    /^toolwright: module .*two-toolboxes\.js exports 2 Toolboxes \("a", "b"\); export one$/,
    undefined,
  ],
  [
    "foreign.js",
    /^toolwright: module .*foreign\.js: "Impostor" is a Tool from another copy of toolwright; import Tool from "toolwright" in the module$/,
    undefined,
  ],
  ["missing.ts", /^toolwright: module not found: .*missing\.ts$/, undefined],
];

export function moduleErrorCases(toolwright: CliRunner, fixtures: () => string): void {
  it("a broken module is one clear line plus the cause, exit 2", async () => {
    const results = await Promise.all(
      cases.map(([file]) => toolwright(["list", join(fixtures(), file)])),
    );
    results.forEach((result, index) => {
      const [file, line, cause] = cases[index] as (typeof cases)[number];
      expectCode(result, 2);
      assert.equal(result.stdout, "", file);
      const lines = result.stderr.trimEnd().split("\n");
      assert.match(String(lines[0]), line, file);
      if (file.includes("syntax"))
        assert.match(result.stderr, new RegExp(`${file.replace(".", "\\.")}:\\d+`));
      if (cause === undefined) assert.equal(lines.length, 1, `${file}: ${result.stderr}`);
      else {
        assert.equal(lines.length, 2, `${file}: ${result.stderr}`);
        assert.match(String(lines[1]), cause, file);
      }
    });
  });
}
