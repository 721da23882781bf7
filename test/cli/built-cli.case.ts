import assert from "node:assert/strict";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { it } from "node:test";
import { bin, expectCode, root, run, terminalEnv, toolwright } from "./run-cli.js";

const ansi = new RegExp(`${String.fromCharCode(27)}\\[`);

export function builtCliCases(fixtures: () => string): void {
  it("lists a TypeScript module's tools (loaded through tsx), without colour on a pipe", async () => {
    const result = expectCode(await toolwright(["list", join(fixtures(), "tools.ts")]), 0);
    const lines = result.stdout.split("\n");
    assert.equal(lines[0], "GreeterTool");
    assert.match(String(lines[1]), /^ {2}GreeterTool_greet +Greets someone +read-only$/);
    assert.match(result.stdout, /3 tools, 5 activities \(.*tools\.ts\)/);
    assert.doesNotMatch(result.stdout + result.stderr, ansi);
  });

  it("colours on a TTY", async () => {
    // util-linux `script` gives the command a real terminal.
    const tty = await run("script", ["-qec", `${process.execPath} ${bin} list`, "/dev/null"], {
      env: terminalEnv(),
    });
    assert.match(expectCode(tty, 0).stdout, ansi);
    assert.match(tty.stdout, /CalculatorTool_calculate/);
  });

  it("calls tolerantly, printing the repairs; exit 1 on an ErrorArtifact", async () => {
    const module = join(fixtures(), "tools.ts");
    const [repaired, failed] = await Promise.all([
      toolwright(["call", module, "GreeterTool.greet", "{'name': 'Ada', times: '2',}"]),
      toolwright(["call", "DateTimeTool_add_timedelta", '{"timedelta_kwargs": {"fortnights": 1}}']),
    ]);
    assert.equal(expectCode(repaired, 0).stdout, "Hello, Ada!Hello, Ada!\n");
    assert.match(repaired.stderr, /^greeting Ada$/m, "what tools log goes to stderr");
    assert.match(repaired.stderr, /repaired \(coerce\): \$\.times: "2" → 2/);
    expectCode(failed, 1);
    assert.equal(failed.stdout, "");
    assert.match(failed.stderr, /error \[invalid_timedelta\]: .*fortnights/);
  });

  it("reports a broken module in one line plus its cause, exit 2; --help and --version work", async () => {
    const [broken, help, version] = await Promise.all([
      toolwright(["schema", join(fixtures(), "syntax-error.ts")]),
      toolwright(["--help"]),
      toolwright(["--version"]),
    ]);
    const lines = expectCode(broken, 2).stderr.trimEnd().split("\n");
    assert.equal(lines.length, 2, broken.stderr);
    assert.match(String(lines[0]), /^toolwright: cannot load module .*syntax-error\.ts$/);
    assert.match(String(lines[1]), /^ {2}cause: TransformError: .*syntax-error\.ts:\d+:\d+: ERROR/);
    assert.match(expectCode(help, 0).stdout, /^Usage: toolwright \[options\] \[command\]/);
    assert.match(expectCode(version, 0).stdout, /^\d+\.\d+\.\d+\n$/);
  });
}

/** The module URLs a fresh Node process loads while running `script` (an ES module body). */
async function modulesLoadedBy(script: string): Promise<string[]> {
  const recorder = join(root, "test", "fixtures", "record-imports.mjs");
  const result = await run(process.execPath, [
    "--import",
    recorder,
    "--input-type=module",
    "-e",
    script,
  ]);
  return JSON.parse(expectCode(result, 0).stdout) as string[];
}

const importOf = (entry: string) => `await import(${JSON.stringify(join(root, "dist", entry))});`;

export function packageCases(): void {
  it("the root entry never loads the MCP SDK; toolwright/mcp loads it when used", async () => {
    const sdk = "/node_modules/@modelcontextprotocol/";
    // Connecting to a command that does not exist fails, but only after loading the SDK.
    const connect = `${importOf("mcp.js")}
      const { McpTool } = await import(${JSON.stringify(join(root, "dist", "mcp.js"))});
      await McpTool.connect({ command: "no-such-mcp-server-zz" }).catch((error) => {
        if (error.code !== "mcp_connection_failed") throw error;
      });`;
    const [rootEntry, mcpEntry, mcpUsed] = await Promise.all([
      modulesLoadedBy(importOf("index.js")),
      modulesLoadedBy(importOf("mcp.js")),
      modulesLoadedBy(connect),
    ]);
    assert.deepEqual(
      rootEntry.filter((url) => url.includes(sdk)),
      [],
    );
    assert.deepEqual(
      mcpEntry.filter((url) => url.includes(sdk)),
      [],
    );
    assert.ok(mcpUsed.some((url) => url.includes(sdk)));
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
    assert.deepEqual(manifest.exports["./mcp"], {
      types: "./dist/mcp.d.ts",
      default: "./dist/mcp.js",
    });
    for (const sdkPackage of ["@modelcontextprotocol/sdk", "@modelcontextprotocol/client"]) {
      assert.equal(manifest.peerDependenciesMeta[sdkPackage].optional, true);
      assert.equal(manifest.dependencies[sdkPackage], undefined);
    }
  });

  it("builds an executable bin with a shebang", async () => {
    assert.equal(
      JSON.parse(await readFile(join(root, "package.json"), "utf8")).bin.toolwright,
      "./dist/cli/bin.js",
    );
    const text = await readFile(bin, "utf8");
    assert.ok(text.startsWith("#!/usr/bin/env node\n"));
    assert.ok(((await stat(bin)).mode & 0o111) !== 0, "dist/cli/bin.js is not executable");
  });
}
