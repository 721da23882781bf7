import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Dialect, type DialectOptions, Toolbox, ToolboxError } from "../../src/index.js";
import { MailTool, MoneyTool, openPrefix, WeatherTool } from "./fixtures.js";

function names(tools: readonly unknown[]): string[] {
  return tools.flatMap((tool) => {
    const record = tool as {
      name?: string;
      function?: { name: string };
      functionDeclarations?: { name: string }[];
    };
    if (record.functionDeclarations !== undefined)
      return record.functionDeclarations.map((d) => d.name);
    return [record.function?.name ?? record.name ?? "?"];
  });
}

describe("toolbox.search", () => {
  it("ranks enabled activities by name words, description and parameters, best first", async () => {
    const toolbox = new Toolbox([new WeatherTool(), new MoneyTool(), new MailTool()]);
    const hits = await toolbox.search("is there a storm warning");
    assert.equal(hits[0]?.name, "WeatherTool_stormAlerts");
    assert.equal(hits[0]?.tool, toolbox.tool("WeatherTool"));
    assert.equal(hits[0]?.activity.name, "stormAlerts");
    assert.ok((hits[0]?.score ?? 0) > 0);
    assert.equal((await toolbox.search("recipient address"))[0]?.name, "MailTool_send");
    assert.equal((await toolbox.search("USD to EUR"))[0]?.name, "MoneyTool_convert");
    assert.deepEqual(await toolbox.search("nothing like this"), []);
    assert.equal((await toolbox.search("weather storm city", { limit: 1 })).length, 1);
  });

  it("never returns a disabled or removed activity, and finds tools added later", async () => {
    const weather = new WeatherTool();
    const toolbox = new Toolbox([weather]);
    assert.equal((await toolbox.search("storm"))[0]?.name, "WeatherTool_stormAlerts");
    weather.denylist = ["stormAlerts"];
    assert.deepEqual(
      (await toolbox.search("storm warnings weather")).map((hit) => hit.name),
      ["WeatherTool_forecast"],
    );
    weather.denylist = undefined;
    toolbox.add(new MailTool());
    assert.equal((await toolbox.search("storm"))[0]?.name, "WeatherTool_stormAlerts");
    assert.equal((await toolbox.search("email"))[0]?.name, "MailTool_send");
  });

  it("refuses a query that is not a string and a bad limit", async () => {
    const toolbox = new Toolbox([new WeatherTool()]);
    assert.throws(() => toolbox.search(42 as never), ToolboxError);
    assert.throws(() => toolbox.search("x", { limit: 0 }), /"limit" must be/);
    assert.throws(() => toolbox.search("x", { top: 3 } as never), /top/);
  });
});

