import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { RequirementError, Tool, ToolwrightError } from "../src/index.js";

const root = new URL("..", import.meta.url).pathname;

async function installedVersion(name: string): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join(root, "node_modules", name, "package.json"), "utf8"),
  );
  return manifest.version;
}

class LockedTool extends Tool {
  static requirements = ["semver@^7.0.0", "zod@>=4", "@modelcontextprotocol/sdk@^1.30.0"];
}

class MissingTool extends Tool {
  static requirements = ["left-pad-never-installed-zz@^1.0.0", "semver@^99.0.0", "zod"];
}

describe("tool requirements", () => {
  it("counts a package in the lock, in range, as met", async () => {
    const { met, missing } = new LockedTool().checkRequirements({ cwd: root });
    assert.deepEqual(missing, []);
    assert.deepEqual(
      met.map((requirement) => [requirement.name, requirement.range]),
      [
        ["semver", "^7.0.0"],
        ["zod", ">=4"],
        ["@modelcontextprotocol/sdk", "^1.30.0"],
      ],
    );
    assert.equal(met[0]?.installed, await installedVersion("semver"));
    assert.equal(met[2]?.installed, await installedVersion("@modelcontextprotocol/sdk"));
  });

  it("lists what is not installed, or installed outside the range, as missing", async () => {
    const { met, missing } = new MissingTool().checkRequirements({ cwd: root });
    assert.deepEqual(
      missing.map((requirement) => [requirement.specifier, requirement.installed]),
      [
        ["left-pad-never-installed-zz@^1.0.0", undefined],
        ["semver@^99.0.0", await installedVersion("semver")],
      ],
    );
    // A bare name means any version (Griptape never counts a line with a specifier as met).
    assert.deepEqual(met, [
      { specifier: "zod", name: "zod", range: "*", installed: await installedVersion("zod") },
    ]);
  });

  it("resolves from the directory given, as Node would from there", async () => {
    const project = await mkdtemp(join(tmpdir(), "toolwright-req-"));
    try {
      await mkdir(join(project, "node_modules", "@acme", "pdf"), { recursive: true });
      await writeFile(
        join(project, "node_modules", "@acme", "pdf", "package.json"),
        JSON.stringify({ name: "@acme/pdf", version: "1.2.3" }),
      );
      class PdfTool extends Tool {
        static requirements = ["@acme/pdf@~1.2.0"];
      }
      await mkdir(join(project, "src", "deep"), { recursive: true });
      const fromDeep = new PdfTool().checkRequirements({ cwd: join(project, "src", "deep") });
      assert.equal(fromDeep.met[0]?.installed, "1.2.3");
      const elsewhere = new PdfTool().checkRequirements({ cwd: tmpdir() });
      assert.equal(elsewhere.missing.length, 1);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it("has none by default, and a subclass inherits its parent's", () => {
    class Plain extends Tool {}
    assert.deepEqual(new Plain().checkRequirements(), { met: [], missing: [] });
    class Child extends LockedTool {}
    assert.equal(new Child().checkRequirements({ cwd: root }).met.length, 3);
  });

  it("throws a RequirementError naming the tool and a malformed specifier", () => {
    const cases: [unknown, RegExp][] = [
      ["pdf-parse@latest", /requirement "pdf-parse@latest": "latest" is not a semver range/],
      ["Bad Name@1", /requirement "Bad Name@1": "Bad Name" is not an npm package name/],
      ["npm:foo@1", /is not an npm package name/],
      ["pkg@", /"" is not a semver range/],
      ["git+https://example.com/x.git", /is not an npm package name/],
      [42, /requirement "42": must be a string; got number/],
    ];
    for (const [specifier, message] of cases) {
      class Broken extends Tool {
        static requirements = [specifier];
      }
      assert.throws(
        () => new Broken().checkRequirements(),
        (error: unknown) => {
          assert.ok(error instanceof RequirementError);
          assert.ok(ToolwrightError.isInstance(error));
          assert.equal(error.code, "invalid_requirement");
          assert.equal(error.toolName, "Broken");
          assert.equal(error.requirement, String(specifier));
          assert.match(error.message, /^tool "Broken": /);
          assert.match(error.message, message);
          return true;
        },
      );
    }
    class NotAList extends Tool {
      static requirements = "semver@^7";
    }
    assert.throws(() => new NotAList().checkRequirements(), /must be an array of npm specifiers/);
  });
});
