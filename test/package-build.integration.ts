// The whole build of dist/ with tsc (a slow step and 1.2 GB), in `npm run test:integration`; the
// manifest and tsc-compiled decorators are checked in npm test (package.test.ts).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { it } from "node:test";
import { promisify } from "node:util";

const root = new URL("..", import.meta.url).pathname;

it("builds dist/ with declarations (npm run build)", async () => {
  // Inside the repository, so the output sits where the package's own build would put it.
  await mkdir(join(root, ".tmp"), { recursive: true });
  const dist = join(await mkdtemp(join(root, ".tmp", "build-")), "dist");
  try {
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const config = join(root, "tsconfig.build.json");
    await promisify(execFile)(process.execPath, [tsc, "-p", config, "--outDir", dist]);
    const declaration = await readFile(join(dist, "index.d.ts"), "utf8");
    assert.match(declaration, /export \{ activity \}/);
    assert.ok((await stat(join(dist, "index.js"))).isFile());
    const toolDeclaration = await readFile(join(dist, "tool", "tool.d.ts"), "utf8");
    assert.doesNotMatch(toolDeclaration, /@internal/);
  } finally {
    await rm(join(dist, ".."), { recursive: true, force: true });
  }
});
