// The package's declarations as a strict consumer sees them (test/package/consumer/), and its entry
// points loaded at run time from the unpacked tarball.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { it } from "node:test";
import { promisify } from "node:util";
import type { Diagnostics, PackedPackage } from "../fixtures/packed-package.js";

const exec = promisify(execFile);

/** The consumer modules (test/package/consumer/*.ts), by file name. */
export const consumerModules = ["entries.ts", "type-errors.ts"] as const;

export function typesCases(packed: () => PackedPackage, diagnostics: () => Diagnostics): void {
  it("declares every name its types use (nothing stripped or dangling)", () => {
    // toolwright's own declarations. Other packages' are theirs: the frameworks' (the AI SDK, LangChain,
    // Mastra) fail under `exactOptionalPropertyTypes` in any strict project that imports them.
    const inPackage = [...diagnostics()].filter(([file]) =>
      file.includes("node_modules/toolwright/"),
    );
    assert.deepEqual(inPackage, []);
  });

  it("compiles a module that uses every entry point, in a strict NodeNext project", async () => {
    assert.deepEqual(diagnostics().get("src/entries.ts") ?? [], []);
    const manifest = JSON.parse(await readFile(join(packed().packageDir, "package.json"), "utf8"));
    const source = await readFile(new URL("consumer/entries.ts", import.meta.url), "utf8");
    const imported = new Set([...source.matchAll(/from "(toolwright[^"]*)"/g)].map((m) => m[1]));
    for (const subpath of Object.keys(manifest.exports)) {
      const specifier = subpath === "." ? "toolwright" : `toolwright/${subpath.slice(2)}`;
      assert.ok(imported.has(specifier), `consumer/entries.ts does not use ${specifier}`);
    }
  });

  it("rejects inputs and approval predicates that contradict the schema, and un-narrowed run results", () => {
    // Every `@ts-expect-error` there must meet its error; an unused one is TS2578.
    assert.deepEqual(diagnostics().get("src/type-errors.ts") ?? [], []);
    assert.deepEqual(diagnostics().get("") ?? [], [], "tsc reported problems with no file");
  });

  it("loads every entry point and runs the bin from the unpacked package", async () => {
    const { consumer, packageDir } = packed();
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
    const specifiers = Object.keys(manifest.exports).map((subpath) =>
      subpath === "." ? "toolwright" : `toolwright/${subpath.slice(2)}`,
    );
    const script = `
      const loaded = [];
      for (const specifier of ${JSON.stringify(specifiers)}) {
        const module = await import(specifier, specifier.endsWith(".json") ? { with: { type: "json" } } : undefined);
        loaded.push([specifier, Object.keys(module).length]);
      }
      const { Toolbox } = await import("toolwright");
      const { DateTimeTool } = await import("toolwright/tools");
      const result = await new Toolbox([new DateTimeTool()]).execute({
        name: "DateTimeTool_get_datetime_diff",
        arguments: '{"start_datetime": "2026-01-01T00:00:00", "end_datetime": "2026-01-02T02:00:00"}',
      });
      console.log(JSON.stringify({ loaded, diff: result.artifact.toText() }));
    `;
    const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], {
      cwd: consumer,
    });
    const { loaded, diff } = JSON.parse(stdout) as { loaded: [string, number][]; diff: string };
    assert.deepEqual(
      loaded.filter(([, exported]) => exported === 0),
      [],
      "entry points that export nothing",
    );
    assert.equal(loaded.length, specifiers.length);
    assert.equal(diff, "1 day, 2:00:00");
    const bin = join(packageDir, manifest.bin.toolwright);
    const version = await exec(process.execPath, [bin, "--version"], { cwd: consumer });
    assert.equal(version.stdout.trim(), manifest.version);
  });
}
