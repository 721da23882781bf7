import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  AudioArtifact,
  BooleanArtifact,
  ErrorArtifact,
  ImageArtifact,
  ImageUrlArtifact,
  InfoArtifact,
  JsonArtifact,
  ListArtifact,
  TextArtifact,
  UrlArtifact,
} from "../../src/index.js";
import { fromCallToolResult, type McpCallResult } from "../../src/mcp/from-mcp-result.js";
import {
  bearerMatches,
  defaultAllowedHosts,
  hostAllowed,
  originAllowed,
} from "../../src/mcp/http-guards.js";
import { activityNames } from "../../src/mcp/mcp-activities.js";
import { memoryUri, parseMemoryUri } from "../../src/mcp/memory-uri.js";
import { toCallToolResult } from "../../src/mcp.js";

describe("artifacts → MCP results", () => {
  it("text-like artifacts become one text block", () => {
    assert.deepEqual(toCallToolResult(new TextArtifact("hi")), {
      content: [{ type: "text", text: "hi" }],
    });
    assert.deepEqual(toCallToolResult(new BooleanArtifact(true)), {
      content: [{ type: "text", text: "true" }],
    });
  });

  it("a JSON object adds structuredContent; other JSON values do not", () => {
    assert.deepEqual(toCallToolResult(new JsonArtifact({ a: [1] })), {
      content: [{ type: "text", text: '{"a":[1]}' }],
      structuredContent: { a: [1] },
    });
    assert.equal(toCallToolResult(new JsonArtifact([1])).structuredContent, undefined);
    assert.equal(toCallToolResult(new JsonArtifact(null)).structuredContent, undefined);
  });

  it("an ErrorArtifact sets isError", () => {
    assert.deepEqual(toCallToolResult(new ErrorArtifact("nope", { code: "x" })), {
      content: [{ type: "text", text: "nope" }],
      isError: true,
    });
  });

  it("a notice carrying memory references adds a resource_link per reference", () => {
    const notice = new InfoArtifact("stored", {
      meta: {
        memoryReferences: [
          { memory_name: "Research Notes", artifact_namespace: "ns/1" },
          { memory_name: "TaskMemory", artifact_namespace: "n2" },
        ],
      },
    });
    const { content } = toCallToolResult(notice);
    assert.equal(content.length, 3);
    assert.deepEqual(content[1], {
      type: "resource_link",
      uri: "toolwright://memory/Research%20Notes/ns%2F1",
      name: "ns/1",
      title: "Research Notes / ns/1",
      description: 'Tool output stored in task memory "Research Notes"',
      mimeType: "text/plain",
    });
  });

  it("audio becomes an audio block, URLs resource_links, a data: image an image block (SDK-valid)", () => {
    const result = toCallToolResult(
      new ListArtifact([
        new AudioArtifact(new Uint8Array([1, 2]), { format: "mp3" }),
        new UrlArtifact("https://example.com/a.pdf", { name: "a" }),
        new ImageUrlArtifact("https://example.com/b.JPG?x=1", { name: "b" }),
        new ImageUrlArtifact("https://example.com/c", { name: "c" }),
        new ImageUrlArtifact("data:image/png;base64,AQ=="),
      ]),
    );
    assert.deepEqual(CallToolResultSchema.parse(result), result);
    assert.deepEqual(result.content, [
      { type: "audio", data: "AQI=", mimeType: "audio/mpeg" },
      { type: "resource_link", uri: "https://example.com/a.pdf", name: "a" },
      {
        type: "resource_link",
        uri: "https://example.com/b.JPG?x=1",
        name: "b",
        mimeType: "image/jpeg",
      },
      { type: "resource_link", uri: "https://example.com/c", name: "c" },
      { type: "image", data: "AQ==", mimeType: "image/png" },
    ]);
    const back = fromCallToolResult(result as McpCallResult);
    assert.ok(back instanceof ListArtifact);
    assert.deepEqual(
      back.value.map((item) => item.type),
      ["AudioArtifact", "UrlArtifact", "ImageUrlArtifact", "UrlArtifact", "ImageArtifact"],
    );
  });

  it("nested lists flatten to their blocks", () => {
    const list = new ListArtifact([
      new TextArtifact("a"),
      new ListArtifact([
        new TextArtifact("b"),
        new ImageArtifact(new Uint8Array([1]), { format: "jpg" }),
      ]),
    ]);
    assert.deepEqual(toCallToolResult(list).content, [
      { type: "text", text: "a" },
      { type: "text", text: "b" },
      { type: "image", data: "AQ==", mimeType: "image/jpeg" },
    ]);
  });
});

