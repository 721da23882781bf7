// The package as users install it: built from this checkout, packed with `npm pack` and unpacked into
// a strict consumer project once for this file (test/fixtures/packed-package.ts), then checked for
// what it ships, how its types behave for a user, and what publint and attw say.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe } from "node:test";
import {
  type Diagnostics,
  type PackedPackage,
  packedPackage,
  root,
  typecheckConsumer,
} from "../fixtures/packed-package.js";
import { contentsCases } from "./contents.case.js";
import { lintCases } from "./lint.case.js";
import { consumerModules, typesCases } from "./types.case.js";

const documentation = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

let packed: PackedPackage | undefined;
let diagnostics: Diagnostics | undefined;

before(async () => {
  packed = await packedPackage();
  const modules = new Map<string, string>();
  for (const name of consumerModules) {
    modules.set(name, readFileSync(new URL(`consumer/${name}`, import.meta.url), "utf8"));
  }
  diagnostics = await typecheckConsumer(packed, modules);
});

const packedNow = (): PackedPackage => packed ?? assert.fail("the package was not packed");
const diagnosticsNow = (): Diagnostics =>
  diagnostics ?? assert.fail("the consumer was not checked");

describe("the packed package", () => {
  describe("contents", () => contentsCases(packedNow, documentation));
  describe("types, from a strict consumer", () => typesCases(packedNow, diagnosticsNow));
  describe("publint and attw", () => lintCases(packedNow));
});
