// The terminal's answer to a form (`toolwright call` on a TTY): each field asked in order with its
// title, description, choices and default; every enum form of SEP-1330; Enter takes the default
// (SEP-1034); a wrong answer asked again with the reason; decline and cancel; and the same prompt
// answering a local activity's `context.elicit` and a remote MCP server's elicitation.
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { after, before, describe, it } from "node:test";
import { stripVTControlCharacters } from "node:util";
import { z } from "zod";
import { formFields, readAnswer } from "../../src/cli/form-fields.js";
import { promptForm } from "../../src/cli/form-prompt.js";
import { terminalCaller } from "../../src/cli/terminal-caller.js";
import { type ActivityContext, activity, Tool, Toolbox } from "../../src/index.js";
import { McpTool } from "../../src/mcp.js";
import { type AskingServer, forms, startAskingServer } from "../mcp/fixtures/asking-server.js";

/** A terminal: input the test types into, output it reads; both marked as TTYs. */
function terminal(answers: readonly string[], options: { end?: boolean } = {}) {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += stripVTControlCharacters(chunk.toString());
  });
  for (const answer of answers) input.write(`${answer}\r`);
  if (options.end === true) input.end();
  return { streams: { input, output }, shown: () => shown };
}

const never = new AbortController().signal;

describe("the terminal's answer to a form", () => {
  it("asks each field in order, takes defaults on Enter and asks again with the reason", async () => {
    const { streams, shown } = terminal(["", "-3", "4.5", "41", "", "2", "maybe", "n", ""]);
    const reply = await promptForm(
      { message: "Please fill the defaults form", requestedSchema: forms.defaults as never },
      streams,
      never,
    );
    assert.deepEqual(reply, {
      action: "accept",
      content: { name: "Ada", age: 41, score: 9.5, status: "away", subscribed: false },
    });
    const text = shown();
    assert.match(text, /\? Please fill the defaults form/);
    assert.match(text, /Name\*? \(Enter: Ada\): /);
    assert.match(text, /age \(whole number, from 0; Enter: 36\): /);
    assert.match(text, /✗ expected number >= 0/);
    assert.match(text, /✗ "4\.5" is not a whole number/);
    assert.match(text, /1\) active\n {4}2\) away/);
    assert.match(text, /✗ answer y or n/);
    assert.match(text, /Send\? \[Y\]es, \[d\]ecline, \[c\]ancel/);
  });

  it("reads every SEP-1330 enum form by number, value or title", async () => {
    const { streams, shown } = terminal(["GREEN", "2", "Small", "1, c", "Why, x", ""]);
    const reply = await promptForm(
      { message: "Pick", requestedSchema: forms.enums as never },
      streams,
      never,
    );
    assert.deepEqual(reply, {
      action: "accept",
      content: {
        plain: "green",
        titled: "#0f0",
        legacy: "s",
        many: ["a", "c"],
        manyTitled: ["y", "x"],
      },
    });
    assert.match(shown(), /1\) Red \(#f00\)/);
    assert.match(shown(), /2\) Medium \(m\)/);
    assert.match(shown(), /one or more, separated by commas, at least 1 choice/);
  });

  it("refuses what two choices could mean and picks values that look like numbers by value", async () => {
    const [sizes] = formFields({
      type: "object",
      properties: { size: { type: "string", enum: ["10", "2", "1"] } },
    });
    assert.equal(sizes?.byNumber, false);
    assert.deepEqual(readAnswer(sizes as never, "2"), { ok: true, value: "2" });
    const [both] = formFields({
      type: "object",
      properties: {
        tag: {
          type: "string",
          oneOf: [
            { const: "a", title: "B" },
            { const: "b", title: "A" },
          ],
        },
      },
    });
    assert.deepEqual(readAnswer(both as never, "A"), {
      ok: false,
      reason: `"A" could be B or A: type the value exactly`,
    });
    assert.deepEqual(readAnswer(both as never, "a"), { ok: true, value: "a" });
  });

  it("checks strings by the form's format and length, and leaves optional fields out on Enter", async () => {
    const { streams, shown } = terminal(["nope", "ada@example.com", "", "ab", "abc", ""]);
    const reply = await promptForm(
      {
        message: "Contact",
        requestedSchema: {
          type: "object",
          properties: {
            email: { type: "string", format: "email", description: "Where we write" },
            nickname: { type: "string", maxLength: 10 },
            code: { type: "string", minLength: 3, maxLength: 3 },
          },
          required: ["email", "code"],
        },
      },
      streams,
      never,
    );
    assert.deepEqual(reply, {
      action: "accept",
      content: { email: "ada@example.com", code: "abc" },
    });
    assert.match(shown(), /Where we write/);
    assert.match(shown(), /email\*? \(email\): /);
    assert.match(shown(), /✗ expected string in format email/);
    assert.match(shown(), /nickname \(at most 10 characters; Enter: skip\)/);
    assert.match(shown(), /code\*? \(3 characters\)/);
  });

  it("offers decline or cancel on an empty required answer", async () => {
    const form = {
      type: "object",
      properties: { reason: { type: "string" } },
      required: ["reason"],
    };
    const declined = terminal(["", "d"]);
    assert.deepEqual(
      await promptForm({ message: "Why?", requestedSchema: form }, declined.streams, never),
      { action: "decline" },
    );
    assert.match(
      declined.shown(),
      /reason is required: \[a\]nswer it, \[d\]ecline the form or \[c\]ancel\?/,
    );
    const again = terminal(["", "a", "because", "c"]);
    assert.deepEqual(
      await promptForm({ message: "Why?", requestedSchema: form }, again.streams, never),
      { action: "cancel" },
    );
  });

  it("cancels on Ctrl-D (the end of input) and gives up with the asker", async () => {
    const { streams, shown } = terminal(["Grace"], { end: true });
    const reply = await promptForm(
      { message: "Please fill the defaults form", requestedSchema: forms.defaults as never },
      streams,
      never,
    );
    assert.deepEqual(reply, { action: "cancel" });
    assert.match(shown(), /cancelled/);

    const waiting = terminal([]);
    const controller = new AbortController();
    const pending = promptForm(
      { message: "Never answered", requestedSchema: forms.defaults as never },
      waiting.streams,
      controller.signal,
    );
    controller.abort(new Error("the server gave up"));
    await assert.rejects(pending, /the server gave up/);
  });

  it("prints a form's text without the escape sequences and overrides it holds", async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let raw = "";
    output.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
    });
    input.write("\r\r");
    const reply = await promptForm(
      {
        message: "Hello\x1b]52;c;cm0gLXJmIH4=\x07\nSecond line\x1b[2J",
        requestedSchema: {
          type: "object",
          properties: {
            pick: {
              type: "string",
              title: "Pick\u202Eevil",
              description: "\x1b[1A\x1b[2Kfake prompt",
              enum: ["a\x1bb"],
              default: "a\x1bb",
            },
          },
        },
      },
      { input, output },
      never,
    );
    assert.deepEqual(reply, { action: "accept", content: { pick: "a\x1bb" } });
    for (const planted of [
      "\x1b]52",
      "\x07",
      "\x1b[2J",
      "\u202E",
      "\x1b[1A",
      "\x1b[2K",
      "a\x1bb",
    ]) {
      assert.ok(!raw.includes(planted), JSON.stringify(planted));
    }
    assert.match(raw, /Second line/);
  });

  it("is no caller at all when either end is not a terminal", () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    assert.equal(terminalCaller({ input: new PassThrough(), output: tty }), undefined);
    assert.equal(terminalCaller({ input: tty, output: new PassThrough() }), undefined);
    assert.notEqual(terminalCaller({ input: tty, output: tty }), undefined);
  });
});

