// The tools that ask a model about content (QueryTool, PromptSummaryTool, ExtractionTool, RagTool),
// alone and through the Agent, with the mock driver.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { Agent } from "../../src/agent.js";
import {
  activity,
  BlobArtifact,
  type ErrorArtifact,
  type JsonArtifact,
  type ListArtifact,
  type PromptRequest,
  TextArtifact,
  Tool,
  ToolConfigError,
} from "../../src/index.js";
import { memoryReferencesOf, TaskMemory } from "../../src/memory.js";
import { MockPromptDriver, type MockResponse } from "../../src/testing.js";
import { ExtractionTool, PromptSummaryTool, QueryTool, RagTool } from "../../src/tools.js";

const topics = [
  "The lighthouse keeper climbs the spiral stairs at dusk to light the lamp.",
  "Zephyr winds carried the glider far over the valley before noon.",
  "The bakery sells rye bread, sourdough loaves and cinnamon buns every morning.",
  "Tidal pools hold anemones, crabs and small fish until the sea returns.",
];

/** A long report: paragraphs about several topics, each repeated into a paragraph of its own. */
function report(paragraphs: number, repeat = 6): string {
  return Array.from({ length: paragraphs }, (_, index) =>
    `${topics[index % topics.length]} `.repeat(repeat).trim(),
  ).join("\n\n");
}

class ReportTool extends Tool {
  @activity({ description: "Writes a long report", schema: z.object({ paragraphs: z.number() }) })
  write(input: { paragraphs: number }) {
    return new TextArtifact(report(input.paragraphs));
  }
}

/** A driver that answers every call with `answer(request, call)` and records the requests. */
const answering = (answer: (request: PromptRequest, call: number) => MockResponse, calls = 10) =>
  new MockPromptDriver({
    responses: Array.from({ length: calls }, () => answer),
  });

const system = (request: PromptRequest | undefined) => {
  const first = request?.messages[0];
  return first?.role === "system" ? first.content : "";
};
const user = (request: PromptRequest | undefined) => {
  const last = request?.messages.at(-1);
  return last?.role === "user" && typeof last.content === "string" ? last.content : "";
};

