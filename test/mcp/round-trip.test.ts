import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  AudioArtifact,
  BlobArtifact,
  ErrorArtifact,
  ImageArtifact,
  ImageUrlArtifact,
  JsonArtifact,
  ListArtifact,
  TextArtifact,
  Toolbox,
  UrlArtifact,
} from "../../src/index.js";
import { type McpServerHandle, McpTool, serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { CalculatorTool } from "../../src/tools.js";
import { DemoTool, MediaTool, png, ReportTool } from "./fixtures/demo-tools.js";

describe("round trip: McpTool ← MCP → serveMcp", () => {
  const calculator = new CalculatorTool();
  const toolbox = new Toolbox(
    [calculator, new DemoTool(), new MediaTool(), new ReportTool({ offPrompt: true })],
    { taskMemory: new TaskMemory() },
  );
  let server: McpServerHandle;
  let remote: McpTool;

  before(async () => {
    server = await serveMcp(toolbox, { transport: "http", token: "t0ken" });
    remote = await McpTool.connect(
      { url: String(server.url), headers: { Authorization: "Bearer t0ken" } },
      { name: "Remote" },
    );
  });
  after(async () => {
    await remote.close();
    await server.close();
    await calculator.close();
  });

  it("sees every tool of the served toolbox, with descriptions and annotations", () => {
    assert.deepEqual(
      remote.activities().map((activity) => activity.name),
      toolbox.toProviderTools("mcp").map((tool) => tool.name),
    );
    assert.equal(remote.activityDescription("DemoTool_echo"), "Echoes a message");
    assert.deepEqual(remote.findActivity("DemoTool_remove")?.annotations, { destructive: true });
    const served = toolbox.toProviderTools("mcp").find((tool) => tool.name === "DemoTool_echo");
    // The server names the dialect ($schema); the client reads it and keeps the schema without it.
    const { $schema, ...schema } = served?.inputSchema ?? {};
    assert.equal($schema, "https://json-schema.org/draft/2020-12/schema");
    assert.deepEqual(remote.activitySchema("DemoTool_echo"), schema);
  });

  it("brings every artifact kind back as the same kind", async () => {
    const text = await remote.run("CalculatorTool_calculate", { expression: "(3+4)*5" });
    assert.ok(text instanceof TextArtifact);
    assert.equal(text.value, "35");
    const json = await remote.run("DemoTool_weather", { city: "Rome" });
    assert.ok(json instanceof JsonArtifact);
    assert.deepEqual(json.value, { city: "Rome", temperature: 21 });
    const image = await remote.run("DemoTool_image", {});
    assert.ok(image instanceof ImageArtifact);
    assert.deepEqual(Buffer.from(image.value), png);
    const blob = await remote.run("DemoTool_pdf", {});
    assert.ok(blob instanceof BlobArtifact);
    assert.equal(blob.mimeType, "application/pdf");
    assert.equal(blob.toText(), "%PDF-1.4 fake");
    const list = await remote.run("DemoTool_captioned", {});
    assert.ok(list instanceof ListArtifact);
    assert.deepEqual(
      list.value.map((item) => item.type),
      ["TextArtifact", "ImageArtifact"],
    );
    const error = await remote.run("DemoTool_fail", {});
    assert.ok(error instanceof ErrorArtifact);
    assert.equal(error.value, "it broke");
    assert.equal(error.code, "mcp_tool_error");
  });

  it("brings audio back as audio, links as URL artifacts, a data: image as an image", async () => {
    const media = await remote.run("MediaTool_media", {});
    assert.ok(media instanceof ListArtifact);
    const [audio, link, imageLink, inline] = media.value;
    assert.ok(audio instanceof AudioArtifact);
    assert.equal(audio.format, "mp3");
    assert.equal(audio.mimeType, "audio/mpeg");
    assert.equal(Buffer.from(audio.value).toString(), "RIFF fake");
    assert.ok(link instanceof UrlArtifact);
    assert.equal(link.value, "https://example.com/report.pdf");
    assert.equal(link.name, "report");
    assert.ok(imageLink instanceof ImageUrlArtifact);
    assert.equal(imageLink.value, "https://example.com/cat.png");
    assert.equal(imageLink.name, "cat");
    assert.ok(inline instanceof ImageArtifact);
    assert.deepEqual(Buffer.from(inline.value), png);
  });

  it("brings a memory notice back with its resource link", async () => {
    const notice = await remote.run("ReportTool_report", { topic: "tides" });
    assert.ok(notice instanceof ListArtifact);
    const [text, link] = notice.value;
    assert.match(String(text?.toText()), /^Output of "ReportTool.report" was stored in memory/);
    assert.ok(link instanceof UrlArtifact);
    assert.match(link.value, /^toolwright:\/\/memory\/TaskMemory\//);
  });

  it("serves a toolbox holding an McpTool again (a proxy)", async () => {
    const proxy = await serveMcp(new Toolbox([remote]), { transport: "http" });
    const client = await McpTool.connect({ url: String(proxy.url) });
    const result = await client.run("Remote_DemoTool_echo", { message: "twice removed" });
    assert.equal(result.toText(), "twice removed");
    await client.close();
    await proxy.close();
  });
});

describe("an HTTP server that goes away mid-call", () => {
  it("gives an ErrorArtifact at once, not after the request timeout", async () => {
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const demo = new DemoTool({ onBeforeRun: () => started() });
    const server = await serveMcp(new Toolbox([demo]), { transport: "http" });
    const remote = await McpTool.connect({ url: String(server.url) }, { requestTimeoutMs: 30_000 });
    const pending = remote.run("DemoTool_wait", { ms: 60_000 });
    await running;
    await server.close();
    const result = await pending;
    assert.ok(result instanceof ErrorArtifact);
    // A closing toolwright server answers the calls in flight itself, saying why.
    assert.equal(result.code, "mcp_error");
    assert.match(
      result.value,
      /refused "DemoTool_wait": Server shutting down: the request was cancelled before it was answered/,
    );
    await remote.close();
  });
});
