// Hybrid search: BM25 and vector rankings fused (reciprocal rank fusion) when a TaskMemory has an
// embedding driver, on every store; without one nothing changes.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { MemoryConfigError, MemoryStoreError, TextArtifact } from "../../src/index.js";
import { type ArtifactStore, TaskMemory } from "../../src/memory.js";
import { MockEmbeddingDriver } from "../../src/testing.js";
import { storeKinds } from "./fixtures/stores.js";

// A tiny "model" that knows which words mean the same thing: each concept is one dimension, so
// "automobile" finds "car" with no word in common, as a real embedding model would.
const concepts = [
  ["car", "automobile", "vehicle", "truck"],
  ["ocean", "sea", "harbour", "tide", "tides"],
  ["bread", "bakery", "loaf", "rye"],
  ["lamp", "light", "lighthouse", "beacon"],
];
const conceptDriver = (model = "concepts") => {
  const driver = new MockEmbeddingDriver({
    dimensions: concepts.length + 1,
    embed: (text) => {
      const vector = new Array<number>(concepts.length + 1).fill(0);
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const concept = concepts.findIndex((words) => words.includes(word));
        const at = concept === -1 ? concepts.length : concept;
        vector[at] = (vector[at] ?? 0) + (concept === -1 ? 0.1 : 1);
      }
      return vector;
    },
  });
  Object.defineProperty(driver, "model", { value: model });
  return driver;
};

const passages = [
  "The red car is parked outside the station.",
  "High tides flood the harbour twice a day.",
  "Fresh rye loaves come out of the oven at six.",
  "The keeper climbs up to the beacon at dusk.",
];

const kinds = storeKinds();
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

async function filled(store: ArtifactStore, driver = conceptDriver()) {
  const memory = new TaskMemory({ store, embeddingDriver: driver });
  for (const [index, text] of passages.entries()) {
    assert.equal(await memory.storeArtifact(`n${index}`, new TextArtifact(text)), undefined);
  }
  return memory;
}

for (const kind of kinds) {
  describe(`hybrid search on ${kind.name}`, () => {
    it("finds a passage by meaning when no word matches, and ranks passages both rankings agree on first", async () => {
      const memory = await filled(await kind.create());
      const [byMeaning] = await memory.search("automobile");
      assert.equal(byMeaning?.artifact_namespace, "n0");
      const hits = await memory.search("sea tides", { limit: 4 });
      assert.equal(hits[0]?.artifact_namespace, "n1");
      // First in both rankings: 1/61 + 1/61.
      assert.equal(hits[0]?.score, 2 / 61);
      assert.equal(hits[0]?.text, passages[1]);
      assert.equal(hits[0]?.offset, 0);
    });

    it("keeps to one namespace on both sides", async () => {
      const memory = await filled(await kind.create());
      const hits = await memory.search("automobile lighthouse", { namespace: "n3" });
      assert.deepEqual(
        hits.map((hit) => hit.artifact_namespace),
        ["n3"],
      );
      assert.deepEqual(await memory.search("automobile", { namespace: "none" }), []);
    });

    it("embeds passages as documents and searches as queries, one request each", async () => {
      const driver = conceptDriver();
      const memory = await filled(await kind.create(), driver);
      const before = driver.requests.length;
      await memory.search("beacon");
      assert.deepEqual(driver.requests.slice(before), [{ texts: ["beacon"], purpose: "query" }]);
      assert.deepEqual(driver.requests[0], { texts: [passages[0]], purpose: "document" });
    });

    it("refuses vectors of another embedding model in the same store", async () => {
      const store = await kind.create();
      await filled(store);
      const other = new TaskMemory({ store, embeddingDriver: conceptDriver("other-model") });
      const notice = await other.processOutput({
        tool: "T",
        activity: "a",
        artifact: new TextArtifact("a sea of trucks"),
      });
      assert.equal(notice.type, "ErrorArtifact");
      assert.match(
        notice.toText(),
        /embedding space "mock\/concepts\/5", not "mock\/other-model\/5"/,
      );
      await assert.rejects(other.search("sea"), (error) => MemoryStoreError.isInstance(error));
    });

    it("finds passages stored before the driver was added by BM25 only", async () => {
      const store = await kind.create();
      await new TaskMemory({ store }).storeArtifact("old", new TextArtifact("An old car manual."));
      const memory = await filled(store);
      const hits = await memory.search("car", { limit: 5 });
      assert.deepEqual(hits.map((hit) => hit.artifact_namespace).sort(), ["n0", "old"]);
    });

    it("changes nothing without an embedding driver", async () => {
      const store = await kind.create();
      const memory = new TaskMemory({ store });
      await memory.storeArtifact("n0", new TextArtifact(passages[0] as string));
      assert.deepEqual(await memory.search("automobile"), []);
      const [hit] = await memory.search("car");
      assert.ok(hit !== undefined && hit.score > 0 && hit.score !== 1 / 61);
    });
  });
}

describe("hybrid search across store instances", () => {
  it("a second SQLite store on the same file, and a second Redis client, see the vectors written since", async () => {
    for (const kind of kinds.slice(1)) {
      const first = await kind.create();
      const memory = await filled(first);
      assert.equal((await memory.search("automobile"))[0]?.artifact_namespace, "n0");
      // Another writer adds a passage; the first store's vector cache picks it up.
      const path = (first as { path?: string }).path;
      const url = (first as { url?: string }).url;
      const prefix = (first as { keyPrefix?: string }).keyPrefix;
      const { SqliteArtifactStore } = await import("../../src/memory-sqlite.js");
      const { RedisArtifactStore } = await import("../../src/memory-redis.js");
      const second =
        path !== undefined
          ? new SqliteArtifactStore({ path })
          : new RedisArtifactStore({ url: url as string, ...(prefix && { keyPrefix: prefix }) });
      try {
        const writer = new TaskMemory({ store: second, embeddingDriver: conceptDriver() });
        await writer.storeArtifact("late", new TextArtifact("A truck full of trucks."));
        const [hit] = await memory.search("vehicle", { namespace: "late" });
        assert.equal(hit?.artifact_namespace, "late", kind.name);
      } finally {
        await second.close();
      }
    }
  });
});

describe("TaskMemory embeddingDriver option", () => {
  it("needs an embedding driver and a store that keeps vectors", () => {
    const store = {
      specificationVersion: "v1" as const,
      write: async () => ({ ok: true as const }),
      load: async () => [],
      namespaces: async () => [],
      read: async () => undefined,
      search: async () => [],
      close: async () => {},
    };
    assert.throws(
      () => new TaskMemory({ store, embeddingDriver: new MockEmbeddingDriver() }),
      (error) => MemoryConfigError.isInstance(error) && /keeps vectors/.test(error.message),
    );
    assert.throws(
      () => new TaskMemory({ embeddingDriver: { embed: () => {} } as never }),
      /must implement EmbeddingDriver/,
    );
  });
});