describe("deferLoading", () => {
  it("checks the option", () => {
    assert.throws(() => new Toolbox([], { deferLoading: "all" as never }), ToolboxError);
    assert.throws(
      () => new Toolbox([], { deferLoading: { alwaysLoaded: [1] } as never }),
      /deferLoading/,
    );
    assert.throws(
      () => new Toolbox([], { search: { weights: { name: -1 } } }),
      /search\.weights\.name/,
    );
    assert.throws(() => new Toolbox([], { search: { embed: "x" as never } }), /search\.embed/);
    assert.throws(
      () => new Toolbox([], { search: { lexicalWeight: 1.5 } }),
      /search\.lexicalWeight.*a number from 0 to 1/,
    );
    assert.throws(() => new Toolbox([], { search: { fusion: "rrf" as never } }), /search\.fusion/);
  });

  it("sends the search activity and the always-loaded ones; a search appends what it found, the prefix unchanged", async () => {
    const dialects: [Dialect, DialectOptions][] = [
      ["openai-chat", {}],
      ["openai-chat", { strict: true }],
      ["openai-responses", {}],
      ["gemini", {}],
      ["ollama", {}],
      ["mcp", {}],
      ["json-schema", {}],
    ];
    for (const [dialect, options] of dialects) {
      const toolbox = new Toolbox([new WeatherTool(), new MoneyTool(), new MailTool()], {
        deferLoading: { alwaysLoaded: ["MoneyTool"] },
      });
      const before = toolbox.toProviderTools(dialect, options) as unknown[];
      assert.deepEqual(names(before), ["MoneyTool_convert", "ToolSearchTool_search"], dialect);
      const found = await toolbox.execute({
        name: "ToolSearchTool_search",
        arguments: { query: "weather forecast for a city", limit: 1 },
      });
      assert.deepEqual(found.artifact.value, {
        tools: [{ name: "WeatherTool_forecast", description: "Daily weather forecast." }],
      });
      const after = toolbox.toProviderTools(dialect, options) as unknown[];
      assert.deepEqual(
        names(after),
        ["MoneyTool_convert", "ToolSearchTool_search", "WeatherTool_forecast"],
        dialect,
      );
      // The cached prefix: everything before the first added tool is byte for byte the same.
      assert.ok(JSON.stringify(after).startsWith(openPrefix(before)), dialect);
      await toolbox.execute({
        name: "ToolSearchTool_search",
        arguments: { query: "send an email about storm warnings" },
      });
      const later = toolbox.toProviderTools(dialect, options) as unknown[];
      assert.deepEqual(
        names(later).slice(3),
        ["MailTool_send", "WeatherTool_stormAlerts"],
        dialect,
      );
      assert.ok(JSON.stringify(later).startsWith(openPrefix(after)), dialect);
      // The same request again is the cached value.
      assert.equal(toolbox.toProviderTools(dialect, options), later);
    }
  });

  it("sends Anthropic every tool, the deferred ones marked, and the list never changes", async () => {
    const toolbox = new Toolbox([new WeatherTool(), new MoneyTool()], {
      deferLoading: (activity) => activity.tool.name === "WeatherTool",
    });
    const before = toolbox.toProviderTools("anthropic");
    assert.deepEqual(
      before.map((tool) => [tool.name, tool.defer_loading === true]),
      [
        ["WeatherTool_forecast", true],
        ["WeatherTool_stormAlerts", true],
        ["MoneyTool_convert", false],
        ["ToolSearchTool_search", false],
      ],
    );
    const found = await toolbox.execute({
      name: "ToolSearchTool_search",
      arguments: { query: "weather storm" },
    });
    assert.deepEqual(found.artifact.meta.toolReferences, [
      "WeatherTool_stormAlerts",
      "WeatherTool_forecast",
    ]);
    assert.equal(toolbox.toProviderTools("anthropic"), before);
  });

  it("searches only deferred activities from the search tool, never itself, and finds nothing disabled", async () => {
    const weather = new WeatherTool();
    const toolbox = new Toolbox([weather, new MoneyTool()], {
      deferLoading: { alwaysLoaded: ["MoneyTool_convert"] },
    });
    weather.allowlist = ["forecast"];
    const found = await toolbox.execute({
      name: "ToolSearchTool_search",
      arguments: { query: "convert currency amount weather storm alerts search tools" },
    });
    assert.deepEqual(
      (found.artifact.value as { tools: { name: string }[] }).tools.map((tool) => tool.name),
      ["WeatherTool_forecast"],
    );
    // toolbox.search sees every enabled activity but the search tool itself.
    assert.deepEqual(
      (await toolbox.search("search for more tools convert")).map((hit) => hit.name),
      ["MoneyTool_convert"],
    );
  });

  it("runs a deferred activity the model calls before finding it (its schema still validates)", async () => {
    const toolbox = new Toolbox([new WeatherTool()], { deferLoading: true });
    const ran = await toolbox.execute(
      { name: "WeatherTool_forecast", arguments: { city: "Oslo" } },
      { dialect: "openai-chat" },
    );
    assert.equal(ran.artifact.toText(), "sunny in Oslo");
    const refused = await toolbox.execute({ name: "WeatherTool_forecast", arguments: {} });
    assert.equal(refused.artifact.type, "ErrorArtifact");
  });
});