describe("MCP results → artifacts", () => {
  it("maps single blocks to single artifacts and several to a list", () => {
    const text = fromCallToolResult({ content: [{ type: "text", text: "x" }] });
    assert.ok(text instanceof TextArtifact);
    const audio = fromCallToolResult({
      content: [{ type: "audio", data: "AQI=", mimeType: "audio/wav" }],
    });
    assert.ok(audio instanceof AudioArtifact);
    assert.equal(audio.mimeType, "audio/wav");
    assert.equal(audio.format, "wav");
    assert.deepEqual([...audio.value], [1, 2]);
    const list = fromCallToolResult({
      content: [
        { type: "text", text: "x" },
        { type: "image", data: "AQ==", mimeType: "image/webp" },
      ],
    });
    assert.ok(list instanceof ListArtifact);
    assert.equal((list.value[1] as ImageArtifact).format, "webp");
  });

  it("structuredContent wins over the text blocks that render it", () => {
    const result = fromCallToolResult({
      content: [{ type: "text", text: "it is 21 degrees" }],
      structuredContent: { temperature: 21 },
    });
    assert.ok(result instanceof JsonArtifact);
    assert.deepEqual(result.value, { temperature: 21 });
  });

  it("isError joins the text into an ErrorArtifact", () => {
    const error = fromCallToolResult({
      isError: true,
      content: [
        { type: "text", text: "first" },
        { type: "text", text: "second" },
      ],
    });
    assert.ok(error instanceof ErrorArtifact);
    assert.equal(error.value, "first\nsecond");
    assert.equal(error.code, "mcp_tool_error");
    const bare = fromCallToolResult({ isError: true, content: [] });
    assert.equal(bare.toText(), "the MCP tool reported an error");
  });

  it("empty content is the usual empty-value notice; an old toolResult is coerced", () => {
    assert.equal(fromCallToolResult({ content: [] }).toText(), "Tool returned an empty value");
    const legacy = fromCallToolResult({ toolResult: { ok: true } });
    assert.ok(legacy instanceof JsonArtifact);
  });

  it("resource links become URL artifacts; a URI that is no URL stays a notice", () => {
    const link = fromCallToolResult({
      content: [{ type: "resource_link", uri: "file:///tmp/a.txt", name: "a", description: "A" }],
    });
    assert.ok(link instanceof UrlArtifact);
    assert.deepEqual([link.value, link.name], ["file:///tmp/a.txt", "a"]);
    assert.equal((link.meta.resourceLink as { description: string }).description, "A");
    const odd = fromCallToolResult({
      content: [{ type: "resource_link", uri: "a.txt", name: "a" }],
    });
    assert.ok(odd instanceof InfoArtifact);
    assert.equal(odd.value, 'Resource "a" at a.txt');
  });

  it("embedded text resources keep their URI as name", () => {
    const embedded = fromCallToolResult({
      content: [{ type: "resource", resource: { uri: "file:///a.md", text: "# A" } }],
    });
    assert.ok(embedded instanceof TextArtifact);
    assert.equal(embedded.name, "file:///a.md");
    assert.deepEqual(embedded.meta, { uri: "file:///a.md" });
  });
});

describe("memory URIs", () => {
  it("round-trip any memory and namespace name", () => {
    const reference = { memory_name: "Notes / 2024", artifact_namespace: "a?b#c" };
    assert.deepEqual(parseMemoryUri(memoryUri(reference)), reference);
    assert.equal(parseMemoryUri("toolwright://memory/only-one"), undefined);
    assert.equal(parseMemoryUri("file:///x"), undefined);
    assert.equal(parseMemoryUri("toolwright://memory/%E0%A4%A/x"), undefined);
  });
});

describe("server tool names → activity names", () => {
  it("keeps good names, rewrites the rest with a hash when needed, and never collides", () => {
    const long = "x".repeat(130);
    const names = activityNames(["get-sum", "get weather?", "a/b", "a_b", long, "ünï.cödé"]);
    assert.equal(names[0], "get-sum");
    assert.equal(names[1], "get_weather_");
    assert.match(String(names[2]), /^a_b_[0-9a-f]{8}$/);
    assert.equal(names[3], "a_b");
    assert.match(String(names[4]), /^x{119}_[0-9a-f]{8}$/);
    assert.equal(names[5], "ünï.cödé");
    assert.equal(new Set(names).size, names.length);
  });
});

describe("HTTP guards", () => {
  const allowed = defaultAllowedHosts("127.0.0.1");

  it("checks the Host header's name, whatever the port", () => {
    assert.ok(hostAllowed("127.0.0.1:3000", allowed));
    assert.ok(hostAllowed("LOCALHOST:1", allowed));
    assert.ok(hostAllowed("[::1]:8080", allowed));
    assert.ok(!hostAllowed("evil.example:3000", allowed));
    assert.ok(!hostAllowed("127.0.0.1.evil.example", allowed));
    assert.ok(!hostAllowed(undefined, allowed));
    assert.ok(!hostAllowed("bad host", allowed));
    assert.deepEqual(defaultAllowedHosts("0.0.0.0"), ["127.0.0.1", "localhost", "[::1]"]);
    assert.ok(defaultAllowedHosts("::1").includes("[::1]"));
    assert.ok(defaultAllowedHosts("mybox.lan").includes("mybox.lan"));
  });

  it("lets requests without Origin pass and others only from the allowlist", () => {
    const origins = ["http://localhost:3000"];
    assert.ok(originAllowed(undefined, origins));
    assert.ok(originAllowed("http://localhost:3000", origins));
    assert.ok(!originAllowed("http://localhost:3001", origins));
    assert.ok(!originAllowed("null", origins));
  });

  it("compares bearer tokens exactly", () => {
    assert.ok(bearerMatches("Bearer abc", "abc"));
    assert.ok(bearerMatches("bearer   abc", "abc"));
    assert.ok(!bearerMatches("Bearer abcd", "abc"));
    assert.ok(!bearerMatches("Basic abc", "abc"));
    assert.ok(!bearerMatches(undefined, "abc"));
  });
});
