import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Agent } from "../../src/agent.js";
import { Toolbox } from "../../src/index.js";
import { type McpServerHandle, McpTool, serveMcp } from "../../src/mcp.js";
import { MockPromptDriver } from "../../src/testing.js";
import { MailTool, MoneyTool, WeatherTool } from "./fixtures.js";

const token = "t0ken";

describe("serveMcp with deferred loading", () => {
  let server: McpServerHandle;
  let client: Client;
  before(async () => {
    const toolbox = new Toolbox([new WeatherTool(), new MoneyTool(), new MailTool()], {
      deferLoading: { alwaysLoaded: ["MoneyTool"] },
    });
    server = await serveMcp(toolbox, { transport: "http", token });
    client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(String(server.url)), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it("lists the always-loaded tools and the search; a search lists what it found and says so", async () => {
    assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: true });
    const listed = async () => (await client.listTools()).tools.map((tool) => tool.name);
    assert.deepEqual(await listed(), ["MoneyTool_convert", "ToolSearchTool_search"]);
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const found = await client.callTool({
      name: "ToolSearchTool_search",
      arguments: { query: "weather forecast", limit: 1 },
    });
    assert.deepEqual(found.structuredContent, {
      tools: [{ name: "WeatherTool_forecast", description: "Daily weather forecast." }],
    });
    await changed;
    assert.deepEqual(await listed(), [
      "MoneyTool_convert",
      "ToolSearchTool_search",
      "WeatherTool_forecast",
    ]);
    const ran = await client.callTool({
      name: "WeatherTool_forecast",
      arguments: { city: "Rome" },
    });
    assert.deepEqual(ran.content, [{ type: "text", text: "sunny in Rome" }]);
  });
});

describe("several MCP servers behind one searchable, deferring toolbox", () => {
  const servers: McpServerHandle[] = [];
  const remotes: McpTool[] = [];
  before(async () => {
    for (const tools of [[new WeatherTool()], [new MailTool(), new MoneyTool()]]) {
      const server = await serveMcp(new Toolbox(tools), { transport: "http", token });
      servers.push(server);
    }
    for (const [index, server] of servers.entries()) {
      remotes.push(
        await McpTool.connect(
          { url: String(server.url), headers: { Authorization: `Bearer ${token}` } },
          { name: index === 0 ? "Weather" : "Office" },
        ),
      );
    }
  });
  after(async () => {
    for (const remote of remotes) await remote.close();
    for (const server of servers) await server.close();
  });

  it("searches every server's tools, and an agent loads and calls the one it found", async () => {
    const toolbox = new Toolbox(remotes, { deferLoading: true });
    assert.deepEqual(
      (await toolbox.search("send an email to a recipient")).map((hit) => hit.name)[0],
      "Office_MailTool_send",
    );
    const driver = new MockPromptDriver({
      responses: [
        {
          toolCalls: [
            { id: "c1", name: "ToolSearchTool_search", arguments: { query: "storm warnings" } },
          ],
        },
        {
          toolCalls: [
            { id: "c2", name: "Weather_WeatherTool_stormAlerts", arguments: { region: "north" } },
          ],
        },
        "No storms.",
      ],
    });
    const result = await new Agent({ driver, toolbox }).run("Any storms?");
    assert.equal(result.output.toText(), "No storms.");
    assert.equal(result.toolCalls[1]?.result.artifact.toText(), "none");
    const sent = driver.requests.map((request) =>
      (request.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
    );
    assert.deepEqual(sent[0], ["ToolSearchTool_search"]);
    assert.equal(sent[1]?.[0], "ToolSearchTool_search");
    assert.ok(sent[1]?.includes("Weather_WeatherTool_stormAlerts"));
  });
});
