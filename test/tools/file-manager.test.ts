import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Worker } from "node:worker_threads";
import { type ErrorArtifact, ImageArtifact, JsonArtifact, ListArtifact } from "../../src/index.js";
import { RootDirectory, RootPathError } from "../../src/tools/file-manager/root-directory.js";
import { FileManagerTool } from "../../src/tools.js";

// A 1×1 PNG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("FileManagerTool", () => {
  let base: string;
  let root: string;
  let outside: string;
  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), "toolwright-files-")));
    root = join(base, "root");
    outside = join(base, "outside");
    await mkdir(root);
    await mkdir(outside);
    await writeFile(join(outside, "secret.txt"), "SECRET");
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  const errorOf = (artifact: unknown) => {
    assert.equal((artifact as ErrorArtifact).type, "ErrorArtifact", String(artifact));
    return artifact as ErrorArtifact;
  };

  it("saves, lists and loads files, creating directories, as Griptape's activities do", async () => {
    const tool = new FileManagerTool({ root });
    const saved = await tool.run("save_content_to_file", {
      path: "notes/a/todo.txt",
      content: "milk",
    });
    assert.equal(saved.type, "InfoArtifact");
    assert.equal(saved.toText(), "Successfully saved file");
    await tool.run("save_content_to_file", { path: "./notes/b.txt", content: "bread" });
    assert.equal((await tool.run("list_files_from_disk", { path: "notes" })).toText(), "a/\nb.txt");
    assert.match((await tool.run("list_files_from_disk", { path: "" })).toText(), /^notes\/$/m);
    const reports: string[] = [];
    const loaded = await tool.run(
      "load_files_from_disk",
      { paths: ["notes/a/todo.txt", "notes/b.txt"] },
      {
        onProgress: (report) =>
          reports.push(`${report.progress}/${report.total} ${report.message}`),
      },
    );
    assert.deepEqual(reports, ["1/2 read notes/a/todo.txt", "2/2 read notes/b.txt"]);
    assert.ok(loaded instanceof ListArtifact);
    assert.deepEqual(
      loaded.value.map((item) => [item.type, item.name, item.toText()]),
      [
        ["TextArtifact", "notes/a/todo.txt", "milk"],
        ["TextArtifact", "notes/b.txt", "bread"],
      ],
    );
    assert.equal(await readFile(join(root, "notes/a/todo.txt"), "utf8"), "milk");
  });

  it("reports the bytes of one large file as it reads it in 1 MiB chunks, with the same result", async () => {
    const tool = new FileManagerTool({ root });
    const content = "tea, ".repeat((2.5 * 1024 * 1024) / 5);
    await writeFile(join(root, "big.txt"), content);
    const reports: string[] = [];
    const loaded = await tool.run(
      "load_files_from_disk",
      { paths: ["big.txt"] },
      {
        onProgress: (report) =>
          reports.push(`${report.progress}/${report.total} ${report.message}`),
      },
    );
    assert.deepEqual(reports, [
      "1048576/2621440 read 1 MiB of 2.5 MiB of big.txt",
      "2097152/2621440 read 2 MiB of 2.5 MiB of big.txt",
      "2621440/2621440 read 2.5 MiB of 2.5 MiB of big.txt",
    ]);
    assert.ok(loaded instanceof ListArtifact);
    assert.equal(loaded.value[0]?.toText(), content);
    await rm(join(root, "big.txt"));
  });

  it("loads JSON, CSV rows, images and other bytes as the matching artifacts", async () => {
    const tool = new FileManagerTool({ root });
    await writeFile(join(root, "data.json"), '{"a":[1,2]}');
    await writeFile(join(root, "rows.csv"), "name,age\nAda,36\nAlan,41\n");
    await writeFile(join(root, "pixel.png"), png);
    await writeFile(join(root, "doc.pdf"), "%PDF-1.4\n%\xff\xff\n1 0 obj\n");
    await writeFile(join(root, "noise.bin"), Buffer.from("\x00\x9f binary \x92\x96", "latin1"));
    const loaded = (await tool.run("load_files_from_disk", {
      paths: ["data.json", "rows.csv", "pixel.png", "doc.pdf", "noise.bin"],
    })) as ListArtifact;
    const [json, row1, row2, image, pdf, blob] = loaded.value;
    assert.ok(json instanceof JsonArtifact);
    assert.deepEqual(json.value, { a: [1, 2] });
    assert.equal(row1?.toText(), "name: Ada\nage: 36");
    assert.equal(row2?.toText(), "name: Alan\nage: 41");
    assert.ok(image instanceof ImageArtifact);
    assert.equal(image.format, "png");
    assert.equal(image.width, 1);
    assert.equal(image.toText(), `Image, format: png, size: ${png.byteLength} bytes`);
    assert.equal(pdf?.type, "BlobArtifact");
    assert.equal((pdf as { mimeType?: string }).mimeType, "application/pdf");
    assert.equal(blob?.type, "BlobArtifact");
    assert.equal((blob as { mimeType?: string }).mimeType, "application/octet-stream");
  });

  it("refuses .., absolute paths, backslashes and NUL bytes before touching the disk", async () => {
    const tool = new FileManagerTool({ root });
    const bad = [
      "../outside/secret.txt",
      "notes/../../outside/secret.txt",
      `${outside}/secret.txt`,
      "/etc/passwd",
      "C:/Windows/win.ini",
      "..\\outside\\secret.txt",
      "notes\\b.txt",
      "notes/b.txt\0.png",
    ];
    for (const path of bad) {
      for (const [activity, input] of [
        ["load_files_from_disk", { paths: [path] }],
        ["list_files_from_disk", { path }],
        ["save_content_to_file", { path, content: "pwned" }],
      ] as const) {
        const error = errorOf(await tool.run(activity, input));
        assert.equal(error.code, "path_refused", `${activity} ${JSON.stringify(path)}`);
      }
    }
    assert.deepEqual(await readdir(outside), ["secret.txt"]);
    assert.equal(await readFile(join(outside, "secret.txt"), "utf8"), "SECRET");
  });

  it("refuses symlinks that point out of the root, and follows those that stay inside", async () => {
    const tool = new FileManagerTool({ root });
    await symlink(outside, join(root, "escape-dir"));
    await symlink(join(outside, "secret.txt"), join(root, "escape-file.txt"));
    await symlink("/", join(root, "slash"));
    for (const path of ["escape-dir/secret.txt", "escape-file.txt", "slash/etc/hostname"]) {
      const error = errorOf(await tool.run("load_files_from_disk", { paths: [path] }));
      assert.equal(error.code, "path_refused", path);
      assert.doesNotMatch(error.toText(), /SECRET/);
    }
    assert.equal(
      errorOf(await tool.run("list_files_from_disk", { path: "escape-dir" })).code,
      "path_refused",
    );
    const write = await tool.run("save_content_to_file", {
      path: "escape-dir/new.txt",
      content: "x",
    });
    assert.equal(errorOf(write).code, "path_refused");
    assert.equal(existsSync(join(outside, "new.txt")), false);

    await mkdir(join(root, "real"));
    await writeFile(join(root, "real/inside.txt"), "inside");
    await symlink("real", join(root, "alias"));
    const loaded = await tool.run("load_files_from_disk", { paths: ["alias/inside.txt"] });
    assert.equal(loaded.toText(), "inside");
  });

  it("replaces a symlink at the target of a save instead of writing through it", async () => {
    const tool = new FileManagerTool({ root });
    await writeFile(join(outside, "target.txt"), "original");
    await symlink(join(outside, "target.txt"), join(root, "trap.txt"));
    const saved = await tool.run("save_content_to_file", { path: "trap.txt", content: "new" });
    assert.equal(saved.type, "InfoArtifact");
    assert.equal(await readFile(join(outside, "target.txt"), "utf8"), "original");
    assert.equal(await readFile(join(root, "trap.txt"), "utf8"), "new");
  });

  it("writes atomically and leaves no temporary file, also when the write fails", async () => {
    const tool = new FileManagerTool({ root });
    await mkdir(join(root, "atomic"));
    const big = "x".repeat(2_000_000);
    await tool.run("save_content_to_file", { path: "atomic/big.txt", content: big });
    await tool.run("save_content_to_file", { path: "atomic/big.txt", content: "small" });
    assert.equal(await readFile(join(root, "atomic/big.txt"), "utf8"), "small");
    await mkdir(join(root, "atomic/dir"));
    await writeFile(join(root, "atomic/dir/keep"), "");
    const failed = await tool.run("save_content_to_file", { path: "atomic/dir", content: "x" });
    assert.equal(errorOf(failed).code, "not_a_file");
    assert.deepEqual((await readdir(join(root, "atomic"))).sort(), ["big.txt", "dir"]);
  });

  it("caps file sizes on read and write and reports missing paths and wrong kinds", async () => {
    const tool = new FileManagerTool({ root, maxFileBytes: 10 });
    await writeFile(join(root, "eleven.txt"), "12345678901");
    const tooBig = errorOf(await tool.run("load_files_from_disk", { paths: ["eleven.txt"] }));
    assert.equal(tooBig.code, "file_too_large");
    const tooMuch = errorOf(
      await tool.run("save_content_to_file", { path: "x.txt", content: "12345678901" }),
    );
    assert.equal(tooMuch.code, "file_too_large");
    assert.equal(existsSync(join(root, "x.txt")), false);
    const missing = errorOf(await tool.run("load_files_from_disk", { paths: ["nope.txt"] }));
    assert.equal(missing.toText(), "Path not found: nope.txt");
    assert.equal(missing.code, "not_found");
    await mkdir(join(root, "folder"), { recursive: true });
    assert.equal(
      errorOf(await tool.run("load_files_from_disk", { paths: ["folder"] })).code,
      "not_a_file",
    );
    assert.equal(
      errorOf(await tool.run("list_files_from_disk", { path: "eleven.txt" })).code,
      "not_a_directory",
    );
    const underFile = await tool.run("save_content_to_file", {
      path: "eleven.txt/x",
      content: "1",
    });
    assert.equal(errorOf(underFile).code, "not_a_directory");
  });

  it("refuses special files such as a FIFO without blocking on them", async () => {
    execFileSync("mkfifo", [join(root, "pipe")]);
    const tool = new FileManagerTool({ root });
    const error = errorOf(await tool.run("load_files_from_disk", { paths: ["pipe"] }));
    assert.equal(error.code, "not_a_file");
  });

  it("caps listings", async () => {
    await mkdir(join(root, "many"));
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => writeFile(join(root, "many", `${index}`), "")),
    );
    const tool = new FileManagerTool({ root, maxListEntries: 3 });
    assert.equal(
      (await tool.run("list_files_from_disk", { path: "many" })).toText(),
      "0\n1\n2\n… and 2 more entries",
    );
  });

  it("reports a missing root as an error artifact and rejects a bad root option", async () => {
    const tool = new FileManagerTool({ root: join(base, "missing") });
    assert.equal(errorOf(await tool.run("list_files_from_disk", { path: "" })).code, "not_found");
    assert.throws(() => new FileManagerTool({ root: "" }), /tool "FileManagerTool": "root"/);
  });

  it("annotates reads as read-only and saves as destructive", () => {
    const tool = new FileManagerTool({ root });
    assert.deepEqual(
      tool
        .activities()
        .map((activity) => [
          activity.name,
          activity.annotations.readOnly ?? false,
          activity.annotations.destructive ?? false,
        ]),
      [
        ["list_files_from_disk", true, false],
        ["load_files_from_disk", true, false],
        ["save_content_to_file", false, true],
        ["save_memory_artifacts_to_disk", false, true],
      ],
    );
  });

  it("never reads or writes outside the root while a directory is swapped for a symlink (race)", async () => {
    const arena = join(root, "arena");
    const realDir = join(root, "arena-real");
    await mkdir(arena);
    await mkdir(realDir);
    await writeFile(join(realDir, "secret.txt"), "inside");
    await writeFile(join(outside, "only-outside.txt"), "");
    // Another thread keeps re-pointing the symlink arena/d, atomically, between a directory inside the
    // root and one outside, so checks made before an open are stale by the time the open happens.
    const attacker = new Worker(
      `const { renameSync, symlinkSync } = require("node:fs");
       const { inside, outside, slot } = require("node:worker_threads").workerData;
       for (let i = 0; ; i++) {
         const next = slot + "." + (i % 2);
         try { symlinkSync(i % 2 ? outside : inside, next); renameSync(next, slot); } catch {}
       }`,
      { eval: true, workerData: { inside: realDir, outside, slot: join(arena, "d") } },
    );
    // The worker takes a moment to start; the race begins once the symlink exists.
    while (!existsSync(join(arena, "d"))) await new Promise((resolve) => setTimeout(resolve, 10));
    const tool = new FileManagerTool({ root });
    try {
      for (let round = 0; round < 300; round++) {
        const read = await tool.run("load_files_from_disk", { paths: ["arena/d/secret.txt"] });
        assert.doesNotMatch(read.toText(), /SECRET/);
        await tool.run("save_content_to_file", {
          path: `arena/d/written-${round}.txt`,
          content: "x",
        });
        const listing = await tool.run("list_files_from_disk", { path: "arena/d" });
        assert.doesNotMatch(listing.toText(), /only-outside/);
      }
    } finally {
      await attacker.terminate();
    }
    const written = (await readdir(outside)).filter(
      (name) => name.startsWith("written-") || name.endsWith(".tmp"),
    );
    assert.deepEqual(written, []);
  });
});