describe("QueryTool", () => {
  it("answers a question over output an off-prompt tool stored, through the Agent", async () => {
    const model = answering(() => "The keeper lights the lamp at dusk.");
    const agent = new Agent({
      driver: new MockPromptDriver({
        responses: [
          { toolCalls: [{ id: "r", name: "ReportTool_write", arguments: { paragraphs: 8 } }] },
          (request) => {
            const notice = request.messages.at(-1);
            assert.equal(notice?.role, "tool");
            const [stored] = memoryReferencesOf(
              notice.role === "tool" ? notice.artifact : new TextArtifact(""),
            );
            assert.ok(stored);
            return {
              toolCalls: [
                {
                  id: "q",
                  name: "QueryTool_query",
                  arguments: { query: "When is the lamp lit?", content: { ...stored } },
                },
              ],
            };
          },
          "At dusk.",
        ],
      }),
      tools: [new ReportTool({ offPrompt: true }), new QueryTool({ driver: model })],
    });
    const result = await agent.run("Write a report, then tell me when the lamp is lit.");
    assert.equal(result.output.toText(), "At dusk.");
    const answer = result.toolCalls[1]?.result.artifact as ListArtifact | undefined;
    assert.equal(answer?.value[0]?.value, "The keeper lights the lamp at dusk.");
    const [request] = model.requests;
    assert.match(system(request), /^You are an expert Q&A system\./);
    assert.match(system(request), /## Text Chunks\n\nText chunk: """\nThe lighthouse keeper/);
    assert.equal(user(request), "When is the lamp lit?");
  });

  it("sends the passages the memory ranks best when the stored output does not fit", async () => {
    const memory = new TaskMemory();
    // Paragraphs of about 900 characters: each stored passage is one paragraph.
    await memory.storeArtifact("long", new TextArtifact(report(40, 12)));
    const model = answering(() => "Over the valley.");
    const query = new QueryTool({
      driver: model,
      inputMemory: [memory],
      maxContentCharacters: 2_000,
    });
    const content = { memory_name: memory.name, artifact_namespace: "long" };
    await query.run("query", { query: "Where did the zephyr glider fly?", content });
    const prompt = system(model.requests[0]);
    const chunks = prompt.split('Text chunk: """\n').slice(1);
    assert.ok(chunks.length > 0);
    assert.ok(chunks.join("").length <= 2_000 + chunks.length * 8);
    for (const chunk of chunks) assert.match(chunk, /^Zephyr winds carried the glider/);
    assert.doesNotMatch(prompt, /bakery sells rye/);
  });

  it("gives the model's errors back: unknown memory, empty namespace, output without text", async () => {
    const memory = new TaskMemory({ name: "M" });
    await memory.storeArtifact("blob", new BlobArtifact(new Uint8Array([1, 2, 3])));
    const query = new QueryTool({ driver: answering(() => "x"), inputMemory: [memory] });
    const ask = (content: unknown) => query.run("query", { query: "q", content });
    const codes = async (content: unknown) => ((await ask(content)) as ErrorArtifact).code;
    assert.equal(
      await codes({ memory_name: "Other", artifact_namespace: "n" }),
      "memory_not_found",
    );
    assert.equal(
      await codes({ memory_name: "M", artifact_namespace: "none" }),
      "namespace_not_found",
    );
    assert.equal(await codes({ memory_name: "M", artifact_namespace: "blob" }), "content_not_text");
    assert.equal(((await ask(42)) as ErrorArtifact).code, "invalid_input");
  });

  it("says so when the model answers nothing", async () => {
    const query = new QueryTool({ driver: answering(() => "  ") });
    const result = (await query.run("query", { query: "q", content: "text" })) as ErrorArtifact;
    assert.equal(result.toText(), "query output is empty");
  });

  it("renders rules as Griptape renders a ruleset", async () => {
    const model = answering(() => "ok");
    const query = new QueryTool({ driver: model, rules: ["Answer in French.", "Be brief."] });
    await query.run("query", { query: "q", content: "text" });
    assert.match(
      system(model.requests[0]),
      /When responding, always use rules from the following rulesets\.\n\nRuleset name: Default Ruleset\n"Default Ruleset" rules:\nRule #1\nAnswer in French\.\nRule #2\nBe brief\./,
    );
  });
});

describe("PromptSummaryTool", () => {
  it("summarises long content chunk by chunk, each call given the summary so far", async () => {
    const text = report(30);
    const model = answering((_request, call) => `summary ${call + 1}`);
    const tool = new PromptSummaryTool({ driver: model, maxContentCharacters: 2_000 });
    const result = await tool.run("summarize", { summary: text });
    const calls = model.requests.length;
    assert.ok(calls >= 3, `${calls} calls`);
    assert.equal(result.toText(), `summary ${calls}`);
    assert.equal(system(model.requests[0]), "You are an expert in text summarization.");
    assert.match(system(model.requests[1]), /Current text summary: """\nsummary 1\n"""$/);
    // Every character of the content went to some call, in order.
    const sent = model.requests.map((request) => {
      const body = user(request);
      assert.ok(body.length <= 2_000 + 60);
      return body.slice('Summarize the following text: """\n'.length, body.lastIndexOf('\n"""'));
    });
    assert.equal(sent.join(""), text);
  });
});

describe("ExtractionTool", () => {
  const person = z.object({ name: z.string(), age: z.number() });

  it("reads the JSON array out of the model's answer and validates every row", async () => {
    const model = answering(
      () => 'Here you go:\n```json\n[{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}]\n```',
    );
    const tool = new ExtractionTool({ driver: model, format: "json", schema: person });
    const result = (await tool.run("extract", {
      data: "Ada was 36, Alan 41.",
    })) as ListArtifact<JsonArtifact>;
    assert.deepEqual(
      result.value.map((row) => row.value),
      [
        { name: "Ada", age: 36 },
        { name: "Alan", age: 41 },
      ],
    );
    assert.match(
      system(model.requests[0]),
      /^Extraction Template JSON Schema: """\{.*"required":\["name","age"\]/,
    );
    assert.match(
      user(model.requests[0]),
      /into an array of JSON objects\.\nText: """Ada was 36, Alan 41\."""\n\nJSON array:$/,
    );
  });

  it("names a row that does not fit the schema, and an answer that is not a JSON array", async () => {
    const invalid = new ExtractionTool({
      driver: answering(() => '[{"name": "Ada", "age": 36}, {"name": "Alan"}]'),
      format: "json",
      schema: person,
    });
    const wrong = (await invalid.run("extract", { data: "x" })) as ErrorArtifact;
    assert.equal(wrong.code, "extraction_invalid");
    assert.match(wrong.toText(), /^extracted row 2 does not fit the extraction schema: /);
    const broken = new ExtractionTool({
      driver: answering(() => "[{oops"),
      format: "json",
      schema: person,
    });
    assert.equal(
      ((await broken.run("extract", { data: "x" })) as ErrorArtifact).code,
      "extraction_unreadable",
    );
    const none = new ExtractionTool({
      driver: answering(() => "No people."),
      format: "json",
      schema: person,
    });
    assert.equal(((await none.run("extract", { data: "x" })) as ListArtifact).value.length, 0);
  });

  it("orders CSV columns by the model's header and quotes what needs it", async () => {
    const tool = new ExtractionTool({
      driver: answering(() => 'age,name\n36,"Lovelace, Ada"\n41,Alan'),
      format: "csv",
      columns: ["name", "age"],
    });
    const result = (await tool.run("extract", { data: "x" })) as ListArtifact;
    assert.deepEqual(
      result.value.map((row) => row.value),
      ["name,age", '"Lovelace, Ada",36', "Alan,41"],
    );
    assert.equal(result.toText(), 'name,age\n"Lovelace, Ada",36\nAlan,41');
  });

  it("keeps the rows of every chunk of long content", async () => {
    const model = answering((_request, call) => `[{"name": "p${call}", "age": ${call}}]`);
    const tool = new ExtractionTool({
      driver: model,
      format: "json",
      schema: person,
      maxContentCharacters: 2_000,
    });
    const result = (await tool.run("extract", { data: report(20) })) as ListArtifact;
    assert.ok(model.requests.length >= 2);
    assert.equal(result.value.length, model.requests.length);
  });

  it("refuses options that do not go together", () => {
    const driver = answering(() => "");
    assert.throws(() => new ExtractionTool({ driver, format: "json" } as never), ToolConfigError);
    assert.throws(
      () => new ExtractionTool({ driver, format: "csv", columns: ["a"], schema: person } as never),
      /"schema" is for the json format/,
    );
    assert.throws(
      () => new ExtractionTool({ driver, format: "csv", columns: [] }),
      /at least one column/,
    );
    assert.throws(() => new ExtractionTool({ driver, format: "xml" } as never), ToolConfigError);
    assert.throws(
      () => new QueryTool({ driver: { generate: () => {} } as never }),
      /"driver" must be a PromptDriver/,
    );
    assert.throws(() => new QueryTool({} as never), /"driver"/);
  });
});

describe("RagTool", () => {
  it("retrieves the passages that match and answers from them only", async () => {
    const memory = new TaskMemory();
    for (const [index, topic] of topics.entries()) {
      await memory.storeArtifact(`n${index}`, new TextArtifact(`${topic} `.repeat(3)));
    }
    const model = answering(() => "At dusk.");
    const rag = new RagTool({
      driver: model,
      memory,
      description: "Notes about the coast",
      limit: 1,
    });
    const agent = new Agent({
      driver: new MockPromptDriver({
        responses: [
          { toolCalls: [{ name: "RagTool_search", arguments: { query: "lighthouse lamp" } }] },
          "It is lit at dusk.",
        ],
      }),
      tools: [rag],
    });
    const result = await agent.run("When is the lamp lit?");
    assert.equal(result.output.toText(), "It is lit at dusk.");
    assert.equal(
      (result.toolCalls[0]?.result.artifact as ListArtifact | undefined)?.value[0]?.value,
      "At dusk.",
    );
    const prompt = system(model.requests[0]);
    assert.equal(prompt.split('Text chunk: """').length - 1, 1);
    assert.match(prompt, /lighthouse keeper/);
    assert.equal(user(model.requests[0]), "lighthouse lamp");
  });

  it("tells the model when nothing was found", async () => {
    const model = answering(() => "I do not know.");
    const rag = new RagTool({ driver: model, memory: new TaskMemory(), description: "Empty" });
    await rag.run("search", { query: "anything" });
    assert.match(
      system(model.requests[0]),
      /Use the following list of text chunks to respond\.\n\nNo text chunks available\.$/,
    );
  });
});
