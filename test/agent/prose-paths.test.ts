import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { parseReactOutput } from "../../src/agent/react/parse-react-output.js";
import { Agent } from "../../src/agent.js";
import { activity, Tool } from "../../src/index.js";
import { OllamaPromptDriver } from "../../src/ollama.js";
import { MockPromptDriver } from "../../src/testing.js";
import { startOllamaServer } from "../fixtures/provider-servers/ollama-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { issueProse, moreProse, type ProseReply } from "../formats/fixtures/prose-replies.js";

/** A destructive tool that records every run: none may happen. */
class Files extends Tool {
  readonly runs: unknown[] = [];

  @activity({
    description: "Deletes everything in a folder",
    schema: z.object({ folder: z.string() }),
    annotations: { destructive: true },
  })
  wipe(input: { folder: string }) {
    this.runs.push(input);
    return `wiped ${input.folder}`;
  }
}

const action = '[{"tag": "w", "name": "Files", "path": "wipe", "input": {"folder": "/"}}]';

// The text protocol's own syntax, quoted, negated or shown as an example.
const reactProse: readonly ProseReply[] = [
  {
    label: "Actions in the middle of a sentence",
    reply: `Here is how you would call it: Actions: ${action}`,
    format: "hermes",
  },
  {
    label: "Actions inside the answer",
    reply: `Answer: To wipe it, the model would write\nActions: ${action}`,
    format: "hermes",
  },
  {
    label: "Actions after a negation",
    reply: `Thought: the user said not to run anything.\nI will not run this:\nActions: ${action}`,
    format: "hermes",
  },
  {
    label: "Actions in a code example",
    reply: `The format is:\n\`\`\`\nActions: ${action}\n\`\`\``,
    format: "hermes",
  },
  {
    label: "Actions in a block quote",
    reply: `You wrote:\n> Actions: ${action}\nI did not run it.`,
    format: "hermes",
  },
  {
    label: "Actions inside a quotation",
    reply: `The log shows "Actions: ${action}" twice.`,
    format: "hermes",
  },
];

const prose = [...issueProse, ...moreProse];

describe("prose runs nothing on the ReAct path (issue 26)", () => {
  for (const { label, reply: text } of [...prose, ...reactProse]) {
    it(label, async () => {
      const files = new Files();
      const driver = new MockPromptDriver({ responses: [text, "Answer: fine"] });
      const result = await new Agent({ driver, tools: [files], protocol: "react" }).run("go");
      assert.deepEqual(files.runs, []);
      assert.equal(result.toolCalls.length, 0, JSON.stringify(result.toolCalls));
      assert.equal(result.status, "completed");
    });
  }

  it("still runs actions the model placed, and refuses a list the reply ends inside", async () => {
    const files = new Files();
    const driver = new MockPromptDriver({
      responses: [
        `Thought: I don't know what is in it, so I will wipe it as asked.\nActions: ${action.replace('"/"', '"/tmp/a"')}`,
        `Thought: again\nActions: [{"tag": "x", "name": "Files", "path": "wipe", "input": {"folder": "/tmp/b`,
        "Answer: done",
      ],
    });
    const result = await new Agent({ driver, tools: [files], protocol: "react" }).run("go");
    assert.deepEqual(files.runs, [{ folder: "/tmp/a" }]);
    assert.equal(result.output.toText(), "done");
  });

  it("closes a list cut after a whole value only when the finish reason says the model stopped", () => {
    const cut =
      'Actions: [{"tag": "x", "name": "Files", "path": "wipe", "input": {"folder": "/tmp"}';
    assert.match(parseReactOutput(cut).error ?? "", /cut off/);
    assert.match(parseReactOutput(cut, { finishReason: "length" }).error ?? "", /cut off/);
    assert.deepEqual(parseReactOutput(cut, { finishReason: "stop" }).actions, [
      { tag: "x", name: "Files", path: "wipe", input: { folder: "/tmp" } },
    ]);
    assert.equal(parseReactOutput(cut, { readOnly: true }).actions.length, 1);
    // Cut inside a string or after a key is never closed.
    const inString =
      'Actions: [{"tag": "x", "name": "Files", "path": "wipe", "input": {"folder": "/tm';
    assert.match(parseReactOutput(inString, { finishReason: "stop" }).error ?? "", /cut off/);
  });
});

describe("prose runs nothing through the text protocol (Ollama textToolCalls)", () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startOllamaServer();
  });
  after(() => server.close());
  const tools = [
    {
      type: "function" as const,
      function: {
        name: "Files_wipe",
        description: "Deletes everything in a folder",
        parameters: { type: "object" as const, properties: { folder: { type: "string" } } },
      },
    },
  ];

  for (const { label, reply: text, format } of prose) {
    it(label, async () => {
      for (const textToolCalls of ["auto", format] as const) {
        const driver = new OllamaPromptDriver({
          model: "m",
          baseURL: server.origin,
          textToolCalls,
        });
        server.script(reply({ text }));
        const response = await driver.generate({
          messages: [{ role: "user", content: "go" }],
          tools,
        });
        assert.deepEqual(
          response.toolCalls,
          [],
          `${textToolCalls}: ${JSON.stringify(response.toolCalls)}`,
        );
        assert.equal(response.text, text);
      }
    });
  }
});

describe("agent.stream reads calls written as text as they stream (Ollama textToolCalls)", () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startOllamaServer();
  });
  after(() => server.close());

  it("starts the call when it is complete, streams the text without its markup, runs it once", async () => {
    const files = new Files();
    const call = '<tool_call>{"name": "Files_wipe", "arguments": {"folder": "/tmp"}}</tool_call>';
    server.script(reply({ text: `Wiping it.\n${call}` }), reply({ text: "All done." }));
    const driver = new OllamaPromptDriver({ model: "m", baseURL: server.origin });
    const events = [];
    for await (const event of new Agent({ driver, tools: [files] }).stream("go"))
      events.push(event);
    assert.deepEqual(files.runs, [{ folder: "/tmp" }]);
    const text = events.flatMap((event) => (event.type === "text-delta" ? [event.delta] : []));
    assert.equal(text.join(""), "Wiping it.All done.");
    const kinds = events.map((event) => event.type);
    assert.ok(kinds.indexOf("tool-input-start") < kinds.indexOf("tool-input-end"));
    assert.equal(kinds.filter((kind) => kind === "tool-input-start").length, 1);
  });

  it("runs nothing for the issue's prose replies", async () => {
    for (const { reply: text } of issueProse) {
      const files = new Files();
      server.script(reply({ text }));
      const driver = new OllamaPromptDriver({ model: "m", baseURL: server.origin });
      const events = [];
      for await (const event of new Agent({ driver, tools: [files] }).stream("go"))
        events.push(event);
      assert.deepEqual(files.runs, [], text);
      assert.ok(!events.some((event) => event.type === "tool-input-start"), text);
    }
  });
});
