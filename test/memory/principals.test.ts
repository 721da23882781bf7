import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { MemoryConfigError, TextArtifact } from "../../src/index.js";
import { splitPassages } from "../../src/memory/split-passages.js";
import { largeWriteChars } from "../../src/memory/write-pace.js";
import {
  type ArtifactStore,
  InMemoryArtifactStore,
  type StoreWrite,
  TaskMemory,
} from "../../src/memory.js";
import { SqliteArtifactStore } from "../../src/memory-sqlite.js";
import { storeKinds } from "./fixtures/stores.js";

const statement =
  "Bank statement of Alice Example, account 4417 1234 5678 9113. Balance 12,345.67 EUR. " +
  "Salary received from Initech; rent paid to Umbrella Estates.";

function statementWrite(principal: string | undefined, text = statement): StoreWrite {
  return {
    namespace: "statement",
    kind: "text",
    source: "BankTool.statement",
    meta: undefined,
    entries: [
      {
        json: new TextArtifact(text, {
          id: `statement-${text.length}`,
          name: "statement",
        }).toJSON(),
        text,
        passages: splitPassages(text),
      },
    ],
    ...(principal === undefined ? {} : { principal }),
  };
}

/** Everything a principal can learn of the store through each of its read paths. */
async function everythingSeenBy(store: ArtifactStore, principal: string | undefined) {
  const scope = principal === undefined ? {} : { principal };
  const terms = ["bank", "statement", "alice", "salary", "4417"];
  return {
    namespaces: await store.namespaces(scope),
    loaded: await store.load("statement", scope),
    page: await store.read("statement", 0, 10_000, scope),
    hits: await store.search({ terms, namespace: undefined, limit: 10, ...scope }),
    inNamespace: await store.search({ terms, namespace: "statement", limit: 10, ...scope }),
  };
}

const nothing = { namespaces: [], loaded: [], page: undefined, hits: [], inNamespace: [] };

const kinds = storeKinds();
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

for (const kind of kinds) {
  describe(`${kind.name}: principals`, () => {
    it("keeps one principal's namespace from every other principal and from the default space", async () => {
      const store = await kind.create();
      assert.equal(store.principals, true);
      assert.deepEqual(await store.write(statementWrite("session:alice")), { ok: true });
      const alice = await everythingSeenBy(store, "session:alice");
      assert.equal(alice.namespaces.length, 1);
      assert.equal(alice.page?.text, statement);
      assert.equal(alice.loaded.length, 1);
      assert.ok(alice.hits.length > 0 && alice.inNamespace.length > 0);
      assert.deepEqual(await everythingSeenBy(store, "session:bob"), nothing);
      assert.deepEqual(await everythingSeenBy(store, undefined), nothing);
    });

    it("gives each principal a namespace of its own under the same name, kinds included", async () => {
      const store = await kind.create();
      await store.write(statementWrite("alice"));
      await store.write(statementWrite(undefined, "the default space's own text"));
      // The same name in another space is another namespace: bob may bind it to the other kind.
      const blob = { ...statementWrite("bob", "bob's bytes"), kind: "blob" as const };
      assert.deepEqual(await store.write(blob), { ok: true });
      assert.equal((await store.read("statement", 0, 100))?.text, "the default space's own text");
      assert.equal(
        (await store.read("statement", 0, 1000, { principal: "alice" }))?.text,
        statement,
      );
      assert.equal(
        (await store.read("statement", 0, 100, { principal: "bob" }))?.text,
        "bob's bytes",
      );
    });

    it("ranks with each space's own statistics: another principal's passages change no score", async () => {
      const store = await kind.create();
      await store.write(statementWrite("alice"));
      const query = { terms: ["salary"], namespace: undefined, limit: 5, principal: "alice" };
      const [before] = await store.search(query);
      for (let index = 0; index < 5; index++) {
        await store.write({
          ...statementWrite("mallory", `salary salary payroll ${index}`),
          namespace: `probe-${index}`,
        });
      }
      const [afterwards] = await store.search(query);
      assert.equal(afterwards?.score, before?.score);
    });

    it("writes a large artifact into its principal's space only", async () => {
      const store = await kind.create();
      // Over the large-write threshold: SQLite's writing thread, Redis's staged write.
      const large = `${statement}\n\n${"ledger line 0000\n".repeat(Math.ceil(largeWriteChars / 17) + 1)}`;
      assert.deepEqual(await store.write(statementWrite("alice", large)), { ok: true });
      const page = await store.read("statement", 0, 100, { principal: "alice" });
      assert.equal(page?.total, large.length);
      assert.deepEqual(await everythingSeenBy(store, "bob"), nothing);
      assert.deepEqual(await everythingSeenBy(store, undefined), nothing);
    });

    it("refuses a principal that is not a non-empty string of at most 1,024 characters", async () => {
      const store = await kind.create();
      for (const principal of ["", "x".repeat(1_025), 7]) {
        await assert.rejects(
          store.namespaces({ principal: principal as string }),
          (error) => MemoryConfigError.isInstance(error) && error.option === "principal",
        );
        await assert.rejects(
          store.write(statementWrite(principal as string)),
          (error) => MemoryConfigError.isInstance(error) && error.option === "principal",
        );
      }
    });
  });
}

