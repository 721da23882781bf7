// Hybrid search with each provider's embedding driver, through its SDK, against a local server that
// speaks the provider's wire format, on a SQLite file.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { GeminiEmbeddingDriver } from "../../src/gemini.js";
import { type EmbeddingDriver, TextArtifact } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { SqliteArtifactStore } from "../../src/memory-sqlite.js";
import { OllamaEmbeddingDriver } from "../../src/ollama.js";
import { OpenAIEmbeddingDriver } from "../../src/openai.js";
import { MockPromptDriver } from "../../src/testing.js";
import { RagTool } from "../../src/tools.js";
import {
  type EmbeddingServer,
  startEmbeddingServer,
} from "../fixtures/provider-servers/embedding-server.js";

const drivers: [string, (origin: string) => EmbeddingDriver][] = [
  [
    "OpenAI",
    (origin) =>
      new OpenAIEmbeddingDriver({
        model: "emb",
        apiKey: "k",
        baseURL: `${origin}/v1`,
        maxRetries: 0,
      }),
  ],
  [
    "Gemini",
    (origin) =>
      new GeminiEmbeddingDriver({ model: "emb", apiKey: "k", baseURL: origin, maxRetries: 0 }),
  ],
  ["Ollama", (origin) => new OllamaEmbeddingDriver({ model: "emb", baseURL: origin })],
];

describe("hybrid search through the provider embedding drivers", () => {
  let server: EmbeddingServer;
  let directory: string;
  before(async () => {
    server = await startEmbeddingServer(64);
    directory = await mkdtemp(join(tmpdir(), "toolwright-hybrid-"));
  });
  after(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  for (const [name, make] of drivers) {
    it(`${name}: stores passage vectors, searches with a query vector, and a RagTool answers from the hits`, async () => {
      const store = new SqliteArtifactStore({ path: join(directory, `${name}.db`) });
      try {
        const memory = new TaskMemory({ store, embeddingDriver: make(server.origin) });
        const calls = server.calls.length;
        await memory.storeArtifact(
          "ferry",
          new TextArtifact("The ferry to the island leaves at nine."),
        );
        await memory.storeArtifact(
          "bakery",
          new TextArtifact("The bakery opens at seven with rye bread."),
        );
        const [stored] = server.calls.slice(calls);
        assert.deepEqual(stored?.texts, ["The ferry to the island leaves at nine."]);
        const hits = await memory.search("When does the ferry leave for the island?");
        assert.equal(hits[0]?.artifact_namespace, "ferry");
        assert.deepEqual(server.calls.at(-1)?.texts, ["When does the ferry leave for the island?"]);
        if (name === "Gemini")
          assert.deepEqual(server.calls.at(-1)?.taskTypes, ["RETRIEVAL_QUERY"]);
        const model = new MockPromptDriver({ responses: ["At nine."] });
        const rag = new RagTool({
          driver: model,
          memory,
          description: "Island timetables",
          limit: 1,
        });
        await rag.run("search", { query: "ferry island" });
        const system = model.requests[0]?.messages[0];
        assert.match(system?.role === "system" ? system.content : "", /ferry to the island/);
      } finally {
        await store.close();
      }
    });
  }

  it("an embedding failure while storing is the notice the model reads; nothing is stored", async () => {
    const store = new SqliteArtifactStore({ path: join(directory, "failing.db") });
    try {
      const memory = new TaskMemory({ store, embeddingDriver: drivers[0]?.[1](server.origin) });
      server.fail({ status: 400, message: "model not found" });
      const notice = await memory.processOutput({
        tool: "WebTool",
        activity: "fetch",
        artifact: new TextArtifact("page"),
      });
      assert.equal(notice.type, "ErrorArtifact");
      assert.match(notice.toText(), /^error storing tool output in memory: .*model not found/);
      assert.deepEqual(await memory.namespaces(), []);
    } finally {
      await store.close();
    }
  });
});
