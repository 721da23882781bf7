import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { issueProse } from "../formats/fixtures/prose-replies.js";
import { type CliRunner, expectCode } from "./run-cli.js";

export function callCases(toolwright: CliRunner, fixtures: () => string): void {
  it("call: decodes tolerantly, prints the repairs on stderr and the result on stdout", async () => {
    const db = join(fixtures(), "call.db");
    const result = expectCode(
      await toolwright([
        "call",
        join(fixtures(), "tools.ts"),
        "GreeterTool.greet",
        "{'name': 'Ada', times: '2',}",
        "--db",
        db,
      ]),
      0,
    );
    assert.equal(result.stdout, "Hello, Ada!Hello, Ada!\n");
    assert.match(result.stderr, /calling GreeterTool\.greet…/);
    assert.match(
      result.stderr,
      /repaired \(resolve-name\): resolved "GreeterTool\.greet" to "GreeterTool_greet"/,
    );
    assert.match(result.stderr, /repaired \(repair-json\)/);
    assert.match(result.stderr, /repaired \(coerce\): \$\.times: "2" → 2/);
    assert.ok(!existsSync(db), "nothing was stored, so no memory file was created");
  });

  it("call --raw: runs the calls of a model's raw reply, in its own format; refuses a cut-off one", async () => {
    const module = join(fixtures(), "tools.ts");
    const hermes =
      'Sure.\n<tool_call>{"name": "GreeterTool_greet", "arguments": {"name": "Ada"}}</tool_call>\n<tool_call>{"name": "GreeterTool_greet", "arguments": {"name": "Bo"}}</tool_call>';
    const [fromStdin, pythonic, cut] = await Promise.all([
      toolwright(["call", "--raw", "-", module], { input: hermes }),
      toolwright(["call", "--raw", "[GreeterTool_greet(name='Cy', times=2)]", module]),
      toolwright([
        "call",
        "--raw",
        '<tool_call>{"name": "GreeterTool_greet", "arguments": {"na',
        module,
      ]),
    ]);
    assert.equal(expectCode(fromStdin, 0).stdout, "Hello, Ada!\nHello, Bo!\n");
    assert.match(fromStdin.stderr, /2 call\(s\) in the hermes format/);
    assert.equal(expectCode(pythonic, 0).stdout, "Hello, Cy!Hello, Cy!\n");
    assert.match(expectCode(cut, 1).stderr, /refused call: .*cut off/);
    assert.equal(cut.stdout, "");
  });

  it("call --raw: a reply that only talks about a call runs nothing (issue 26)", async () => {
    const module = join(fixtures(), "tools.ts");
    // The issue's prose replies, about a call the fixture module would run.
    const replies = issueProse.map(({ reply }) =>
      reply
        .replaceAll("Files_wipe", "GreeterTool_greet")
        .replaceAll('"folder": "/"', '"name": "Ada"')
        .replaceAll('"folder":"/"', '"name":"Ada"'),
    );
    const results = await Promise.all(
      replies.map((reply) => toolwright(["call", "--raw", "-", module], { input: reply })),
    );
    for (const [index, result] of results.entries()) {
      assert.equal(expectCode(result, 0).stdout, "", replies[index]);
      assert.match(result.stderr, /no complete tool call in the reply \(text only\)/);
    }
  });

  it("call: --json for machines; exit 1 with the error on an ErrorArtifact", async () => {
    const module = join(fixtures(), "tools.ts");
    const [json, invalid, unknown] = await Promise.all([
      toolwright(["call", "--json", "-q", module, "GreeterTool_greet", '{"name":"Bo"}']),
      toolwright(["call", module, "GreeterTool_greet", '{"name":"Bo","times":9}']),
      toolwright(["call", "NoSuchTool_run"]),
    ]);
    const parsed = JSON.parse(expectCode(json, 0).stdout);
    assert.equal(parsed.tool, "GreeterTool");
    assert.equal(parsed.activity, "greet");
    assert.equal(parsed.artifact.type, "InfoArtifact");
    assert.equal(parsed.artifact.value, "Hello, Bo!");
    assert.deepEqual(parsed.repairs, []);
    assert.equal(json.stderr, "");
    expectCode(invalid, 1);
    assert.equal(invalid.stdout, "");
    assert.match(
      invalid.stderr,
      /error \[invalid_input\]: Activity input JSON validation error: \$\.times: expected number <= 3, got 9/,
    );
    expectCode(unknown, 1);
    assert.match(
      unknown.stderr,
      /error \[unknown_tool\]: Tool "NoSuchTool_run" not found\. Available tools, most similar first: /,
    );
  });

  it("call: reads the input from stdin with -, and runs a module's Toolbox", async () => {
    const result = expectCode(
      await toolwright(["call", join(fixtures(), "toolbox.js"), "Calc_calculate", "-"], {
        input: '{"expression": "2^10"}',
      }),
      0,
    );
    assert.equal(result.stdout, "1024\n");
  });

  it("memory: ls, read and search what an off-prompt call stored in the SQLite file", async () => {
    const db = join(fixtures(), "memory.db");
    const stored = expectCode(
      await toolwright([
        "call",
        join(fixtures(), "reports.ts"),
        "ReportTool_report",
        '{"topic":"glaciers"}',
        "--db",
        db,
      ]),
      0,
    );
    const namespace = /artifact_namespace "([0-9a-f]+)"/.exec(stored.stdout)?.[1];
    assert.ok(namespace, stored.stdout);
    const [ls, read, page, search, json, none, missing] = await Promise.all([
      toolwright(["memory", "ls", "--db", db]),
      toolwright(["memory", "read", namespace, "--db", db]),
      toolwright(["memory", "read", namespace, "--db", db, "--offset", "10", "--limit", "20"]),
      toolwright(["memory", "search", "glaciers retreating", "--db", db, "--limit", "1"]),
      toolwright(["memory", "ls", "--db", db, "--json"]),
      toolwright(["memory", "read", "nope", "--db", db]),
      toolwright(["memory", "ls", "--db", join(fixtures(), "absent.db")]),
    ]);
    assert.match(expectCode(ls, 0).stdout, /^namespace +kind +artifacts +characters +source$/m);
    assert.match(ls.stdout, new RegExp(`^${namespace} +text +1 +\\d+ +ReportTool\\.report$`, "m"));
    assert.match(expectCode(read, 0).stdout, /^Report on glaciers\. The glaciers are retreating\./);
    assert.equal(expectCode(page, 0).stdout, "glaciers. The glacie\n");
    assert.match(page.stderr, /characters 10-30 of \d+; more with --offset 30/);
    assert.match(expectCode(search, 0).stdout, new RegExp(`^${namespace} @ \\d+ \\(score`));
    assert.equal(JSON.parse(expectCode(json, 0).stdout)[0].source, "ReportTool.report");
    assert.match(expectCode(none, 1).stderr, /toolwright: no namespace "nope" in /);
    assert.match(expectCode(missing, 2).stderr, /toolwright: no task memory at .*absent\.db/);
  });
}

export function installDryRunCases(toolwright: CliRunner, fixtures: () => string): void {
  it("install --dry-run: prints the npm line for what is missing, installs nothing", async () => {
    const [dry, none, malformed] = await Promise.all([
      toolwright(["install", join(fixtures(), "needs-pdf.js"), "--dry-run"]),
      toolwright(["install", join(fixtures(), "toolbox.js"), "--dry-run"]),
      toolwright(["install", join(fixtures(), "bad-requirement.js")]),
    ]);
    assert.equal(expectCode(dry, 0).stdout, "npm install tw-never-published-zz@^1.0.0\n");
    assert.match(dry.stderr, /missing tw-never-published-zz@\^1\.0\.0 \(not installed\)/);
    assert.equal(expectCode(none, 0).stdout, "no tool declares requirements; nothing to install\n");
    expectCode(malformed, 2);
    assert.match(
      malformed.stderr,
      /toolwright: .*bad-requirement\.js: bad requirements\n {2}cause: RequirementError: tool "BadTool": requirement "tw-fixture-pkg@latest": "latest" is not a semver range/,
    );
  });
}
