import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import {
  AudioArtifact,
  BlobArtifact,
  BooleanArtifact,
  ErrorArtifact,
  ImageArtifact,
  ImageUrlArtifact,
  InfoArtifact,
  JsonArtifact,
  ListArtifact,
  MemoryConfigError,
  MemoryStoreError,
  TextArtifact,
  UrlArtifact,
} from "../../src/index.js";
import { type ArtifactStore, memoryReferencesOf, TaskMemory } from "../../src/memory.js";
import { MockTool } from "../fixtures/mock-tool.js";
import { storeKinds } from "./fixtures/stores.js";

const stored = (tool: string, activity: string, memory: string, namespace: string) =>
  `Output of "${tool}.${activity}" was stored in memory with memory_name "${memory}" and artifact_namespace "${namespace}"`;

const kinds = storeKinds();
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

describe("TaskMemory", () => {
  it("is named TaskMemory and keeps artifacts in memory unless given a store", () => {
    const memory = new TaskMemory();
    assert.equal(memory.name, "TaskMemory");
    assert.equal(memory.store.constructor.name, "InMemoryArtifactStore");
    assert.throws(() => new TaskMemory({ name: "" }), MemoryConfigError);
    assert.throws(() => new TaskMemory({ name: 1 as never }), { option: "name" });
    assert.throws(
      () => new TaskMemory({ store: { write() {} } as unknown as ArtifactStore }),
      /must implement ArtifactStore/,
    );
  });

  for (const kind of kinds) {
    describe(`on ${kind.name} (Griptape's test_task_memory)`, () => {
      const memory = async () => new TaskMemory({ name: "MyMemory", store: await kind.create() });

      it("routes Text and Json to text namespaces, Blob and Image to blob namespaces", async () => {
        const m = await memory();
        assert.equal(await m.storeArtifact("t", new TextArtifact("foo")), undefined);
        assert.equal(await m.storeArtifact("j", new JsonArtifact({ a: 1 })), undefined);
        assert.equal(await m.storeArtifact("b", new BlobArtifact("foo")), undefined);
        assert.equal(
          await m.storeArtifact("i", new ImageArtifact(new Uint8Array([1, 2]), { format: "png" })),
          undefined,
        );
        assert.deepEqual(
          (await m.namespaces()).map(({ namespace, kind }) => [namespace, kind]),
          [
            ["t", "text"],
            ["j", "text"],
            ["b", "blob"],
            ["i", "blob"],
          ],
        );
      });

      it("stores artifacts of one kind per namespace and leaves other kinds on the prompt", async () => {
        const m = await memory();
        assert.equal(await m.storeArtifact("test", new TextArtifact("foo")), undefined);
        assert.equal(await m.storeArtifact("test", new TextArtifact("foo")), undefined);
        const conflict = await m.storeArtifact("test", new BlobArtifact("foo"));
        assert.ok(conflict instanceof ErrorArtifact);
        assert.equal(conflict.code, "memory_namespace_conflict");
        assert.match(conflict.value, /^error storing tool output in memory/);
        assert.equal(await m.storeArtifact("btest", new BlobArtifact("foo")), undefined);
        assert.ok(
          (await m.storeArtifact("btest", new TextArtifact("foo"))) instanceof ErrorArtifact,
        );
        const info = new InfoArtifact("foo", { name: "kept" });
        const kept = await m.storeArtifact("test", info);
        assert.equal(kept, info);
        assert.equal(kept?.name, "kept");
        const list = new ListArtifact([new TextArtifact("foo")]);
        assert.equal(await m.storeArtifact("test", list), undefined);
        assert.equal((await m.loadArtifacts("test")).value.length, 3);
        assert.equal((await m.loadArtifacts("btest")).value.length, 1);
      });

      it("processes output into the exact Griptape notice, with the namespace and its metadata", async () => {
        const m = await memory();
        const tool = new MockTool();
        const artifact = new TextArtifact("foo");
        const notice = await m.processOutput({
          tool,
          activity: tool.findActivity("test") ?? "test",
          artifact,
          meta: { actions: [] },
        });
        assert.ok(notice instanceof InfoArtifact);
        assert.equal(notice.value, stored("MockTool", "test", "MyMemory", artifact.id));
        assert.equal(notice.name, artifact.id);
        assert.deepEqual(memoryReferencesOf(notice), [
          { memory_name: "MyMemory", artifact_namespace: artifact.id },
        ]);
        assert.deepEqual(JSON.parse(JSON.stringify(notice.meta)), {
          memoryReferences: [{ memory_name: "MyMemory", artifact_namespace: artifact.id }],
        });
        const [summary] = await m.namespaces();
        assert.deepEqual(summary?.meta, { actions: [] });
        assert.equal(summary?.source, "MockTool.test");
        const list = new ListArtifact([new TextArtifact("foo"), new TextArtifact("bar")]);
        const listNotice = await m.processOutput({
          tool: "MockTool",
          activity: "test",
          artifact: list,
        });
        assert.equal(listNotice.toText(), stored("MockTool", "test", "MyMemory", list.name));
      });

      it("loads what a namespace holds: one per artifact, two for a two-item list", async () => {
        const m = await memory();
        await m.processOutput({
          tool: "T",
          activity: "a",
          artifact: new TextArtifact("foo", { name: "test" }),
        });
        assert.equal((await m.loadArtifacts("test")).value.length, 1);
        const blobs = await memory();
        await blobs.processOutput({
          tool: "T",
          activity: "a",
          artifact: new BlobArtifact("foo", { name: "test" }),
        });
        const [blob] = (await blobs.loadArtifacts("test")).value;
        assert.ok(blob instanceof BlobArtifact);
        assert.deepEqual(blob.value, new TextEncoder().encode("foo"));
        const lists = await memory();
        const items = [new TextArtifact("foo"), new JsonArtifact({ bar: [1] })];
        await lists.processOutput({
          tool: "T",
          activity: "a",
          artifact: new ListArtifact(items, { name: "test" }),
        });
        const loaded = await lists.loadArtifacts("test");
        assert.deepEqual(
          loaded.value.map((item) => item.toJSON()),
          items.map((item) => item.toJSON()),
        );
        assert.deepEqual((await lists.loadArtifacts("unknown")).value, []);
      });

      it("keeps errors, notices, booleans and empty output on the prompt", async () => {
        const m = await memory();
        const process = (artifact: Parameters<TaskMemory["processOutput"]>[0]["artifact"]) =>
          m.processOutput({ tool: "T", activity: "a", artifact });
        const error = new ErrorArtifact("boom");
        assert.equal(await process(error), error);
        const emptyError = new ErrorArtifact("");
        assert.equal(await process(emptyError), emptyError);
        const info = new InfoArtifact("note");
        assert.equal(await process(info), info);
        const falseValue = new BooleanArtifact(false);
        assert.equal(await process(falseValue), falseValue);
        for (const empty of [
          new TextArtifact("  \n"),
          new InfoArtifact(""),
          new JsonArtifact(null),
          new JsonArtifact([]),
          new JsonArtifact({}),
          new BlobArtifact(new Uint8Array()),
          new ListArtifact([]),
        ]) {
          const result = await process(empty);
          assert.ok(result instanceof InfoArtifact, empty.type);
          assert.equal(result.value, "tool output is empty");
        }
        const mixed = new ListArtifact([new TextArtifact("ok"), new ErrorArtifact("failed")]);
        assert.equal(await process(mixed), mixed);
        assert.deepEqual(await m.namespaces(), []);
      });

      it("stores audio (and encoded text, blobs) as they were; keeps URLs on the prompt", async () => {
        const m = await memory();
        const audio = new AudioArtifact(new Uint8Array([1, 2, 3]), { format: "wav", name: "clip" });
        const text = new TextArtifact("ß", { encoding: "latin-1" });
        const blob = new BlobArtifact("x", { encoding: "ascii", encodingErrorHandler: "ignore" });
        assert.equal(await m.storeArtifact("audio", audio), undefined);
        assert.equal(await m.storeArtifact("text", text), undefined);
        assert.equal(await m.storeArtifact("blob", blob), undefined);
        const [loaded] = (await m.loadArtifacts("audio")).value;
        assert.ok(loaded instanceof AudioArtifact);
        assert.deepEqual(
          [loaded.format, loaded.name, [...loaded.value]],
          ["wav", "clip", [1, 2, 3]],
        );
        const [loadedText] = (await m.loadArtifacts("text")).value;
        assert.ok(loadedText instanceof TextArtifact);
        assert.deepEqual([...loadedText.toBytes()], [0xdf]);
        const [loadedBlob] = (await m.loadArtifacts("blob")).value;
        assert.ok(loadedBlob instanceof BlobArtifact);
        assert.equal(loadedBlob.encodingErrorHandler, "ignore");
        const empty = await m.processOutput({
          tool: "T",
          activity: "a",
          artifact: new AudioArtifact(new Uint8Array(), { format: "wav" }),
        });
        assert.equal(empty.toText(), "tool output is empty");
        for (const url of [
          new UrlArtifact("https://example.com"),
          new ImageUrlArtifact("https://example.com/a.png"),
        ]) {
          assert.equal(await m.processOutput({ tool: "T", activity: "a", artifact: url }), url);
        }
      });

      it("pages and searches what it stored; blobs read as a description unless textual", async () => {
        const m = await memory();
        await m.storeArtifact("page", new TextArtifact(`${"word ".repeat(2000)}needle`));
        const page = await m.read("page", { offset: 9990, limit: 100 });
        assert.deepEqual(page, { text: "word word needle", offset: 9990, total: 10_006 });
        assert.equal(await m.read("nope"), undefined);
        const [hit] = await m.search("NEEDLE!");
        assert.equal(hit?.memory_name, "MyMemory");
        assert.equal(hit?.artifact_namespace, "page");
        assert.equal(
          (await m.read("page", { offset: hit?.offset ?? -1, limit: 6 }))?.text,
          hit?.text.slice(0, 6),
        );
        assert.ok(hit?.text.endsWith("word needle"));
        await m.storeArtifact("pdf", new BlobArtifact("%PDF-1.7", { mimeType: "application/pdf" }));
        await m.storeArtifact(
          "csv",
          new BlobArtifact("city,rain\nParis,12", { mimeType: "text/csv" }),
        );
        assert.equal(
          (await m.read("pdf"))?.text,
          "Blob, mime type: application/pdf, size: 8 bytes",
        );
        assert.equal((await m.read("csv"))?.text, "city,rain\nParis,12");
        assert.equal((await m.search("paris"))[0]?.artifact_namespace, "csv");
        assert.deepEqual(await m.search("*** ( )"), []);
      });
    });
  }

  it("never splits a surrogate pair at the end of a page", async () => {
    const memory = new TaskMemory();
    await memory.storeArtifact("clef", new TextArtifact("ab𝄞cd"));
    assert.equal((await memory.read("clef", { limit: 3 }))?.text, "ab");
    assert.equal((await memory.read("clef", { limit: 4 }))?.text, "ab𝄞");
  });

  it("turns a failing store into an ErrorArtifact the model sees, with the typed error as cause", async () => {
    const failing = new TaskMemory({
      store: {
        specificationVersion: "v1",
        write: async () => {
          throw new MemoryStoreError({ store: "redis", location: "redis://h:1", message: "down" });
        },
        load: async () => [],
        namespaces: async () => [],
        read: async () => undefined,
        search: async () => [],
        close: async () => {},
      },
    });
    const result = await failing.processOutput({
      tool: "T",
      activity: "a",
      artifact: new TextArtifact("x"),
    });
    assert.ok(result instanceof ErrorArtifact);
    assert.equal(result.code, "memory_store_failed");
    assert.equal(
      result.value,
      'error storing tool output in memory: Redis artifact store "redis://h:1": down',
    );
    assert.ok(result.cause instanceof MemoryStoreError);
  });
});