describe("RootDirectory without /proc (the portable checks used off Linux)", () => {
  let base: string;
  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), "toolwright-portable-")));
    await mkdir(join(base, "root/real"), { recursive: true });
    await mkdir(join(base, "outside"));
    await writeFile(join(base, "outside/secret.txt"), "SECRET");
    await writeFile(join(base, "outside/only-outside.txt"), "");
    await writeFile(join(base, "root/real/secret.txt"), "inside");
    await symlink(join(base, "outside"), join(base, "root/escape"));
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("reads, lists and writes inside the root and refuses symlinks out of it", async () => {
    const directory = new RootDirectory(join(base, "root"), { useProcFd: false });
    assert.equal(
      new TextDecoder().decode(await directory.readFile(["real", "secret.txt"], 100)),
      "inside",
    );
    assert.deepEqual(
      (await directory.list(["real"])).map((entry) => entry.name),
      ["secret.txt"],
    );
    await directory.writeFile(["new", "file.txt"], new TextEncoder().encode("x"));
    assert.equal(await readFile(join(base, "root/new/file.txt"), "utf8"), "x");
    const refused = (error: unknown) =>
      error instanceof RootPathError && error.code === "path_refused";
    await assert.rejects(directory.readFile(["escape", "secret.txt"], 100), refused);
    await assert.rejects(directory.list(["escape"]), refused);
    await assert.rejects(directory.writeFile(["escape", "x.txt"], new Uint8Array()), refused);
    assert.deepEqual((await readdir(join(base, "outside"))).sort(), [
      "only-outside.txt",
      "secret.txt",
    ]);
  });

  it("never returns outside content while a symlink is re-pointed during reads (race)", async () => {
    const slot = join(base, "root/d");
    const attacker = new Worker(
      `const { renameSync, symlinkSync } = require("node:fs");
       const { inside, outside, slot } = require("node:worker_threads").workerData;
       for (let i = 0; ; i++) {
         const next = slot + "." + (i % 2);
         try { symlinkSync(i % 2 ? outside : inside, next); renameSync(next, slot); } catch {}
       }`,
      {
        eval: true,
        workerData: { inside: join(base, "root/real"), outside: join(base, "outside"), slot },
      },
    );
    while (!existsSync(slot)) await new Promise((resolve) => setTimeout(resolve, 10));
    const directory = new RootDirectory(join(base, "root"), { useProcFd: false });
    try {
      for (let round = 0; round < 300; round++) {
        const text = await directory.readFile(["d", "secret.txt"], 100).then(
          (bytes) => new TextDecoder().decode(bytes),
          (error: unknown) => (error as Error).message,
        );
        assert.notEqual(text, "SECRET");
        const names = await directory.list(["d"]).then(
          (entries) => entries.map((entry) => entry.name).join(","),
          (error: unknown) => (error as Error).message,
        );
        assert.doesNotMatch(names, /only-outside/);
      }
    } finally {
      await attacker.terminate();
    }
  });
});
