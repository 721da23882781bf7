// A reply the provider cut off (issue 26, item 5): the Agent runs only whole calls, refuses the cut
// one, and tells the caller — through the mock driver on both protocols, and through every driver's
// SDK against a local server speaking its wire format.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { Agent, type AgentEvent, type AgentRunResult } from "../../src/agent.js";
import { AnthropicPromptDriver } from "../../src/anthropic.js";
import { GeminiPromptDriver } from "../../src/gemini.js";
import { activity, type PromptDriver, Tool } from "../../src/index.js";
import { OllamaPromptDriver } from "../../src/ollama.js";
import { OpenAIChatPromptDriver, OpenAIResponsesPromptDriver } from "../../src/openai.js";
import { MockPromptDriver } from "../../src/testing.js";
import { startAnthropicServer } from "../fixtures/provider-servers/anthropic-server.js";
import { startGeminiServer } from "../fixtures/provider-servers/gemini-server.js";
import { startOllamaServer } from "../fixtures/provider-servers/ollama-server.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { reply, type ScriptedToolCall } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";

/** The destructive activity: defaults that make a cut call run on input nobody sent. */
class WipeTool extends Tool {
  readonly wiped: unknown[] = [];

  @activity({
    description: "Deletes a folder's files",
    schema: z.object({
      folder: z.string(),
      exclude: z.array(z.string()).default([]),
      dry_run: z.boolean().default(false),
    }),
    annotations: { destructive: true },
  })
  wipe(input: unknown) {
    this.wiped.push(input);
    return "wiped";
  }
}

const whole = '{"folder":"/tmp/cache","exclude":[],"dry_run":true}';
// Cut after a whole value: the model was writing `"exclude":["keep.db"],"dry_run":true`.
const cut = '{"folder":"/srv/data/tmp"';

async function collect(agent: Agent, prompt: string) {
  const events: AgentEvent[] = [];
  for await (const event of agent.stream(prompt)) events.push(event);
  const finish = events.at(-1);
  assert.equal(finish?.type, "finish");
  return { events, result: (finish as Extract<AgentEvent, { type: "finish" }>).result };
}

const refusedText = (result: AgentRunResult, id: string) =>
  result.toolCalls.find((entry) => entry.call.id === id)?.result.artifact.toText() ?? "";

describe("Agent and a reply the provider cut off (mock driver)", () => {
  it("native: runs the whole call, refuses the cut one, and reports the cut", async () => {
    const tool = new WipeTool();
    const driver = new MockPromptDriver({
      responses: [
        {
          toolCalls: [
            { id: "c1", name: "WipeTool_wipe", arguments: whole },
            { id: "c2", name: "WipeTool_wipe", arguments: cut },
          ],
          finishReason: "length",
        },
        "Done.",
      ],
    });
    const { events, result } = await collect(new Agent({ driver, tools: [tool] }), "clean up");
    assert.deepEqual(tool.wiped, [{ folder: "/tmp/cache", exclude: [], dry_run: true }]);
    assert.match(
      refusedText(result, "c2"),
      /reply cut off \(finish reason "length"\).*send the whole call again/,
    );
    assert.deepEqual(result.cutOff, [1]);
    assert.deepEqual(
      events.filter((event) => event.type === "cut-off"),
      [{ type: "cut-off", step: 1, finishReason: "length" }],
    );
    assert.equal(result.output.toText(), "Done.");
  });

  it("native: the same arguments are closed when the model stopped on its own", async () => {
    const tool = new WipeTool();
    const driver = new MockPromptDriver({
      responses: [{ toolCalls: [{ id: "c1", name: "WipeTool_wipe", arguments: cut }] }, "Done."],
    });
    const result = await new Agent({ driver, tools: [tool] }).run("clean up");
    assert.deepEqual(tool.wiped, [{ folder: "/srv/data/tmp", exclude: [], dry_run: false }]);
    assert.deepEqual(result.cutOff, []);
  });

  it("native: arguments cut inside a string are refused whatever the finish reason", async () => {
    for (const finishReason of ["tool-calls", "stop", "length"] as const) {
      const tool = new WipeTool();
      const driver = new MockPromptDriver({
        responses: [
          {
            toolCalls: [{ id: "c1", name: "WipeTool_wipe", arguments: '{"folder":"/srv/a]}b' }],
            finishReason,
          },
          "Done.",
        ],
      });
      const result = await new Agent({ driver, tools: [tool] }).run("clean up");
      assert.deepEqual(tool.wiped, [], finishReason);
      assert.match(refusedText(result, "c1"), /inside a string/);
    }
  });

  it("ReAct: an action list cut off runs nothing", async () => {
    const tool = new WipeTool();
    const driver = new MockPromptDriver({
      responses: [
        {
          text: `Thought: wipe it\nActions: [{"tag": "b", "name": "WipeTool", "path": "wipe", "input": {"values": ${cut}`,
          finishReason: "length",
        },
        "Answer: stopped",
      ],
    });
    const result = await new Agent({ driver, tools: [tool], protocol: "react" }).run("clean");
    assert.deepEqual(tool.wiped, []);
    assert.deepEqual(result.cutOff, [1]);
    assert.equal(result.output.toText(), "stopped");
  });

  it("an answer cut off ends the run with it, marked; continueCutOff asks for the rest", async () => {
    const answer = () =>
      new MockPromptDriver({
        responses: [
          { text: "The three steps are: one, ", finishReason: "length" },
          (request) => {
            const last = request.messages.at(-1);
            assert.ok(last?.role === "user");
            assert.match(String(last.content), /cut off at the output token limit/);
            return "two, three.";
          },
        ],
      });
    const ended = await new Agent({ driver: answer() }).run("steps?");
    assert.equal(ended.output.toText(), "The three steps are: one, ");
    assert.deepEqual(ended.cutOff, [1]);
    const continued = await new Agent({ driver: answer(), continueCutOff: true }).run("steps?");
    assert.equal(continued.output.toText(), "The three steps are: one, two, three.");
    assert.deepEqual(continued.cutOff, [1]);
    assert.equal(continued.steps, 2);
  });
});

