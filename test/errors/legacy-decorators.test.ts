import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { ActivityConfigError, activity, Tool } from "../../src/index.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const fixture = join(root, "test", "errors", "fixtures", "legacy-tool.mts");

const advice =
  '@activity is a standard (TC39) decorator; legacy decorators are not supported: remove "experimentalDecorators" from tsconfig.json (TypeScript 5+ and tsx compile standard decorators)';

describe("@activity under experimentalDecorators", () => {
  let out: string;
  before(async () => {
    out = await mkdtemp(join(tmpdir(), "toolwright-legacy-"));
  });
  after(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it("a class compiled by TypeScript with experimentalDecorators gets ActivityConfigError naming class and method", async () => {
    // Only the fixture is compiled (the sources it names are types, passed in at run time).
    await run(process.execPath, [
      tsc,
      "--ignoreConfig",
      "--experimentalDecorators",
      "--noCheck",
      "--noResolve",
      "--types",
      "",
      "--target",
      "ES2023",
      "--module",
      "nodenext",
      "--outDir",
      out,
      fixture,
    ]);
    const compiled = (await import(pathToFileURL(join(out, "legacy-tool.mjs")).href)) as {
      defineLegacyTool: (decorator: typeof activity, base: typeof Tool) => unknown;
    };
    assert.throws(
      () => compiled.defineLegacyTool(activity, Tool),
      (error: unknown) => {
        assert.ok(ActivityConfigError.isInstance(error));
        assert.equal(error.methodName, "LegacyTool.add");
        assert.equal(error.message, `\`@activity\` on method "LegacyTool.add": ${advice}`);
        return true;
      },
    );
  });

  it("the legacy call shape is recognised for static methods too", () => {
    class StaticTool extends Tool {}
    const decorate = activity({ description: "d" }) as unknown as (...args: unknown[]) => void;
    const descriptor = { value: () => 1, writable: true, enumerable: false, configurable: true };
    assert.throws(() => decorate(StaticTool, "make", descriptor), {
      name: "ActivityConfigError",
      message: `\`@activity\` on method "StaticTool.make": ${advice}`,
    });
  });
});
