import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { TextArtifact } from "../../src/index.js";
import { splitPassages } from "../../src/memory/split-passages.js";
import { queryTerms } from "../../src/memory/tokenize.js";
import { type ArtifactStore, type StoreWrite, TaskMemory } from "../../src/memory.js";
import { TextCorpus } from "../fixtures/text-corpus.js";
import { storeKinds } from "./fixtures/stores.js";

function entry(text: string, id = `id-${text.length}-${text.slice(0, 8)}`) {
  const json = new TextArtifact(text, { id, name: "n" }).toJSON();
  return { json, text, passages: splitPassages(text) };
}

function textWrite(
  namespace: string,
  texts: string[],
  extra: Partial<StoreWrite> = {},
): StoreWrite {
  return {
    namespace,
    kind: "text",
    source: "Tool.activity",
    meta: undefined,
    entries: texts.map((text, index) => entry(text, `${namespace}-${index}`)),
    ...extra,
  };
}

const kinds = storeKinds();
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

for (const kind of kinds) {
  describe(`${kind.name} (the ArtifactStore contract)`, () => {
    it("appends artifacts to a namespace and loads their JSON back in order", async () => {
      const store = await kind.create();
      assert.equal(store.specificationVersion, "v1");
      assert.deepEqual(await store.load("nothing here"), []);
      assert.deepEqual(await store.write(textWrite("a", ["one", "two"])), { ok: true });
      assert.deepEqual(await store.write(textWrite("a", ["three"])), { ok: true });
      const loaded = await store.load("a");
      assert.deepEqual(
        loaded.map((json) => json.value),
        ["one", "two", "three"],
      );
      assert.deepEqual(loaded[0], entry("one", "a-0").json);
    });

    it("refuses a write of the other kind and changes nothing", async () => {
      const store = await kind.create();
      await store.write(textWrite("a", ["text"]));
      const blob = { ...textWrite("a", ["bytes"]), kind: "blob" as const };
      assert.deepEqual(await store.write(blob), { ok: false, boundKind: "text" });
      assert.equal((await store.load("a")).length, 1);
      assert.deepEqual(
        (await store.namespaces()).map(({ artifactCount, length }) => ({ artifactCount, length })),
        [{ artifactCount: 1, length: 4 }],
      );
      assert.deepEqual(
        await store.search({ terms: ["bytes"], namespace: undefined, limit: 5 }),
        [],
      );
    });

    it("summarises namespaces in creation order: kind, latest source, count, length, meta", async () => {
      const store = await kind.create();
      await store.write(textWrite("b", ["hello"], { meta: { step: 1 } }));
      await store.write({ ...textWrite("a", ["x"]), kind: "blob" });
      await store.write(textWrite("b", ["world!"], { source: "Other.tool", meta: undefined }));
      assert.deepEqual(await store.namespaces(), [
        {
          namespace: "b",
          kind: "text",
          source: "Other.tool",
          artifactCount: 2,
          length: "hello\n\nworld!".length,
          meta: { step: 1 },
        },
        {
          namespace: "a",
          kind: "blob",
          source: "Tool.activity",
          artifactCount: 1,
          length: 1,
          meta: undefined,
        },
      ]);
    });

    it("pages through a namespace's text exactly, across artifacts, passages and empty artifacts", async () => {
      const store = await kind.create();
      const corpus = new TextCorpus({ seed: 11, vocabularySize: 500 });
      const texts = [corpus.text(5000), "", "short one ✓ 𝄞 naïve", corpus.text(3300)];
      await store.write(textWrite("doc", texts.slice(0, 2)));
      await store.write(textWrite("doc", texts.slice(2)));
      const whole = texts.join("\n\n");
      const first = await store.read("doc", 0, 100_000);
      assert.equal(first?.text, whole);
      assert.equal(first?.total, whole.length);
      for (const [offset, limit] of [
        [0, 1],
        [1234, 1],
        [4990, 40],
        [5000, 3],
        [1599, 3202],
        [whole.length - 5, 100],
        [3000, 0],
      ] as const) {
        const page = await store.read("doc", offset, limit);
        assert.equal(
          page?.text,
          whole.slice(offset, offset + limit),
          `offset ${offset}, limit ${limit}`,
        );
        assert.equal(page?.offset, offset);
      }
      assert.deepEqual(await store.read("doc", whole.length + 10, 5), {
        text: "",
        offset: whole.length,
        total: whole.length,
      });
      assert.equal(await store.read("missing", 0, 10), undefined);
    });

    it("finds passages by BM25, best first, verbatim at their offset, per namespace when asked", async () => {
      const store = await kind.create();
      await store.write(
        textWrite("animals", [
          "The quick brown fox jumps over the lazy dog.",
          "A fox, a fox! Two foxes in a fox den.",
          "Nothing to see here at all.",
        ]),
      );
      await store.write(textWrite("plants", ["The fox glove is a plant, not a fox."]));
      const hits = await store.search({ terms: ["fox"], namespace: undefined, limit: 10 });
      assert.equal(hits.length, 3);
      assert.equal(hits[0]?.text, "A fox, a fox! Two foxes in a fox den.");
      assert.ok(
        hits.every((hit, index) => index === 0 || (hits[index - 1]?.score ?? 0) >= hit.score),
      );
      for (const hit of hits) {
        const page = await store.read(hit.namespace, hit.offset, hit.text.length);
        assert.equal(page?.text, hit.text);
      }
      const plants = await store.search({ terms: ["fox"], namespace: "plants", limit: 10 });
      assert.deepEqual(
        plants.map((hit) => [hit.namespace, hit.offset]),
        [["plants", 0]],
      );
      assert.equal(
        (await store.search({ terms: ["fox"], namespace: undefined, limit: 1 })).length,
        1,
      );
      assert.deepEqual(
        await store.search({ terms: ["zebra"], namespace: undefined, limit: 5 }),
        [],
      );
      assert.deepEqual(await store.search({ terms: ["fox"], namespace: "nope", limit: 5 }), []);
      const both = await store.search({ terms: ["lazy", "den"], namespace: undefined, limit: 5 });
      assert.deepEqual(
        both.map((hit) => hit.offset).sort((a, b) => a - b),
        [0, "The quick brown fox jumps over the lazy dog.\n\n".length],
      );
    });

    it("keeps namespaces with any characters apart", async () => {
      const store = await kind.create();
      const names = ["with space", "a:b", "ünï/cøde", "*", "", "id\n2"];
      for (const [index, name] of names.entries()) {
        await store.write(textWrite(name, [`value ${index}`]));
      }
      assert.deepEqual(
        (await store.namespaces()).map((summary) => summary.namespace),
        names,
      );
      for (const [index, name] of names.entries()) {
        assert.equal((await store.read(name, 0, 100))?.text, `value ${index}`);
      }
    });
  });
}

