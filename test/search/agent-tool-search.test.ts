import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import { AnthropicPromptDriver } from "../../src/anthropic.js";
import { GeminiPromptDriver } from "../../src/gemini.js";
import { JsonArtifact, type PromptDriver, Toolbox } from "../../src/index.js";
import { OllamaPromptDriver } from "../../src/ollama.js";
import { OpenAIChatPromptDriver, OpenAIResponsesPromptDriver } from "../../src/openai.js";
import { MockPromptDriver } from "../../src/testing.js";
import { startAnthropicServer } from "../fixtures/provider-servers/anthropic-server.js";
import { startGeminiServer } from "../fixtures/provider-servers/gemini-server.js";
import { startOllamaServer } from "../fixtures/provider-servers/ollama-server.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { MailTool, MoneyTool, openPrefix, WeatherTool } from "./fixtures.js";

// The model's side of the loop: search, call what the search found, answer.
const script = [
  reply({
    toolCalls: [
      {
        id: "c1",
        name: "ToolSearchTool_search",
        arguments: { query: "weather forecast", limit: 1 },
      },
    ],
  }),
  reply({ toolCalls: [{ id: "c2", name: "WeatherTool_forecast", arguments: { city: "Rome" } }] }),
  reply({ text: "Sunny in Rome." }),
];

function deferringToolbox(): Toolbox {
  return new Toolbox([new WeatherTool(), new MoneyTool(), new MailTool()], {
    deferLoading: { alwaysLoaded: ["MoneyTool"] },
  });
}

const upfront = ["MoneyTool_convert", "ToolSearchTool_search"];

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

const cases: {
  name: string;
  start: () => Promise<ScriptedServer>;
  driver: (origin: string) => PromptDriver;
}[] = [
  {
    name: "OpenAI Chat Completions",
    start: () => startOpenAIServer(),
    driver: (origin) =>
      new OpenAIChatPromptDriver({ model: "m", apiKey: "sk-test", baseURL: `${origin}/v1` }),
  },
  {
    name: "OpenAI Responses",
    start: () => startOpenAIServer(),
    driver: (origin) =>
      new OpenAIResponsesPromptDriver({ model: "m", apiKey: "sk-test", baseURL: `${origin}/v1` }),
  },
  {
    name: "Gemini",
    start: () => startGeminiServer(),
    driver: (origin) => new GeminiPromptDriver({ model: "m", apiKey: "key", baseURL: origin }),
  },
  {
    name: "Ollama",
    start: () => startOllamaServer(),
    driver: (origin) => new OllamaPromptDriver({ model: "m", baseURL: origin }),
  },
];

describe("an agent finds, loads and calls a deferred tool", () => {
  for (const { name, start, driver } of cases) {
    it(`${name}: the search activity's result adds the tool to the next requests, after the others`, async () => {
      const server = await start();
      servers.push(server);
      server.script(...script);
      const result = await new Agent({
        driver: driver(server.origin),
        toolbox: deferringToolbox(),
      }).run("Weather in Rome?");
      assert.equal(result.status, "completed");
      assert.equal(result.output.toText(), "Sunny in Rome.");
      assert.equal(result.toolCalls[1]?.result.artifact.toText(), "sunny in Rome");
      const heard = server.requests.map((request) => request.heard.tools);
      assert.deepEqual(heard, [
        upfront,
        [...upfront, "WeatherTool_forecast"],
        [...upfront, "WeatherTool_forecast"],
      ]);
      const tools = server.requests.map((request) => (request.body as { tools: unknown }).tools);
      assert.ok(JSON.stringify(tools[1]).startsWith(openPrefix(tools[0])));
      assert.equal(JSON.stringify(tools[2]), JSON.stringify(tools[1]));
    });
  }

  it("Anthropic: every tool is sent each time, the deferred ones marked; the search result is tool_reference blocks", async () => {
    const server = await startAnthropicServer();
    servers.push(server);
    server.script(...script);
    const driver = new AnthropicPromptDriver({
      model: "m",
      apiKey: "sk-ant",
      baseURL: server.origin,
    });
    const result = await new Agent({ driver, toolbox: deferringToolbox() }).run("Weather in Rome?");
    assert.equal(result.output.toText(), "Sunny in Rome.");
    assert.equal(result.toolCalls[1]?.result.artifact.toText(), "sunny in Rome");
    const bodies = server.requests.map((request) => request.body as Record<string, unknown>);
    const sent = JSON.stringify(bodies[0]?.tools);
    assert.ok(bodies.every((body) => JSON.stringify(body.tools) === sent));
    assert.deepEqual(
      ((bodies[0]?.tools ?? []) as { name: string; defer_loading?: boolean }[]).map((tool) => [
        tool.name,
        tool.defer_loading === true,
      ]),
      [
        ["WeatherTool_forecast", true],
        ["WeatherTool_stormAlerts", true],
        ["MoneyTool_convert", false],
        ["MailTool_send", true],
        ["ToolSearchTool_search", false],
      ],
    );
    const messages = bodies[1]?.messages as { role: string; content: unknown }[];
    assert.deepEqual(messages.at(-1)?.content, [
      {
        type: "tool_result",
        tool_use_id: "c1",
        content: [{ type: "tool_reference", tool_name: "WeatherTool_forecast" }],
      },
    ]);
  });

  it("Anthropic: a search result naming a tool not sent as deferred stays text", async () => {
    const server = await startAnthropicServer();
    servers.push(server);
    server.script(reply({ text: "ok" }));
    const driver = new AnthropicPromptDriver({
      model: "m",
      apiKey: "sk-ant",
      baseURL: server.origin,
    });
    const artifact = new JsonArtifact(
      { tools: [{ name: "MoneyTool_convert", description: "Convert." }] },
      { meta: { toolReferences: ["MoneyTool_convert"] } },
    );
    await driver.generate({
      messages: [
        { role: "user", content: "Convert 5 EUR" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "c1", name: "ToolSearchTool_search", arguments: {} }],
        },
        { role: "tool", toolCallId: "c1", toolName: "ToolSearchTool_search", artifact },
      ],
      tools: deferringToolbox().toProviderTools("anthropic"),
    });
    const messages = server.lastBody().messages as { content: { content: unknown }[] }[];
    assert.equal(messages.at(-1)?.content[0]?.content, artifact.toText());
  });

  it("the mock driver: the same loop, requests recorded", async () => {
    const driver = new MockPromptDriver({
      responses: [
        {
          toolCalls: [
            { id: "c1", name: "ToolSearchTool_search", arguments: { query: "send an email" } },
          ],
        },
        {
          toolCalls: [{ id: "c2", name: "MailTool_send", arguments: { to: "a@b.c", body: "hi" } }],
        },
        "Sent.",
      ],
    });
    const result = await new Agent({ driver, toolbox: deferringToolbox() }).run("Mail a@b.c");
    assert.equal(result.output.toText(), "Sent.");
    assert.equal(result.toolCalls[1]?.result.artifact.toText(), "sent to a@b.c");
    const sent = driver.requests.map((request) =>
      (request.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
    );
    assert.deepEqual(sent, [upfront, [...upfront, "MailTool_send"], [...upfront, "MailTool_send"]]);
  });
});