interface Provider {
  readonly name: string;
  /** The provider's own word for a reply cut at the token limit. */
  readonly cutWord: string;
  /** Whether its wire carries argument text, so a call's arguments can themselves be cut. */
  readonly textArguments: boolean;
  start(): Promise<ScriptedServer>;
  driver(origin: string): PromptDriver;
}

const providers: readonly Provider[] = [
  {
    name: "OpenAI Chat",
    cutWord: "length",
    textArguments: true,
    start: () => startOpenAIServer(),
    driver: (origin) =>
      new OpenAIChatPromptDriver({
        model: "m",
        apiKey: "k",
        baseURL: `${origin}/v1`,
        maxRetries: 0,
      }),
  },
  {
    name: "OpenAI Responses",
    cutWord: "incomplete",
    textArguments: true,
    start: () => startOpenAIServer(),
    driver: (origin) =>
      new OpenAIResponsesPromptDriver({
        model: "m",
        apiKey: "k",
        baseURL: `${origin}/v1`,
        maxRetries: 0,
      }),
  },
  {
    name: "Anthropic",
    cutWord: "max_tokens",
    textArguments: false,
    start: () => startAnthropicServer(),
    driver: (origin) =>
      new AnthropicPromptDriver({ model: "m", apiKey: "k", baseURL: origin, maxRetries: 0 }),
  },
  {
    name: "Gemini",
    cutWord: "MAX_TOKENS",
    textArguments: false,
    start: () => startGeminiServer(),
    driver: (origin) =>
      new GeminiPromptDriver({ model: "m", apiKey: "k", baseURL: origin, maxRetries: 0 }),
  },
  {
    name: "Ollama",
    cutWord: "length",
    textArguments: false,
    start: () => startOllamaServer(),
    driver: (origin) => new OllamaPromptDriver({ model: "m", baseURL: origin }),
  },
];

for (const provider of providers) {
  describe(`Agent and a cut-off reply through ${provider.name}`, () => {
    let server: ScriptedServer;
    before(async () => {
      server = await provider.start();
    });
    after(() => server.close());

    for (const streaming of [false, true]) {
      const mode = streaming ? "streamed" : "whole";
      it(`${mode}: runs a whole native call of a cut reply, refuses a cut one, reports the cut`, async () => {
        const tool = new WipeTool();
        const calls: ScriptedToolCall[] = [
          { id: "c1", name: "WipeTool_wipe", arguments: JSON.parse(whole) },
        ];
        if (provider.textArguments) {
          calls.push({ id: "c2", name: "WipeTool_wipe", arguments: {}, rawArguments: cut });
        }
        server.script(reply({ toolCalls: calls, finish: "length" }), reply({ text: "Done." }));
        const agent = new Agent({ driver: provider.driver(server.origin), tools: [tool] });
        const { events, result } = streaming
          ? await collect(agent, "clean up")
          : { events: [], result: await agent.run("clean up") };
        assert.deepEqual(tool.wiped, [{ folder: "/tmp/cache", exclude: [], dry_run: true }]);
        if (provider.textArguments)
          assert.match(refusedText(result, "c2"), /send the whole call again/);
        assert.deepEqual(result.cutOff, [1]);
        if (streaming) {
          const cutEvent = events.find((event) => event.type === "cut-off");
          assert.ok(cutEvent?.type === "cut-off");
          assert.equal(cutEvent.step, 1);
        }
      });

      it(`${mode}: an answer cut off is marked, with the provider's own word`, async () => {
        server.script(reply({ text: "The tide turns at", finish: "length" }));
        const agent = new Agent({ driver: provider.driver(server.origin) });
        const { events, result } = streaming
          ? await collect(agent, "when?")
          : { events: [], result: await agent.run("when?") };
        assert.equal(result.output.toText(), "The tide turns at");
        assert.deepEqual(result.cutOff, [1]);
        if (streaming) {
          const cutEvent = events.find((event) => event.type === "cut-off");
          assert.ok(cutEvent?.type === "cut-off");
          if (provider.cutWord !== "incomplete")
            assert.equal(cutEvent.finishReason, provider.cutWord);
        }
      });
    }
  });
}

describe("Ollama: calls written as text in a reply cut off", () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startOllamaServer();
  });
  after(() => server.close());

  it("keeps done_reason length (never tool-calls) and runs only the call its tags close", async () => {
    const tool = new WipeTool();
    server.script(
      reply({
        text: `<tool_call>{"name": "WipeTool_wipe", "arguments": ${whole}}</tool_call>\n<tool_call>{"name": "WipeTool_wipe", "arguments": ${cut}`,
        finish: "length",
      }),
      reply({ text: "Done." }),
    );
    const driver = new OllamaPromptDriver({ model: "m", baseURL: server.origin });
    const { events, result } = await collect(new Agent({ driver, tools: [tool] }), "clean up");
    const first = events.find((event) => event.type === "step-finish");
    assert.ok(first?.type === "step-finish");
    assert.equal(first.response.finishReason, "length");
    assert.deepEqual(result.cutOff, [1]);
    assert.ok(
      tool.wiped.every((input) => JSON.stringify(input) === JSON.stringify(JSON.parse(whole))),
      JSON.stringify(tool.wiped),
    );
  });
});
