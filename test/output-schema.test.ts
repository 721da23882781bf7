import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { ActivityConfigError, activity, ErrorArtifact, Tool, Toolbox } from "../src/index.js";
import { serveMcp } from "../src/mcp.js";

class Weather extends Tool {
  @activity({
    description: "The weather in a city",
    schema: z.object({ city: z.string() }),
    outputSchema: z.object({ city: z.string(), celsius: z.number() }),
  })
  forecast({ city }: { city: string }) {
    if (city === "Atlantis") return { city, celsius: "warm" };
    if (city === "Nowhere") return "no data";
    return { city, celsius: 21 };
  }
}

describe("outputSchema", () => {
  const toolbox = new Toolbox([new Weather()]);

  it("checks every result that is not an error: a mismatch is invalid_output", async () => {
    const good = await toolbox.execute({ name: "Weather_forecast", arguments: { city: "Lyon" } });
    assert.deepEqual(good.artifact.value, { city: "Lyon", celsius: 21 });
    const wrong = await toolbox.execute({
      name: "Weather_forecast",
      arguments: { city: "Atlantis" },
    });
    assert.ok(wrong.artifact instanceof ErrorArtifact);
    assert.equal(wrong.artifact.code, "invalid_output");
    assert.match(wrong.artifact.value, /output does not match its outputSchema: \$\.celsius/);
    const text = await toolbox.execute({
      name: "Weather_forecast",
      arguments: { city: "Nowhere" },
    });
    assert.ok(text.artifact instanceof ErrorArtifact);
    assert.match(
      text.artifact.value,
      /returned InfoArtifact, not the object its outputSchema describes/,
    );
  });

  it("refuses an outputSchema that is not an object schema", () => {
    assert.throws(
      () => {
        class Bad extends Tool {
          @activity({ description: "d", outputSchema: z.string() as never })
          go() {
            return "";
          }
        }
        return Bad;
      },
      (error: unknown) => ActivityConfigError.isInstance(error) && error.key === "outputSchema",
    );
  });

  it("reaches MCP clients as the tool's outputSchema, the result as structuredContent", async () => {
    const server = await serveMcp(toolbox, { transport: "http" });
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(String(server.url))));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools[0]?.outputSchema, {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { city: { type: "string" }, celsius: { type: "number" } },
        required: ["city", "celsius"],
        additionalProperties: false,
      });
      // The SDK's client checks structuredContent against the outputSchema it listed.
      const result = await client.callTool({
        name: "Weather_forecast",
        arguments: { city: "Oslo" },
      });
      assert.deepEqual(result.structuredContent, { city: "Oslo", celsius: 21 });
      const failed = await client.callTool({
        name: "Weather_forecast",
        arguments: { city: "Atlantis" },
      });
      assert.equal(failed.isError, true);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