describe("ranking across stores", () => {
  it("ranks alike on every store: the same passages, the same BM25 scores as SQLite's FTS5", async () => {
    const corpus = new TextCorpus({ seed: 5, vocabularySize: 3000 });
    const outputs = Array.from({ length: 40 }, (_, index) => ({
      namespace: `ns${index % 6}`,
      text: corpus.text(500 + Math.floor(corpus.random() * 6000)),
    }));
    const queries = Array.from({ length: 25 }, (_, index) => corpus.query(1 + (index % 4)));
    const memories: TaskMemory[] = [];
    for (const kind of kinds) {
      const memory = new TaskMemory({ store: await kind.create() });
      for (const { namespace, text } of outputs) {
        await memory.processOutput({
          tool: "Corpus",
          activity: "load",
          artifact: new TextArtifact(text, { name: namespace }),
        });
      }
      memories.push(memory);
    }
    let compared = 0;
    for (const query of queries) {
      for (const namespace of [undefined, "ns2"]) {
        const [reference, ...others] = await Promise.all(
          memories.map((memory) => memory.search(query, { namespace, limit: 8 })),
        );
        assert.ok(reference !== undefined);
        for (const other of others) {
          assert.deepEqual(
            other.map((hit) => [hit.artifact_namespace, hit.offset, hit.text]),
            reference.map((hit) => [hit.artifact_namespace, hit.offset, hit.text]),
            `query ${JSON.stringify(query)} in ${namespace ?? "all namespaces"}`,
          );
          other.forEach((hit, index) => {
            const expected = reference[index]?.score ?? Number.NaN;
            assert.ok(Math.abs(hit.score - expected) <= 1e-9 * Math.abs(expected), query);
          });
        }
        compared += reference.length;
      }
    }
    assert.ok(compared > 100, `compared ${compared} hits`);
  });

  it("weighs rarer terms, repeated terms and shorter passages as BM25 does", async () => {
    for (const kind of kinds) {
      const store: ArtifactStore = await kind.create();
      await store.write(
        textWrite("docs", [
          "apple banana cherry",
          "apple apple banana cherry",
          "apple banana cherry date elderberry fig grape honeydew",
          "kiwi lemon",
        ]),
      );
      const ranked = async (query: string) =>
        (await store.search({ terms: queryTerms(query, 64), namespace: undefined, limit: 5 })).map(
          (hit) => hit.text,
        );
      assert.deepEqual((await ranked("apple")).slice(0, 2), [
        "apple apple banana cherry",
        "apple banana cherry",
      ]);
      assert.equal(
        (await ranked("apple"))[2],
        "apple banana cherry date elderberry fig grape honeydew",
      );
      assert.deepEqual(await ranked("lemon apple"), [
        "kiwi lemon",
        "apple apple banana cherry",
        "apple banana cherry",
        "apple banana cherry date elderberry fig grape honeydew",
      ]);
    }
  });
});
