// The package as users install it: built from this checkout, packed with `npm pack` and unpacked into
// a strict consumer project once for this file (test/fixtures/packed-package.ts), then checked for
// what it ships, how its types behave for a user, whether every code block of README.md and
// docs/*.md compiles against it (convention in doc-blocks.ts), what publint and attw say, and how
// it behaves with none of its optional peers installed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import {
  type Diagnostics,
  type PackedPackage,
  packedPackage,
  root,
  typecheckConsumer,
} from "../fixtures/packed-package.js";
import { contentsCases } from "./contents.case.js";
import { docBlocks, documentationFiles, inMarkdown } from "./doc-blocks.js";
import { lintCases } from "./lint.case.js";
import { missingPeersCases } from "./missing-peers.case.js";
import { consumerModules, typesCases } from "./types.case.js";

const documentation = documentationFiles(root);
const blocks = docBlocks(root, documentation);

let packed: PackedPackage | undefined;
let diagnostics: Diagnostics | undefined;

before(async () => {
  packed = await packedPackage();
  // One tsc run for the consumer modules and every documentation block.
  const modules = new Map<string, string>();
  for (const name of consumerModules) {
    modules.set(name, readFileSync(new URL(`consumer/${name}`, import.meta.url), "utf8"));
  }
  for (const block of blocks) modules.set(block.file, block.source);
  diagnostics = await typecheckConsumer(packed, modules);
});

const packedNow = (): PackedPackage => packed ?? assert.fail("the package was not packed");
const diagnosticsNow = (): Diagnostics =>
  diagnostics ?? assert.fail("the consumer was not checked");

describe("the packed package", () => {
  describe("contents", () => contentsCases(packedNow, documentation));
  describe("types, from a strict consumer", () => typesCases(packedNow, diagnosticsNow));
  describe("publint and attw", () => lintCases(packedNow));
  describe("without its optional peers", () => missingPeersCases(packedNow));
  describe("code blocks of README.md and docs/*.md compile against it", () => {
    it("finds the blocks", () => {
      assert.ok(blocks.length >= 10, `only ${blocks.length} blocks found`);
    });
    for (const block of blocks) {
      it(`${block.markdown}:${block.line}`, () => {
        const found = diagnosticsNow().get(`src/${block.file}`) ?? [];
        assert.deepEqual(inMarkdown(block, found), []);
      });
    }
  });
});
