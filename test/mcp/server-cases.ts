import assert from "node:assert/strict";
import { it } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { png } from "./fixtures/demo-tools.js";

type Content = { type: string; [key: string]: unknown };

function contentOf(result: unknown): Content[] {
  return (result as { content: Content[] }).content;
}

/**
 * What every transport must do the same way, checked with the SDK's own client: registered once per
 * transport by the stdio and HTTP test files.
 */
export function serverCases(client: () => Client): void {
  it("lists every enabled activity under its native name, with schema, annotations and title", async () => {
    const { tools } = await client().listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      [
        "DemoTool_echo",
        "DemoTool_weather",
        "DemoTool_numbers",
        "DemoTool_image",
        "DemoTool_pdf",
        "DemoTool_captioned",
        "DemoTool_fail",
        "DemoTool_remove",
        "DemoTool_wait",
        "ReportTool_report",
        "TaskMemoryTool_list_namespaces",
        "TaskMemoryTool_read",
        "TaskMemoryTool_search",
      ],
    );
    const echo = tools.find((tool) => tool.name === "DemoTool_echo");
    assert.equal(echo?.title, "DemoTool.echo");
    assert.equal(echo?.description, "Echoes a message");
    assert.deepEqual(echo?.annotations, { readOnlyHint: true, idempotentHint: true });
    assert.equal(echo?.inputSchema.type, "object");
    assert.deepEqual(echo?.inputSchema.required, ["message"]);
    const remove = tools.find((tool) => tool.name === "DemoTool_remove");
    assert.deepEqual(remove?.annotations, { destructiveHint: true });
  });

  it("runs a call and returns its text", async () => {
    const result = await client().callTool({
      name: "DemoTool_echo",
      arguments: { message: "hello" },
    });
    assert.deepEqual(result.content, [{ type: "text", text: "hello" }]);
    assert.equal(result.isError, undefined);
  });

  it("returns a JSON object as structuredContent plus its text; arrays as text only", async () => {
    const weather = await client().callTool({
      name: "DemoTool_weather",
      arguments: { city: "Oslo" },
    });
    assert.deepEqual(weather.structuredContent, { city: "Oslo", temperature: 21 });
    assert.deepEqual(weather.content, [{ type: "text", text: '{"city":"Oslo","temperature":21}' }]);
    const numbers = await client().callTool({ name: "DemoTool_numbers", arguments: {} });
    assert.equal(numbers.structuredContent, undefined);
    assert.deepEqual(numbers.content, [{ type: "text", text: "[1,2,3]" }]);
  });

  it("returns images as image content, blobs as embedded resources, lists block by block", async () => {
    const image = await client().callTool({ name: "DemoTool_image", arguments: {} });
    assert.deepEqual(image.content, [
      { type: "image", data: png.toString("base64"), mimeType: "image/png" },
    ]);
    const pdf = contentOf(await client().callTool({ name: "DemoTool_pdf", arguments: {} }));
    assert.deepEqual(pdf, [
      {
        type: "resource",
        resource: {
          uri: "toolwright://artifact/doc.pdf",
          mimeType: "application/pdf",
          blob: Buffer.from("%PDF-1.4 fake").toString("base64"),
        },
      },
    ]);
    const captioned = contentOf(
      await client().callTool({ name: "DemoTool_captioned", arguments: {} }),
    );
    assert.deepEqual(
      captioned.map((block) => block.type),
      ["text", "image"],
    );
  });

  it("turns an ErrorArtifact into an isError result", async () => {
    const result = await client().callTool({ name: "DemoTool_fail", arguments: {} });
    assert.equal(result.isError, true);
    assert.deepEqual(result.content, [{ type: "text", text: "it broke" }]);
  });

  it("answers invalid input with an isError result the model can fix, not a protocol error", async () => {
    const result = await client().callTool({ name: "DemoTool_remove", arguments: { id: "seven" } });
    assert.equal(result.isError, true);
    const [block] = contentOf(result);
    assert.match(String(block?.text), /Activity input JSON validation error: \$\.id: expected/);
    // The tolerant pipeline still repairs what it soundly can.
    const repaired = await client().callTool({ name: "DemoTool_remove", arguments: { id: "7" } });
    assert.deepEqual(repaired.content, [{ type: "text", text: "deleted 7" }]);
  });

  it("answers an unknown tool with a protocol error (-32602)", async () => {
    await assert.rejects(
      client().callTool({ name: "DemoTool_nope", arguments: {} }),
      (error: unknown) => error instanceof McpError && error.code === -32602,
    );
  });

  it("links off-prompt output as a resource_link and serves the memory namespace as a resource", async () => {
    const result = await client().callTool({
      name: "ReportTool_report",
      arguments: { topic: "dams" },
    });
    const [notice, link] = contentOf(result);
    assert.match(String(notice?.text), /^Output of "ReportTool.report" was stored in memory/);
    assert.equal(link?.type, "resource_link");
    assert.match(String(link?.uri), /^toolwright:\/\/memory\/TaskMemory\/[0-9a-f]{32}$/);
    const { resources } = await client().listResources();
    const listed = resources.find((resource) => resource.uri === link?.uri);
    assert.equal(listed?.mimeType, "text/plain");
    assert.equal(listed?.title, "ReportTool.report output");
    const read = await client().readResource({ uri: String(link?.uri) });
    const [contents] = read.contents as { text?: string; mimeType?: string }[];
    assert.match(String(contents?.text), /^Report on dams\. All is well\./);
    assert.equal(contents?.mimeType, "text/plain");
    const { resourceTemplates } = await client().listResourceTemplates();
    assert.equal(
      resourceTemplates[0]?.uriTemplate,
      "toolwright://memory/{memory_name}/{artifact_namespace}",
    );
    await assert.rejects(
      client().readResource({ uri: "toolwright://memory/TaskMemory/nope" }),
      // SEP-2164: -32602 on every revision (the SDK's ResourceNotFoundError), with the URI in `data`.
      (error: unknown) =>
        error instanceof McpError &&
        error.code === -32602 &&
        (error.data as { uri?: unknown } | undefined)?.uri ===
          "toolwright://memory/TaskMemory/nope",
    );
  });

  it("introduces itself with the name and version given", () => {
    assert.deepEqual(client().getServerVersion(), { name: "demo", version: "1.2.3" });
    assert.deepEqual(client().getServerCapabilities(), {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    });
  });
}
