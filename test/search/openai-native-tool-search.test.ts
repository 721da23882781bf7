import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import { ErrorArtifact, JsonArtifact, Toolbox } from "../../src/index.js";
import { OpenAIResponsesPromptDriver } from "../../src/openai.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { MailTool, MoneyTool, WeatherTool } from "./fixtures.js";

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

function deferringToolbox(): Toolbox {
  return new Toolbox([new WeatherTool(), new MoneyTool(), new MailTool()], {
    deferLoading: { alwaysLoaded: ["MoneyTool"] },
  });
}

async function responsesServer(): Promise<{
  server: ScriptedServer;
  driver: OpenAIResponsesPromptDriver;
}> {
  const server = await startOpenAIServer();
  servers.push(server);
  const driver = new OpenAIResponsesPromptDriver({
    model: "m",
    apiKey: "sk-test",
    baseURL: `${server.origin}/v1`,
  });
  return { server, driver };
}

type Item = Record<string, unknown>;

describe('OpenAI Responses with toolSearch: "native"', () => {
  it("renders the loaded functions, the client tool_search, then one namespace per tool of deferred functions", () => {
    const tools = deferringToolbox().toProviderTools("openai-responses", { toolSearch: "native" });
    assert.deepEqual(
      tools.map((tool) =>
        tool.type === "namespace"
          ? [tool.type, tool.name, tool.tools.map((fn) => [fn.name, fn.defer_loading])]
          : [tool.type, tool.name],
      ),
      [
        ["function", "MoneyTool_convert"],
        ["tool_search", "ToolSearchTool_search"],
        [
          "namespace",
          "WeatherTool",
          [
            ["WeatherTool_forecast", true],
            ["WeatherTool_stormAlerts", true],
          ],
        ],
        ["namespace", "MailTool", [["MailTool_send", true]]],
      ],
    );
    const weather = tools.find((tool) => tool.name === "WeatherTool");
    assert.ok(weather?.type === "namespace");
    assert.match(weather.description, /^forecast: .+; stormAlerts: /);
  });

  it("a toolbox that defers nothing renders plain functions", () => {
    const toolbox = new Toolbox([new WeatherTool()]);
    const tools = toolbox.toProviderTools("openai-responses", { toolSearch: "native" });
    assert.deepEqual(
      tools.map((tool) => tool.type),
      ["function", "function"],
    );
  });

  it("an agent searches through tool_search, the output loads the namespace's function, the model calls it; the tools never change", async () => {
    const { server, driver } = await responsesServer();
    server.script(
      reply({
        toolCalls: [
          { id: "c1", name: "tool_search", arguments: { query: "weather forecast", limit: 1 } },
        ],
      }),
      reply({
        toolCalls: [{ id: "c2", name: "WeatherTool_forecast", arguments: { city: "Rome" } }],
      }),
      reply({ text: "Sunny in Rome." }),
    );
    const result = await new Agent({
      driver,
      toolbox: deferringToolbox(),
      dialectOptions: { toolSearch: "native" },
    }).run("Weather in Rome?");
    assert.equal(result.status, "completed");
    assert.equal(result.output.toText(), "Sunny in Rome.");
    assert.equal(result.toolCalls[0]?.call.name, "ToolSearchTool_search");
    assert.equal(result.toolCalls[1]?.result.artifact.toText(), "sunny in Rome");
    const bodies = server.requests.map((request) => request.body as Item);
    const sent = JSON.stringify(bodies[0]?.tools);
    assert.ok(bodies.every((body) => JSON.stringify(body.tools) === sent));
    const search = ((bodies[0]?.tools ?? []) as Item[]).find((tool) => tool.type === "tool_search");
    assert.deepEqual(Object.keys(search ?? {}).sort(), [
      "description",
      "execution",
      "parameters",
      "type",
    ]);
    const input = bodies[2]?.input as Item[];
    const call = input.find((item) => item.type === "tool_search_call");
    assert.deepEqual(call, {
      type: "tool_search_call",
      call_id: "c1",
      execution: "client",
      status: "completed",
      arguments: { query: "weather forecast", limit: 1 },
    });
    const output = input.find((item) => item.type === "tool_search_output");
    assert.deepEqual(
      ((output?.tools ?? []) as Item[]).map((tool) => [
        tool.name,
        (tool.tools as Item[]).map((fn) => fn.name),
      ]),
      [["WeatherTool", ["WeatherTool_forecast"]]],
    );
    const forecast = input.find((item) => item.type === "function_call");
    assert.equal(forecast?.namespace, "WeatherTool");
  });

  it("a failed search loads nothing: its output holds no tools", async () => {
    const { server, driver } = await responsesServer();
    server.script(reply({ text: "ok" }));
    const failed = new ErrorArtifact("query must not be empty");
    await driver.generate({
      messages: [
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "c1", name: "ToolSearchTool_search", arguments: { query: "" } }],
        },
        { role: "tool", toolCallId: "c1", toolName: "ToolSearchTool_search", artifact: failed },
      ],
      tools: deferringToolbox().toProviderTools("openai-responses", { toolSearch: "native" }),
    });
    const input = server.lastBody().input as Item[];
    assert.deepEqual(input.at(-1), {
      type: "tool_search_output",
      call_id: "c1",
      execution: "client",
      status: "completed",
      tools: [],
    });
  });

  it("a result naming a function the request does not defer loads only the deferred ones", async () => {
    const { server, driver } = await responsesServer();
    server.script(reply({ text: "ok" }));
    const artifact = new JsonArtifact(
      { tools: [] },
      { meta: { toolReferences: ["MoneyTool_convert", "MailTool_send", "Nope_x"] } },
    );
    await driver.generate({
      messages: [
        { role: "user", content: "Mail" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "c1", name: "ToolSearchTool_search", arguments: { query: "mail" } }],
        },
        { role: "tool", toolCallId: "c1", toolName: "ToolSearchTool_search", artifact },
      ],
      tools: deferringToolbox().toProviderTools("openai-responses", { toolSearch: "native" }),
    });
    const output = (server.lastBody().input as Item[]).at(-1);
    assert.deepEqual(
      ((output?.tools ?? []) as Item[]).map((tool) => [
        tool.name,
        (tool.tools as Item[]).map((fn) => fn.name),
      ]),
      [["MailTool", ["MailTool_send"]]],
    );
  });
});