describe("SqliteArtifactStore: principals in the file", () => {
  it("keeps the spaces apart after the file is opened again, by another connection", async () => {
    const kind = storeKinds()[1];
    assert.equal(kind?.name, "SqliteArtifactStore");
    const first = (await kind.create()) as SqliteArtifactStore;
    try {
      await first.write(statementWrite("alice"));
      const second = new SqliteArtifactStore({ path: first.path });
      try {
        assert.equal(
          (await second.read("statement", 0, 10, { principal: "alice" }))?.total,
          statement.length,
        );
        assert.deepEqual(await everythingSeenBy(second, "bob"), nothing);
        assert.deepEqual(await everythingSeenBy(second, undefined), nothing);
      } finally {
        await second.close();
      }
    } finally {
      await kind.dispose();
    }
  });
});

describe("TaskMemory: principals and explicit sharing", () => {
  it("stores output for the principal of the call and shows it to no one else", async () => {
    const memory = new TaskMemory();
    const notice = await memory.processOutput({
      tool: "BankTool",
      activity: "statement",
      artifact: new TextArtifact(statement, { name: "statement" }),
      principal: "alice",
    });
    assert.equal(notice.type, "InfoArtifact");
    assert.equal((await memory.namespaces({ principal: "alice" })).length, 1);
    assert.deepEqual(await memory.namespaces({ principal: "bob" }), []);
    assert.deepEqual(await memory.namespaces(), []);
    assert.equal(await memory.read("statement", { principal: "bob" }), undefined);
    assert.deepEqual(await memory.search("bank statement", { principal: "bob" }), []);
    assert.equal((await memory.loadArtifacts("statement", { principal: "bob" })).value.length, 0);
  });

  it("lets a principal read, list and search another's output only when it names it in readsFrom", async () => {
    const memory = new TaskMemory();
    await memory.storeArtifact("statement", new TextArtifact(statement), { principal: "alice" });
    await memory.storeArtifact("notes", new TextArtifact("bob's notes on the salary"), {
      principal: "bob",
    });
    const shared = { principal: "bob", readsFrom: ["alice"] };
    assert.deepEqual(
      (await memory.namespaces({ principal: shared })).map((summary) => summary.namespace),
      ["notes", "statement"],
    );
    assert.equal((await memory.read("statement", { principal: shared }))?.text, statement);
    const hits = await memory.search("salary", { principal: shared });
    assert.deepEqual(hits.map((hit) => hit.artifact_namespace).sort(), ["notes", "statement"]);
    // Sharing goes one way, and never lets bob write into alice's space.
    assert.deepEqual(
      (await memory.namespaces({ principal: { principal: "alice", readsFrom: [] } })).map(
        (summary) => summary.namespace,
      ),
      ["statement"],
    );
    await memory.storeArtifact("statement", new TextArtifact("bob's own"), { principal: shared });
    assert.equal((await memory.read("statement", { principal: "alice" }))?.text, statement);
    // A name in both spaces is the principal's own.
    assert.equal((await memory.read("statement", { principal: shared }))?.text, "bob's own");
    const found = await memory.search("bank statement", { principal: shared });
    assert.ok(found.every((hit) => hit.text.startsWith("bob's own")));
  });

  it("refuses a principal on a store that does not keep principals apart", async () => {
    const inner = new InMemoryArtifactStore();
    const mixing: ArtifactStore = {
      specificationVersion: "v1",
      write: (write) => inner.write(write),
      load: (namespace) => inner.load(namespace),
      namespaces: () => inner.namespaces(),
      read: (namespace, offset, limit) => inner.read(namespace, offset, limit),
      search: (query) => inner.search(query),
      close: () => inner.close(),
    };
    const memory = new TaskMemory({ store: mixing });
    await memory.storeArtifact("n", new TextArtifact("single user"));
    assert.equal((await memory.namespaces()).length, 1);
    await assert.rejects(
      memory.namespaces({ principal: "alice" }),
      (error) =>
        MemoryConfigError.isInstance(error) && /does not keep principals apart/.test(error.message),
    );
  });
});
