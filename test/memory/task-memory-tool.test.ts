import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { ErrorArtifact, InfoArtifact, MemoryConfigError, TextArtifact } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { TaskMemoryTool } from "../../src/tools.js";
import { TextCorpus } from "../fixtures/text-corpus.js";
import { storeKinds } from "./fixtures/stores.js";

const kinds = storeKinds();
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

describe("TaskMemoryTool", () => {
  it("serves one memory (memory.tool()) or several, with unique names", () => {
    const memory = new TaskMemory();
    const tool = memory.tool();
    assert.equal(tool.name, "TaskMemoryTool");
    assert.deepEqual(tool.memories, [memory]);
    assert.deepEqual(
      tool.activities().map((activity) => activity.name),
      ["list_namespaces", "read", "search"],
    );
    assert.ok(tool.activities().every((activity) => activity.annotations.readOnly === true));
    assert.equal(tool.offPrompt, false);
    const two = new TaskMemoryTool({
      memories: [memory, new TaskMemory({ name: "Scratch" })],
      name: "Memory",
    });
    assert.match(two.activityDescription("search"), /"TaskMemory", "Scratch"/);
    assert.throws(() => new TaskMemoryTool({ memories: [] }), MemoryConfigError);
    assert.throws(() => new TaskMemoryTool({ memories: [memory, new TaskMemory()] }), {
      message: /two memories named "TaskMemory"/,
    });
  });

  it("renders input schemas a model can fill", () => {
    const tool = new TaskMemory().tool();
    assert.deepEqual(tool.activitySchema("read").required, ["memory_name", "artifact_namespace"]);
    assert.deepEqual(tool.activitySchema("search").required, ["memory_name", "query"]);
    assert.deepEqual(tool.activitySchema("list_namespaces").required ?? [], []);
  });

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      const setUp = async () => {
        const memory = new TaskMemory({ name: "Research", store: await kind.create() });
        const corpus = new TextCorpus({ seed: 3, vocabularySize: 800 });
        const report = `${corpus.text(9000)}\n\nThe quarterly revenue grew by 12 percent in Lisbon. ${corpus.text(3000)}`;
        await memory.processOutput({
          tool: "WebTool",
          activity: "fetch",
          artifact: new TextArtifact(report, { name: "report" }),
        });
        await memory.processOutput({
          tool: "SqlTool",
          activity: "query",
          artifact: new TextArtifact("revenue: 4.2M EUR", { name: "rows" }),
        });
        return { memory, tool: memory.tool(), report };
      };

      it("lists namespaces with their source, artifact count and size", async () => {
        const { tool, report } = await setUp();
        assert.equal(
          (await tool.run("list_namespaces", {})).toText(),
          [
            'Memory "Research" holds 2 namespaces:',
            `- artifact_namespace "report": output of WebTool.fetch, 1 artifact, ${report.length} characters`,
            '- artifact_namespace "rows": output of SqlTool.query, 1 artifact, 17 characters',
          ].join("\n"),
        );
        const empty = new TaskMemory({ name: "Empty", store: await kind.create() }).tool();
        assert.equal((await empty.run("list_namespaces", {})).toText(), 'Memory "Empty" is empty.');
        const missing = await tool.run("list_namespaces", { memory_name: "Nope" });
        assert.ok(missing instanceof ErrorArtifact);
        assert.match(
          missing.value,
          /^memory not found: no memory named "Nope"; memories: "Research"/,
        );
      });

      it("reads page by page, saying how much is left and where to continue", async () => {
        const { tool, report } = await setUp();
        const reference = { memory_name: "Research", artifact_namespace: "report" };
        const first = await tool.run("read", { ...reference, limit: 5000 });
        assert.ok(first instanceof TextArtifact);
        assert.equal(
          first.value,
          `memory_name "Research", artifact_namespace "report": characters 0-5000 of ${report.length} (${report.length - 5000} left; continue with offset 5000)\n\n${report.slice(0, 5000)}`,
        );
        let offset = 0;
        let text = "";
        for (let pages = 0; pages < 10; pages++) {
          const page = await tool.run("read", { ...reference, offset });
          const meta = page.meta as { end: number; total: number };
          text += page.toText().slice(page.toText().indexOf("\n\n") + 2);
          offset = meta.end;
          if (meta.end === meta.total) {
            assert.match(page.toText(), /\(end of text\)\n\n/);
            break;
          }
        }
        assert.equal(text, report);
      });

      it("refuses reads it cannot serve with errors the model can act on", async () => {
        const { tool, report } = await setUp();
        const reference = { memory_name: "Research", artifact_namespace: "report" };
        const beyond = await tool.run("read", { ...reference, offset: report.length });
        assert.ok(beyond instanceof ErrorArtifact);
        assert.equal(beyond.code, "offset_out_of_range");
        assert.match(beyond.value, new RegExp(`which has ${report.length} characters`));
        const negative = await tool.run("read", { ...reference, offset: -5 });
        assert.ok(negative instanceof ErrorArtifact);
        assert.equal(negative.code, "invalid_input");
        assert.match(negative.value, /\$\.offset/);
        const huge = await tool.run("read", { ...reference, limit: 10_000_000 });
        assert.equal((huge as ErrorArtifact).code, "invalid_input");
        const unknown = await tool.run("read", { ...reference, artifact_namespace: "nope" });
        assert.equal((unknown as ErrorArtifact).code, "namespace_not_found");
        const noMemory = await tool.run("read", { ...reference, memory_name: "Other" });
        assert.equal((noMemory as ErrorArtifact).code, "memory_not_found");
      });

      it("searches: ranked passages verbatim, with namespace and offset to read from", async () => {
        const { tool, memory, report } = await setUp();
        const result = await tool.run("search", {
          memory_name: "Research",
          query: "Lisbon revenue",
          limit: 2,
        });
        assert.ok(result instanceof TextArtifact);
        const hits = (
          result.meta as { hits: { artifact_namespace: string; offset: number; length: number }[] }
        ).hits;
        assert.equal(hits.length, 2);
        const [best] = hits;
        assert.equal(best?.artifact_namespace, "report");
        const passage = report.slice(best?.offset, (best?.offset ?? 0) + (best?.length ?? 0));
        assert.match(passage, /The quarterly revenue grew by 12 percent in Lisbon\./);
        assert.ok(
          result.value.includes(
            `[1] artifact_namespace "report", offset ${best?.offset}\n${passage}`,
          ),
        );
        assert.match(
          result.value,
          /^2 passages from memory "Research" match "Lisbon revenue", best first:/,
        );
        const page = await memory.read("report", {
          offset: best?.offset ?? 0,
          limit: best?.length ?? 0,
        });
        assert.equal(page?.text, passage);
        const scoped = await tool.run("search", {
          memory_name: "Research",
          query: "revenue",
          artifact_namespace: "rows",
        });
        assert.match(
          scoped.toText(),
          /^1 passage from artifact_namespace "rows" of memory "Research"/,
        );
      });

      it("takes any query text: FTS syntax, quotes, operators, huge or empty queries never break it", async () => {
        const { tool } = await setUp();
        const search = (query: unknown) => tool.run("search", { memory_name: "Research", query });
        for (const query of [
          '"revenue',
          "revenue*",
          "Lisbon NEAR revenue",
          "NEAR(revenue lisbon, 2)",
          "(revenue OR",
          "revenue) AND NOT (",
          "^revenue",
          "rev:enue",
          "'; DROP TABLE toolwright_passages; --",
          "-revenue +Lisbon",
        ]) {
          const result = await search(query);
          assert.ok(
            result instanceof TextArtifact || result instanceof InfoArtifact,
            `${query}: ${result.toText()}`,
          );
        }
        assert.match((await search('"revenue')).toText(), /artifact_namespace "rows"/);
        const punctuation = await search('*** (( "" ))');
        assert.equal((punctuation as ErrorArtifact).code, "empty_query");
        assert.equal(((await search("")) as ErrorArtifact).code, "invalid_input");
        assert.equal(((await search("x".repeat(5000))) as ErrorArtifact).code, "invalid_input");
        const many = Array.from({ length: 400 }, (_, index) => `w${index}`).join(" ");
        assert.ok((await search(`${many} lisbon`)) instanceof InfoArtifact);
        assert.match((await search(`lisbon ${many}`)).toText(), /Lisbon/);
        const nothing = await search("zzzzqqq");
        assert.ok(nothing instanceof InfoArtifact);
        assert.match(nothing.value, /^No passages in memory "Research" match "zzzzqqq"/);
      });
    });
  }
});
