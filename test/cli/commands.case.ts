import assert from "node:assert/strict";
import { join } from "node:path";
import { it } from "node:test";
import { type CliRunner, expectCode } from "./run-cli.js";

const ansi = new RegExp(`${String.fromCharCode(27)}\\[`);

export function commandCases(toolwright: CliRunner, fixtures: () => string): void {
  it("list: a module's tools (a class constructed, an instance kept), as text and JSON", async () => {
    const module = join(fixtures(), "tools.ts");
    const [text, json] = await Promise.all([
      toolwright(["list", module]),
      toolwright(["list", join(fixtures(), "toolbox.js"), "--json"]),
    ]);
    const lines = expectCode(text, 0).stdout.split("\n");
    assert.equal(lines[0], "GreeterTool");
    assert.match(String(lines[1]), /^ {2}GreeterTool_greet +Greets someone +read-only$/);
    assert.ok(lines.includes("ReportTool"));
    assert.ok(lines.includes("TaskMemoryTool"), "an off-prompt tool brings the memory tool");
    assert.match(text.stdout, /3 tools, 5 activities \(.*tools\.ts\)/);
    assert.doesNotMatch(text.stdout + text.stderr, ansi, "no colour when not on a TTY");
    // A module's own Toolbox is used as it is: no memory tool added.
    const parsed = JSON.parse(expectCode(json, 0).stdout);
    assert.deepEqual(parsed, [
      {
        name: "Calc",
        activities: [
          {
            name: "calculate",
            nativeName: "Calc_calculate",
            description: "Can be used for computing simple numerical or algebraic calculations",
            annotations: { readOnly: true, idempotent: true, openWorld: false },
          },
        ],
      },
    ]);
  });

  it("schema: the provider tools JSON for each dialect, strict on request", async () => {
    const module = join(fixtures(), "tools.ts");
    const [openai, gemini, bad] = await Promise.all([
      toolwright(["schema", module, "--dialect", "openai-chat", "--strict"]),
      toolwright(["schema", join(fixtures(), "toolbox.js"), "-d", "gemini"]),
      toolwright(["schema", "--dialect", "cohere"]),
    ]);
    const [greet] = JSON.parse(expectCode(openai, 0).stdout);
    assert.equal(greet.type, "function");
    assert.equal(greet.function.name, "GreeterTool_greet");
    assert.equal(greet.function.strict, true);
    assert.deepEqual(greet.function.parameters.required, ["name", "times"]);
    const [declarations] = JSON.parse(expectCode(gemini, 0).stdout);
    assert.equal(declarations.functionDeclarations[0].name, "Calc_calculate");
    assert.equal(declarations.functionDeclarations[0].parameters.type, "OBJECT");
    expectCode(bad, 2);
    assert.match(bad.stderr, /argument 'cohere' is invalid\. Allowed choices are openai-chat/);
    // An option the dialect has no use for is refused, not ignored.
    const [strictGemini, draftOpenAI] = await Promise.all([
      toolwright(["schema", module, "--dialect", "gemini", "--strict"]),
      toolwright(["schema", module, "--dialect", "openai-chat", "--draft", "draft-07"]),
    ]);
    assert.match(
      expectCode(strictGemini, 2).stderr,
      /--strict applies to openai-chat, openai-responses, anthropic; gemini has no such option/,
    );
    assert.match(expectCode(draftOpenAI, 2).stderr, /--draft applies to json-schema/);
  });

  it("schema: a dialect that cannot carry a schema is exit 1 with the path", async () => {
    const result = expectCode(
      await toolwright(["schema", join(fixtures(), "recursive.ts"), "--dialect", "gemini"]),
      1,
    );
    assert.match(
      result.stderr,
      /toolwright: gemini \(parameters\): tool "TreeTool" activity "store" at \$\.children\[\*\]\.children\[\*\]: recursive schema/,
    );
  });

  it("check: every dialect, what each moves into descriptions, exit 0 when none rejects", async () => {
    const result = expectCode(await toolwright(["check", join(fixtures(), "tools.ts")]), 0);
    const rows = result.stdout.split("\n");
    assert.match(String(rows[0]), /^dialect +accepted +moved to descriptions +rejected$/);
    assert.equal(rows.filter((row) => /\d+\/\d+/.test(row)).length, 12);
    assert.match(result.stdout, /^anthropic \(strict\) +5\/5 +[^\n]*minimum[^\n]* 0$/m);
    assert.match(result.stdout, /anthropic \(strict\): minimum in GreeterTool\.greet/);
    assert.match(result.stdout, /Every dialect accepts every activity\./);
    assert.match(result.stderr, /compiling 5 activities of 3 tools for every dialect/);
  });

  it("check: rejections are listed with their path, exit 1; --json for machines", async () => {
    const module = join(fixtures(), "recursive.ts");
    const [text, json] = await Promise.all([
      toolwright(["check", module]),
      toolwright(["check", module, "--json", "-q"]),
    ]);
    expectCode(text, 1);
    assert.match(text.stdout, /^Rejected:$/m);
    assert.match(
      text.stdout,
      /^ {2}ollama: tool "TreeTool" activity "store" at \$\.children\[\*\]\.children\[\*\]: recursive schema/m,
    );
    const reports = JSON.parse(expectCode(json, 1).stdout);
    assert.equal(reports.length, 12);
    const strict = reports.find(
      (report: { label: string }) => report.label === "openai-chat (strict)",
    );
    assert.deepEqual(strict.rejected, []);
    assert.equal(json.stderr, "");
  });

  it("--help on every command, exit 0; a usage mistake is exit 2", async () => {
    const commands = [
      [],
      ["list"],
      ["schema"],
      ["check"],
      ["call"],
      ["serve"],
      ["memory"],
      ["memory", "ls"],
      ["memory", "read"],
      ["memory", "search"],
      ["install"],
    ];
    const results = await Promise.all(commands.map((words) => toolwright([...words, "--help"])));
    results.forEach((result, index) => {
      const words = (commands[index] as string[]).join(" ");
      assert.match(expectCode(result, 0).stdout, new RegExp(`^Usage: toolwright ${words}`));
    });
    assert.match(results[0]?.stdout ?? "", /call \[options\] \[module\] <name> \[json\]/);
    assert.match(results[5]?.stdout ?? "", /--token <token>.*\(env: TOOLWRIGHT_TOKEN\)/s);
    const usage = expectCode(await toolwright(["lst"]), 2);
    assert.match(usage.stderr, /unknown command 'lst'/);
    const stdioToken = expectCode(await toolwright(["serve", "--token", "t"]), 2);
    assert.match(stdioToken.stderr, /--token, --allowed-host and --allowed-origin apply to --http/);
  });
}