class DeployTool extends Tool {
  @activity({ description: "Deploys after asking", schema: z.object({ env: z.string() }) })
  async deploy(input: { env: string }, context: ActivityContext) {
    const answer = await context.elicit(
      `Deploy to ${input.env}?`,
      z.object({ confirm: z.boolean(), replicas: z.number().int().min(1).default(2) }),
    );
    return answer.action === "accept" ? JSON.stringify(answer.content) : answer.action;
  }
}

describe("the terminal answers what a call asks", () => {
  let server: AskingServer;
  before(async () => {
    server = await startAskingServer();
  });
  after(async () => {
    await server.close();
  });

  it("a local activity's context.elicit", async () => {
    const { streams, shown } = terminal(["yes", "0", "3", ""]);
    const caller = terminalCaller(streams);
    const result = await new Toolbox([new DeployTool()]).execute(
      { id: "1", name: "DeployTool_deploy", arguments: '{"env":"prod"}' },
      { caller },
    );
    assert.equal(result.artifact.toText(), '{"confirm":true,"replicas":3}');
    assert.match(shown(), /\? Deploy to prod\?/);
    assert.match(shown(), /✗ expected number >= 1/);
  });

  it("a remote MCP server's elicitation through McpTool, the answer checked before it is sent", async () => {
    const tool = await McpTool.connect({ url: server.url });
    try {
      const { streams, shown } = terminal(["", "", "", "", "", ""]);
      const caller = terminalCaller(streams);
      const answer = await tool.run("ask", { form: "defaults" }, { caller });
      assert.deepEqual(JSON.parse(answer.toText()), {
        action: "accept",
        content: { name: "Ada", age: 36, score: 9.5, status: "away", subscribed: true },
      });
      assert.match(shown(), /\? Please fill the defaults form/);

      // Every field of the enums form is optional: Enter skips them, the last question declines.
      const declined = terminal(["", "", "", "", "", "d"]);
      const refused = await tool.run(
        "ask",
        { form: "enums" },
        { caller: terminalCaller(declined.streams) },
      );
      assert.deepEqual(JSON.parse(refused.toText()), { action: "decline" });
    } finally {
      await tool.close();
    }
  });
});
