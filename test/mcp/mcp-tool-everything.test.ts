import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  BlobArtifact,
  ErrorArtifact,
  ImageArtifact,
  JsonArtifact,
  ListArtifact,
  McpConfigError,
  TextArtifact,
  Toolbox,
  UrlArtifact,
} from "../../src/index.js";
import { McpTool } from "../../src/mcp.js";

const root = new URL("../..", import.meta.url).pathname;
/** server-everything from node_modules (a devDependency), started as a child process. */
const everything = {
  command: process.execPath,
  args: [`${root}node_modules/@modelcontextprotocol/server-everything/dist/index.js`, "stdio"],
};

describe("McpTool against @modelcontextprotocol/server-everything", () => {
  let tool: McpTool;
  before(async () => {
    tool = await McpTool.connect(everything);
  });
  after(async () => {
    await tool.close();
  });

  it("has one activity per server tool, named as the server names them", () => {
    const names = tool.activities().map((activity) => activity.name);
    for (const expected of [
      "echo",
      "get-sum",
      "get-structured-content",
      "get-tiny-image",
      "get-resource-links",
      "get-resource-reference",
      "trigger-long-running-operation",
    ]) {
      assert.ok(names.includes(expected), `missing ${expected} in ${names.join(", ")}`);
    }
    assert.equal(tool.name, "everything");
    assert.equal(tool.serverInfo.name, "mcp-servers/everything");
    assert.equal(tool.serverToolName("get-sum"), "get-sum");
  });

  it("takes the server's schemas as given and its hints as annotations", () => {
    const schema = tool.activitySchema("get-sum");
    assert.deepEqual(schema.required, ["a", "b"]);
    assert.deepEqual(schema.properties?.a, { type: "number", description: "First number" });
    assert.equal(schema.$schema, undefined);
    assert.equal(tool.activityDescription("get-sum"), "Returns the sum of two numbers");
    assert.deepEqual(tool.findActivity("get-sum")?.annotations, {
      readOnly: true,
      idempotent: true,
      openWorld: false,
    });
    const toggle = tool.findActivity("toggle-simulated-logging")?.annotations;
    assert.deepEqual(toggle, {
      readOnly: false,
      destructive: false,
      idempotent: false,
      openWorld: false,
    });
  });

  it("maps text, structured content, images and resources back to artifacts", async () => {
    const sum = await tool.run("get-sum", { a: 2, b: 3 });
    assert.ok(sum instanceof TextArtifact);
    assert.equal(sum.value, "The sum of 2 and 3 is 5.");

    const weather = await tool.run("get-structured-content", { location: "Chicago" });
    assert.ok(weather instanceof JsonArtifact);
    assert.deepEqual(Object.keys(weather.value as object).sort(), [
      "conditions",
      "humidity",
      "temperature",
    ]);

    const image = await tool.run("get-tiny-image", {});
    assert.ok(image instanceof ListArtifact);
    const picture = image.value.find((item) => item instanceof ImageArtifact);
    assert.ok(picture instanceof ImageArtifact);
    assert.equal(picture.mimeType, "image/png");
    assert.deepEqual([...picture.value.slice(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"

    const links = await tool.run("get-resource-links", { count: 2 });
    assert.ok(links instanceof ListArtifact);
    const link = links.value.find((item) => item instanceof UrlArtifact);
    assert.ok(link instanceof UrlArtifact);
    assert.match(link.value, /^demo:\/\/resource\//);
    assert.match(String((link.meta.resourceLink as { uri: string }).uri), /^demo:\/\/resource\//);

    const blob = await tool.run("get-resource-reference", { resourceType: "Blob", resourceId: 2 });
    assert.ok(blob instanceof ListArtifact);
    const embedded = blob.value.find((item) => item instanceof BlobArtifact);
    assert.ok(embedded instanceof BlobArtifact);
    assert.equal(embedded.name, "demo://resource/dynamic/blob/2");
    assert.match(embedded.toText(), /^Resource 2: This is a base64 blob/);
  });

  it("validates input before the server sees it, with the usual model-facing message", async () => {
    const result = await tool.run("get-sum", { a: "two", b: 3 });
    assert.ok(result instanceof ErrorArtifact);
    assert.equal(result.code, "invalid_input");
    assert.match(result.value, /\$\.a: expected number/);
  });

  it("gives up on a slow call at the tool's time limit with an ErrorArtifact", async () => {
    const result = await tool.run(
      "trigger-long-running-operation",
      { duration: 30, steps: 3 },
      { timeoutMs: 200 },
    );
    assert.ok(result instanceof ErrorArtifact);
    assert.equal(result.code, "timeout");
    // The connection survives a cancelled call.
    assert.equal((await tool.run("echo", { message: "after" })).toText(), "Echo: after");
  });

  it("joins a Toolbox under portable native names, valid for every provider", async () => {
    const toolbox = new Toolbox([tool]);
    assert.equal(toolbox.nativeName(tool, "get-sum"), "everything_get-sum");
    const openai = toolbox.toProviderTools("openai-chat", { strict: true });
    assert.ok(openai.length >= 10);
    const result = await toolbox.execute({
      name: "everything_get-sum",
      arguments: '{"a": 1, "b": 2,}',
    });
    assert.equal(result.artifact.toText(), "The sum of 1 and 2 is 3.");
    assert.deepEqual(
      result.repairs.map((repair) => repair.step),
      ["repair-json"],
    );
  });

  it("cannot be constructed without connect", () => {
    assert.throws(() => new McpTool({}), McpConfigError);
  });
});
