// Resources, prompts and completion served by serveMcp, read by the official SDK's clients: v1
// (`@modelcontextprotocol/sdk`, a 2025-11-25 session) and v2 (`@modelcontextprotocol/client`, pinned
// to 2026-07-28, no session), over Streamable HTTP.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Toolbox } from "../../src/index.js";
import { type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { LibraryTool, pngBase64 } from "./fixtures/library-tool.js";

/** What the cases need of either SDK's client (their methods share names and shapes). */
interface AnyClient {
  listResources(): Promise<{ resources: { uri: string; name: string; title?: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: Record<string, unknown>[] }>;
  listPrompts(): Promise<{ prompts: Record<string, unknown>[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{
    description?: string;
    messages: { role: string; content: Record<string, unknown> }[];
  }>;
  complete(params: object): Promise<{ completion: { values: string[]; total?: number } }>;
  close(): Promise<void>;
}

async function connectV1(url: string): Promise<Client> {
  const client = new Client({ name: "v1", version: "1.0.0" });
  await client.connect(new TransportV1(new URL(url)));
  return client;
}

async function connectV2(url: string): Promise<ClientV2> {
  const client = new ClientV2(
    { name: "v2", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

function declarationCases(client: () => AnyClient) {
  it("lists the tools' resources beside the memory namespaces, and their templates", async () => {
    const { resources } = await client().listResources();
    assert.deepEqual(
      resources.map((entry) => entry.uri),
      [
        "library://catalog",
        "library://cover",
        "library://stats",
        "library://broken",
        "library://refused",
      ],
    );
    assert.equal(resources[0]?.title, "Catalog");
    assert.equal(resources[0]?.name, "catalog");
    const { resourceTemplates } = await client().listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((entry) => entry.uriTemplate),
      ["library://books/{slug}", "toolwright://memory/{memory_name}/{artifact_namespace}"],
    );
  });

  it("reads text, bytes, JSON and templated resources; failures are protocol errors", async () => {
    const read = async (uri: string) => (await client().readResource({ uri })).contents;
    assert.deepEqual(await read("library://catalog"), [
      {
        uri: "library://catalog",
        mimeType: "text/plain",
        text: "Dune, by Frank Herbert\nEmma, by Jane Austen",
      },
    ]);
    assert.deepEqual(await read("library://cover"), [
      { uri: "library://cover", mimeType: "image/png", blob: pngBase64 },
    ]);
    assert.deepEqual(await read("library://stats"), [
      { uri: "library://stats", mimeType: "application/json", text: '{"books":2}' },
    ]);
    assert.deepEqual(await read("library://books/emma"), [
      { uri: "library://books/emma", mimeType: "text/plain", text: "Emma, by Jane Austen" },
    ]);
    await assert.rejects(read("library://nowhere"), (error) => codeOf(error) === -32602);
    await assert.rejects(read("library://broken"), (error: Error) => {
      assert.equal(codeOf(error), -32603);
      assert.match(error.message, /Reading library:\/\/broken failed: the shelf fell over/);
      return true;
    });
    await assert.rejects(
      read("library://refused"),
      /Reading library:\/\/refused failed: not today/,
    );
    await assert.rejects(read("library://books/moby"), /no book "moby"/);
  });

  it("lists prompts with their arguments and renders them", async () => {
    const { prompts } = await client().listPrompts();
    assert.deepEqual(prompts, [
      {
        name: "LibraryTool_recommend",
        title: "Recommendation",
        description: "Recommend a book",
        arguments: [
          { name: "genre", description: "What kind of book", required: true },
          { name: "reader", required: false },
        ],
      },
      { name: "LibraryTool_cover_talk", description: "Discuss the cover", arguments: [] },
    ]);
    const got = await client().getPrompt({
      name: "LibraryTool_recommend",
      arguments: { genre: "history", reader: "Ada" },
    });
    assert.equal(got.description, "Recommend a book");
    assert.deepEqual(got.messages, [
      { role: "user", content: { type: "text", text: "Recommend a history book for Ada." } },
    ]);
    const cover = await client().getPrompt({ name: "LibraryTool_cover_talk" });
    assert.deepEqual(cover.messages, [
      { role: "user", content: { type: "image", data: pngBase64, mimeType: "image/png" } },
      { role: "assistant", content: { type: "text", text: "A tiny cover." } },
      {
        role: "user",
        content: {
          type: "resource",
          resource: { uri: "library://catalog", mimeType: "text/plain", text: "Dune" },
        },
      },
    ]);
  });

  it("refuses unknown prompts and invalid arguments with -32602 in toolwright's words", async () => {
    await assert.rejects(
      client().getPrompt({ name: "LibraryTool_recomend" }),
      (error: Error) =>
        codeOf(error) === -32602 &&
        /Prompt "LibraryTool_recomend" not found\. Prompts: LibraryTool_recommend, LibraryTool_cover_talk/.test(
          error.message,
        ),
    );
    await assert.rejects(
      client().getPrompt({ name: "LibraryTool_recommend", arguments: { genre: "poetry" } }),
      (error: Error) =>
        codeOf(error) === -32602 &&
        /Invalid arguments for prompt "LibraryTool_recommend": \$\.genre/.test(error.message),
    );
  });

  it("completes prompt arguments from enums and lists, template variables from functions", async () => {
    const complete = async (ref: object, name: string, value: string) =>
      (await client().complete({ ref, argument: { name, value } })).completion;
    const recommend = { type: "ref/prompt", name: "LibraryTool_recommend" };
    assert.deepEqual((await complete(recommend, "genre", "")).values, [
      "fiction",
      "history",
      "science",
    ]);
    assert.deepEqual((await complete(recommend, "genre", "sc")).values, ["science"]);
    assert.deepEqual((await complete(recommend, "reader", "A")).values, ["Ada", "Alan"]);
    const books = { type: "ref/resource", uri: "library://books/{slug}" };
    assert.deepEqual((await complete(books, "slug", "d")).values, ["dune"]);
    const memory = {
      type: "ref/resource",
      uri: "toolwright://memory/{memory_name}/{artifact_namespace}",
    };
    assert.deepEqual((await complete(memory, "memory_name", "")).values, ["TaskMemory"]);
  });
}

describe("resources and prompts over HTTP, to the v1 SDK client (2025-11-25 sessions)", () => {
  let server: McpServerHandle;
  let client: Client;
  before(async () => {
    const toolbox = new Toolbox([new LibraryTool()], { taskMemory: new TaskMemory() });
    server = await serveMcp(toolbox, { transport: "http" });
    client = await connectV1(String(server.url));
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  declarationCases(() => client as unknown as AnyClient);

  it("tells a session about changes: list_changed, and updates of subscribed resources only", async () => {
    const seen: string[] = [];
    client.fallbackNotificationHandler = async (notification) => {
      const uri = (notification.params as { uri?: string } | undefined)?.uri;
      seen.push(uri === undefined ? notification.method : `${notification.method} ${uri}`);
    };
    await client.subscribeResource({ uri: "library://catalog" });
    server.notify.resourceUpdated("library://stats");
    server.notify.resourceUpdated("library://catalog");
    server.notify.toolsChanged();
    server.notify.promptsChanged();
    server.notify.resourcesChanged();
    await client.unsubscribeResource({ uri: "library://catalog" });
    server.notify.resourceUpdated("library://catalog");
    await client.listTools(); // a round trip after the last notification
    assert.deepEqual(seen, [
      "notifications/resources/updated library://catalog",
      "notifications/tools/list_changed",
      "notifications/prompts/list_changed",
      "notifications/resources/list_changed",
    ]);
  });
});

describe("resources and prompts over HTTP, to the v2 SDK client (2026-07-28, no session)", () => {
  let server: McpServerHandle;
  let client: ClientV2;
  before(async () => {
    const toolbox = new Toolbox([new LibraryTool()], { taskMemory: new TaskMemory() });
    server = await serveMcp(toolbox, { transport: "http", sessions: "stateless" });
    client = await connectV2(String(server.url));
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it("speaks 2026-07-28", () => {
    assert.equal(client.getProtocolEra(), "modern");
  });

  declarationCases(() => client as unknown as AnyClient);

  it("delivers changes on a subscriptions/listen stream", async () => {
    const seen: string[] = [];
    const arrived = new Promise<void>((resolve) => {
      client.setNotificationHandler("notifications/resources/updated", async (notification) => {
        seen.push(notification.params.uri);
        resolve();
      });
    });
    client.setNotificationHandler("notifications/tools/list_changed", async () => {
      seen.push("tools");
    });
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ["library://catalog"],
    });
    assert.deepEqual(subscription.honoredFilter, {
      toolsListChanged: true,
      resourceSubscriptions: ["library://catalog"],
    });
    server.notify.toolsChanged();
    server.notify.resourceUpdated("library://stats");
    server.notify.resourceUpdated("library://catalog");
    await arrived;
    assert.deepEqual(seen, ["tools", "library://catalog"]);
    await subscription.close();
  });
});

describe("naming: bare", () => {
  it("serves activities and prompts under their own names, and refuses two of one name", async () => {
    const server = await serveMcp(new Toolbox([new LibraryTool()]), {
      transport: "http",
      naming: "bare",
    });
    const client = await connectV1(String(server.url));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((tool) => [tool.name, tool.title]),
        [["count", "LibraryTool.count"]],
      );
      const result = await client.callTool({ name: "count", arguments: {} });
      assert.deepEqual(result.content, [{ type: "text", text: "2" }]);
      await assert.rejects(
        client.callTool({ name: "LibraryTool_count", arguments: {} }),
        /Tool "LibraryTool_count" not found\. Available tools, most similar first: count/,
      );
      const { prompts } = await client.listPrompts();
      assert.deepEqual(
        prompts.map((entry) => entry.name),
        ["recommend", "cover_talk"],
      );
    } finally {
      await client.close();
      await server.close();
    }
    class OtherLibrary extends LibraryTool {}
    await assert.rejects(
      serveMcp(new Toolbox([new LibraryTool(), new OtherLibrary()]), {
        transport: "http",
        naming: "bare",
      }),
      {
        name: "McpConfigError",
        message: /tool count is served by both LibraryTool\.count and OtherLibrary\.count/,
      },
    );
  });
});
