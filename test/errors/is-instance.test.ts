import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { DialectError, ToolboxError, ToolwrightError } from "../../src/index.js";
import { type ErrorClass, errorCases, loadErrorClasses, makeError } from "./error-classes.js";

const root = new URL("../..", import.meta.url).pathname;
const sources = new URL("../../src/errors/", import.meta.url);

/** A is B, or B extends A: every class here extends ToolwrightError directly. */
const expected = (guard: string, instance: string) =>
  guard === instance || guard === "ToolwrightError";

function assertMatrix(guards: Map<string, ErrorClass>, makers: Map<string, ErrorClass>): void {
  for (const [guardName, guard] of guards) {
    for (const errorCase of errorCases) {
      const instance = makeError(makers.get(errorCase.className) as ErrorClass, errorCase);
      assert.equal(
        guard.isInstance(instance),
        expected(guardName, errorCase.className),
        `${guardName}.isInstance(new ${errorCase.className}(…))`,
      );
    }
  }
}

describe("isInstance of every error class", () => {
  let classes: Map<string, ErrorClass>;
  let copied: Map<string, ErrorClass>;
  let copyDir: string;

  before(async () => {
    classes = await loadErrorClasses(sources);
    // A second copy of the package, as two versions in one dependency tree: same code, other classes.
    await mkdir(join(root, ".tmp"), { recursive: true });
    copyDir = await mkdtemp(join(root, ".tmp", "errors-copy-"));
    await cp(sources, copyDir, { recursive: true });
    copied = await loadErrorClasses(new URL(`${pathToFileURL(copyDir).href}/`));
  });
  after(async () => {
    await rm(copyDir, { recursive: true, force: true });
  });

  it("covers every class in src/errors, each with its own brand", async () => {
    const files = (await readdir(sources)).filter((file) => file !== "codes.ts");
    assert.deepEqual(files.sort(), errorCases.map((entry) => entry.file).sort());
    const brands = [...classes.values()].map((Class) => Class.brand);
    assert.equal(new Set(brands).size, brands.length);
    for (const [name, Class] of classes) assert.equal(Class.brand, `toolwright/${name}`);
  });

  it("is true for the class itself and ToolwrightError only (every class against every other)", () => {
    assertMatrix(classes, classes);
  });

  it("gives the same answers across two copies of the package, both ways", () => {
    const Copied = copied.get("DialectError") as ErrorClass;
    const dialectCase = errorCases.find((entry) => entry.className === "DialectError");
    const instance = makeError(Copied, dialectCase ?? assert.fail("no DialectError case"));
    assert.ok(!(instance instanceof DialectError), "the copy's classes are other classes");
    assertMatrix(classes, copied);
    assertMatrix(copied, classes);
  });

  it("follows subclasses: a subclass without a brand shares its parent's guard, with one it has its own", () => {
    class PlainSub extends DialectError {}
    class BrandedSub extends DialectError {
      static override readonly brand: string = "my-app/BrandedSub";
    }
    const details = {
      dialect: "gemini",
      toolName: "T",
      activityName: "a",
      path: "$",
      message: "m",
    };
    const plain = new PlainSub(details);
    const branded = new BrandedSub(details);
    assert.ok(DialectError.isInstance(plain) && ToolwrightError.isInstance(plain));
    assert.ok(DialectError.isInstance(branded) && BrandedSub.isInstance(branded));
    assert.ok(!BrandedSub.isInstance(new DialectError(details)));
    assert.ok(!ToolboxError.isInstance(branded));
  });

  it("is false for anything else, also look-alikes", () => {
    const lookAlike = { name: "DialectError", code: "unsupported_by_dialect", message: "m" };
    for (const value of [undefined, null, 0, "DialectError", new Error("m"), lookAlike, {}]) {
      for (const Class of classes.values()) assert.equal(Class.isInstance(value), false);
    }
  });

  it("narrows the type", () => {
    const error: unknown = new ToolboxError({ toolName: "T", message: "m" });
    if (ToolboxError.isInstance(error)) assert.equal(error.toolName, "T");
    else assert.fail("not narrowed");
  });
});
