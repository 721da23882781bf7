// What the tarball holds, and that every path inside it that points somewhere (exports, bin, source
// maps, links in the Markdown) lands on a file that is in it.
//
// Packaging decisions checked here:
// - Source maps and declaration maps ship, and so does `src/`, the TypeScript they point to: stack
//   traces (`--enable-source-maps`) and "go to definition" land in the real code rather than in
//   compiled JavaScript or a `.d.ts`. Measured on 0.1.0 (packed / unpacked): 638 kB / 2.68 MB
//   with `src/`; 328 kB / 1.13 MB with no maps at all; 475 kB / 1.89 MB for maps whose sources
//   are missing (what shipped before); 679 kB / 2.54 MB for `inlineSources`, which serves no
//   declaration map. The dependencies install tens of megabytes; working maps are worth 310 kB.
// - Links in the packaged Markdown must resolve inside the package. The only target outside `docs/`
//   is `bench/RESULTS.md` (the measurements README and docs quote), so it ships, alone: the
//   benchmark code does not. The package declares no repository, so an absolute URL would be a guess.
import assert from "node:assert/strict";
import { readFile, stat } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { it } from "node:test";
import type { PackedPackage } from "../fixtures/packed-package.js";

/** Every file a package may ship: the build, its sources, the docs and the usual top-level files. */
const allowed = [
  /^dist\/.+\.(js|d\.ts|js\.map|d\.ts\.map)$/,
  /^src\/.+\.ts$/,
  /^docs\/[^/]+\.md$/,
  /^bench\/RESULTS\.md$/,
  // The inspector's page (plain files, served as they are) and the docs' screenshots of it.
  /^(src|dist)\/inspect\/assets\/[a-z][a-z0-9-]*\.(mjs|css|html)$/,
  /^docs\/images\/[a-z0-9-]+\.png$/,
  /^(package\.json|README\.md|LICENSE)$/,
];

export function contentsCases(packed: () => PackedPackage, documentation: readonly string[]): void {
  it("holds the build, its sources, the docs, README and LICENSE, and nothing else", () => {
    const { files } = packed();
    const stray = files.filter((file) => !allowed.some((pattern) => pattern.test(file)));
    assert.deepEqual(stray, [], "files the package should not ship");
    for (const prefix of ["test/", "bench/anchors/", "examples/", ".tmp/", "node_modules/"]) {
      assert.ok(!files.some((file) => file.startsWith(prefix)), `${prefix} is shipped`);
    }
    assert.ok(!files.some((file) => /corpora|tsbuildinfo|\.test\.ts$/.test(file)));
    for (const file of ["package.json", "README.md", "LICENSE", ...documentation]) {
      assert.ok(files.includes(file), `${file} is missing`);
    }
    // 51 call formats with their call positions and streaming reader, four framework adapters,
    // McpTool's OAuth client, the stores' large-write paths, the tools that ask a model, three
    // embedding drivers and hybrid search, code mode, the MCP server and caller, each with its source
    // map: a budget, not a guess (measured 1,685,995 bytes after the readers of issue 26 met the
    // griptape merge; 1,818,065 with code mode, issue 32; 1,964,881 with the MCP server and caller;
    // 2,046,231 with the terminal's form prompt, 2025-11-25 tasks both ways, MCP receipts, sliced loads).
    assert.ok(packed().size < 2_090_000, `the tarball grew to ${packed().size} bytes`);
  });

  it("has a file for every export, types first, and for the bin, main and types fields", async () => {
    const { files, packageDir } = packed();
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
    const targets: string[] = [manifest.main, manifest.types, ...Object.values(manifest.bin)];
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === "string") {
        targets.push(target);
        continue;
      }
      const conditions = target as Record<string, string>;
      assert.deepEqual(Object.keys(conditions), ["types", "default"], subpath);
      targets.push(...Object.values(conditions));
    }
    for (const target of targets) {
      assert.ok(files.includes(normalize(target)), `${target} is not in the package`);
    }
    const bin = await stat(join(packageDir, manifest.bin.toolwright));
    assert.ok((bin.mode & 0o111) !== 0, "the bin is not executable");
  });

  it("carries the Apache-2.0 text its license field names, with toolwright's copyright", async () => {
    const { packageDir } = packed();
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
    assert.equal(manifest.license, "Apache-2.0");
    const license = await readFile(join(packageDir, "LICENSE"), "utf8");
    assert.match(license, /^\s*Apache License\n\s*Version 2\.0, January 2004\n/);
    assert.match(license, /END OF TERMS AND CONDITIONS/);
    assert.match(license, /^ {3}Copyright \d{4} The toolwright Authors$/m);
    assert.doesNotMatch(license, /\[yyyy\]/);
  });

  it("has source maps whose sources are in the package", async () => {
    const { files, packageDir } = packed();
    const scripts = files.filter((file) => /^dist\/.+\.(js|d\.ts)$/.test(file));
    for (const file of scripts) {
      const text = await readFile(join(packageDir, file), "utf8");
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
      assert.ok(url !== undefined, `${file} names no source map`);
      const mapFile = normalize(join(dirname(file), url));
      assert.ok(files.includes(mapFile), `${file}: its map ${mapFile} is not in the package`);
      const map = JSON.parse(await readFile(join(packageDir, mapFile), "utf8")) as {
        sources: string[];
        sourceRoot?: string;
      };
      for (const source of map.sources) {
        const path = normalize(join(dirname(mapFile), map.sourceRoot ?? "", source));
        assert.ok(files.includes(path), `${mapFile}: source ${source} is not in the package`);
      }
    }
  });

  it("links, in every packaged Markdown file, only to files in the package", async () => {
    const { files, packageDir } = packed();
    const broken: string[] = [];
    for (const markdown of files.filter((file) => file.endsWith(".md"))) {
      const text = await readFile(join(packageDir, markdown), "utf8");
      for (const target of relativeLinks(text)) {
        const path = normalize(join(dirname(markdown), decodeURI(target)));
        if (!files.includes(path)) broken.push(`${markdown} → ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });
}

/** Link targets that are paths (no scheme, not a same-page anchor), without their `#fragment`. */
export function relativeLinks(markdown: string): string[] {
  // Code is not prose: links inside fences and inline code are examples, not links.
  const prose = markdown
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, "")
    .replace(/`[^`\n]*`/g, "");
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
    ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]),
    ...[...prose.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((match) => match[1]),
  ];
  return targets
    .filter((target): target is string => target !== undefined)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target))
    .map((target) => target.replace(/[#?].*$/, ""))
    .filter((target) => target !== "");
}
