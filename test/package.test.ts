// The manifest's promises and tsc-compiled decorators; the whole build of dist/ runs in
// `npm run test:integration` (package-build.integration.ts).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = new URL("..", import.meta.url).pathname;
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

describe("the package", () => {
  let out: string;
  before(async () => {
    // Inside the repository, so compiled output resolves the project's node_modules and "type": "module".
    await mkdir(join(root, ".tmp"), { recursive: true });
    out = await mkdtemp(join(root, ".tmp", "build-"));
  });
  after(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it("runs its scripts and tests on the pinned Node 24", () => {
    const major = Number(process.versions.node.split(".")[0]);
    assert.equal(major, 24, `tests run on Node ${process.versions.node}`);
  });

  it("declares the engines users need and an exports map with types", async () => {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
    assert.equal(manifest.engines.node, ">=22.13");
    assert.equal(manifest.type, "module");
    assert.equal(manifest.exports["."].types, "./dist/index.d.ts");
    assert.match(manifest.devDependencies.node, /^24\./);
  });

  it("runs decorated classes compiled by tsc, sharing Symbol.metadata with esbuild/tsx", async () => {
    const config = join(out, "tsconfig.json");
    await writeFile(
      config,
      JSON.stringify({
        extends: join(root, "tsconfig.json"),
        compilerOptions: {
          noEmit: false,
          rootDir: root,
          outDir: join(out, "compiled"),
          typeRoots: [join(root, "node_modules/@types")],
        },
        include: [],
        files: [join(root, "test/fixtures/tsc-compiled/main.ts")],
      }),
    );
    await run(process.execPath, [tsc, "-p", config]);
    const { stdout } = await run(
      process.execPath,
      [join(out, "compiled/test/fixtures/tsc-compiled/main.js")],
      {
        cwd: root,
      },
    );
    assert.deepEqual(JSON.parse(stdout), { activities: ["add"], result: "5", sharedSymbol: true });
  });
});
