import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import {
  link,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Worker } from "node:worker_threads";
import { type ErrorArtifact, ToolConfigError } from "../../src/index.js";
import { RootDirectory, RootPathError } from "../../src/tools/file-manager/root-directory.js";
import { FileManagerTool } from "../../src/tools.js";

describe("FileManagerTool and links planted inside the root", () => {
  let base: string;
  let root: string;
  let outside: string;
  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), "toolwright-links-")));
    root = join(base, "root");
    outside = join(base, "outside");
    await mkdir(root);
    await mkdir(outside);
    await writeFile(join(outside, "secret.txt"), "SECRET");
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  const load = (tool: FileManagerTool, path: string) =>
    tool.run("load_files_from_disk", { paths: [path] });
  const refusal = (artifact: { type: string; toText(): string }) => {
    assert.equal(artifact.type, "ErrorArtifact", artifact.toText());
    assert.equal((artifact as ErrorArtifact).code, "path_refused");
    assert.doesNotMatch(artifact.toText(), /SECRET/);
    return artifact.toText();
  };

  it("refuses to read a hard link to a file outside the root", async () => {
    await link(join(outside, "secret.txt"), join(root, "planted.txt"));
    const tool = new FileManagerTool({ root });
    assert.match(
      refusal(await load(tool, "planted.txt")),
      /^File has 2 hard links, and one may lie outside the root directory; hard-linked files are not read: planted\.txt$/,
    );
    // The portable checks (off Linux) refuse it too.
    await assert.rejects(
      new RootDirectory(root, { useProcFd: false }).readFile(["planted.txt"], 100),
      (error: unknown) => error instanceof RootPathError && error.code === "path_refused",
    );
  });

  it("refuses hard links whose names are all inside the root too, unless allowHardLinks", async () => {
    await writeFile(join(root, "a.txt"), "shared");
    await link(join(root, "a.txt"), join(root, "b.txt"));
    refusal(await load(new FileManagerTool({ root }), "a.txt"));
    const lenient = new FileManagerTool({ root, allowHardLinks: true });
    assert.equal((await load(lenient, "a.txt")).toText(), "shared");
    assert.equal((await load(lenient, "planted.txt")).toText(), "SECRET", "the documented risk");
    assert.throws(
      () => new FileManagerTool({ root, allowHardLinks: "yes" as never }),
      ToolConfigError,
    );
  });

  it("replaces a hard-linked target on save, leaving the file's other name untouched", async () => {
    await writeFile(join(outside, "victim.txt"), "ORIGINAL");
    await link(join(outside, "victim.txt"), join(root, "victim-link.txt"));
    const tool = new FileManagerTool({ root });
    const saved = await tool.run("save_content_to_file", {
      path: "victim-link.txt",
      content: "overwritten",
    });
    assert.equal(saved.type, "InfoArtifact", saved.toText());
    assert.equal(await readFile(join(outside, "victim.txt"), "utf8"), "ORIGINAL");
    assert.equal((await stat(join(outside, "victim.txt"))).nlink, 1, "the link was replaced");
    assert.equal((await load(tool, "victim-link.txt")).toText(), "overwritten");
  });

  it("refuses symlinks out of the root for reads, listings and writes", async () => {
    await symlink(join(outside, "secret.txt"), join(root, "sym-file.txt"));
    await symlink(outside, join(root, "sym-dir"));
    const tool = new FileManagerTool({ root });
    refusal(await load(tool, "sym-file.txt"));
    refusal(await load(tool, "sym-dir/secret.txt"));
    refusal(await tool.run("list_files_from_disk", { path: "sym-dir" }));
    refusal(await tool.run("save_content_to_file", { path: "sym-dir/new.txt", content: "x" }));
    assert.equal(existsSync(join(outside, "new.txt")), false);
    // A symlink as the target of a save is replaced, not written through.
    await tool.run("save_content_to_file", { path: "sym-file.txt", content: "replaced" });
    assert.equal(await readFile(join(outside, "secret.txt"), "utf8"), "SECRET");
  });

  it("never returns outside content while a name flips between a file and a hard link (race)", async () => {
    const arena = join(root, "arena");
    await mkdir(arena);
    await writeFile(join(arena, "own.txt"), "inside");
    // Another thread keeps swapping arena/f, atomically, between a copy of an inside file and a hard
    // link to the outside secret, so a name checked before the open may be another file after it.
    const attacker = new Worker(
      `const { linkSync, renameSync, writeFileSync } = require("node:fs");
       const { secret, slot } = require("node:worker_threads").workerData;
       for (let i = 0; ; i++) {
         const next = slot + "." + (i % 2);
         try {
           if (i % 2) linkSync(secret, next); else writeFileSync(next, "inside");
           renameSync(next, slot);
         } catch {}
       }`,
      { eval: true, workerData: { secret: join(outside, "secret.txt"), slot: join(arena, "f") } },
    );
    while (!existsSync(join(arena, "f"))) await new Promise((resolve) => setTimeout(resolve, 10));
    const tool = new FileManagerTool({ root });
    const outcomes = new Set<string>();
    try {
      for (let round = 0; round < 300; round++) {
        const artifact = await load(tool, "arena/f");
        assert.doesNotMatch(artifact.toText(), /SECRET/);
        outcomes.add(
          artifact.type === "ErrorArtifact" ? String((artifact as ErrorArtifact).code) : "read",
        );
      }
    } finally {
      await attacker.terminate();
    }
    assert.ok(outcomes.has("path_refused"), `the race was run: ${[...outcomes].join(", ")}`);
  });
});
