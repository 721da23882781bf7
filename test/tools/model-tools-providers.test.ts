// The tools that ask a model, StructureRunTool and reflectOnToolUse through every prompt driver's
// real SDK, against local servers that speak each provider's wire format.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Agent } from "../../src/agent.js";
import { type JsonArtifact, type ListArtifact, TextArtifact } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import {
  ExtractionTool,
  PromptSummaryTool,
  QueryTool,
  RagTool,
  StructureRunTool,
} from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";
import type { HeardRequest } from "../fixtures/provider-servers/heard-request.js";
import { providers } from "../fixtures/provider-servers/providers.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";

const userText = (heard: HeardRequest | undefined) =>
  heard?.turns.flatMap((turn) => (turn.role === "user" ? [turn.text] : [])).join("\n");
const toolText = (heard: HeardRequest | undefined) =>
  heard?.turns.flatMap((turn) => (turn.role === "tool" ? [turn.text] : [])).join("\n");

for (const provider of providers) {
  describe(`model tools through ${provider.name}`, () => {
    let server: ScriptedServer;
    before(async () => {
      server = await provider.start();
    });
    after(() => server.close());

    it("an agent's QueryTool call asks the provider's model with Griptape's prompt", async () => {
      server.reset();
      const driver = provider.driver(server.origin);
      server.script(
        reply({
          toolCalls: [
            {
              id: "q1",
              name: "QueryTool_query",
              arguments: {
                query: "When does the harbour open?",
                content: "The harbour opens at dawn.",
              },
            },
          ],
        }),
        reply({ text: "At dawn." }),
        reply({ text: "It opens at dawn." }),
      );
      const agent = new Agent({ driver, tools: [new QueryTool({ driver })] });
      const result = await agent.run("When does the harbour open?");
      assert.equal(result.output.toText(), "It opens at dawn.");
      const asked = server.requests[1]?.heard;
      assert.match(asked?.system ?? "", /^You are an expert Q&A system\./);
      assert.match(asked?.system ?? "", /Text chunk: """\nThe harbour opens at dawn\.\n"""/);
      assert.equal(userText(asked), "When does the harbour open?");
      assert.deepEqual(asked?.tools, []);
      assert.match(toolText(server.requests[2]?.heard) ?? "", /At dawn\./);
    });

    it("PromptSummaryTool, ExtractionTool and RagTool read the provider's answers", async () => {
      server.reset();
      const driver = provider.driver(server.origin);
      server.script(
        reply({ text: "A harbour at dawn." }),
        reply({ text: 'Here: [{"name": "Ada", "age": 36}]' }),
        reply({ text: "name,age\nAda,36" }),
        reply({ text: "Twice a day." }),
      );
      const summary = await new PromptSummaryTool({ driver }).run("summarize", {
        summary: "Long text.",
      });
      assert.equal(summary.toText(), "A harbour at dawn.");
      assert.match(
        userText(server.requests[0]?.heard) ?? "",
        /^Summarize the following text: """\nLong text\.\n"""/,
      );
      const json = (await new ExtractionTool({ driver, format: "json", schema: {} }).run(
        "extract",
        {
          data: "Ada is 36.",
        },
      )) as ListArtifact<JsonArtifact>;
      assert.deepEqual(json.value[0]?.value, { name: "Ada", age: 36 });
      const csv = await new ExtractionTool({ driver, format: "csv", columns: ["name", "age"] }).run(
        "extract",
        { data: "Ada is 36." },
      );
      assert.equal(csv.toText(), "name,age\nAda,36");
      const memory = new TaskMemory();
      await memory.storeArtifact("tides", new TextArtifact("The tide turns twice a day."));
      const rag = new RagTool({ driver, memory, description: "Tide tables" });
      const answer = (await rag.run("search", {
        query: "How often does the tide turn?",
      })) as ListArtifact;
      assert.equal(answer.value[0]?.value, "Twice a day.");
      assert.match(server.requests[3]?.heard.system ?? "", /The tide turns twice a day\./);
    });

    it("runs a child agent as a tool, and ends after the tools without reflection", async () => {
      server.reset();
      const driver = provider.driver(server.origin);
      server.script(
        reply({
          toolCalls: [
            { id: "s1", name: "Researcher_run_structure", arguments: { args: ["tides"] } },
          ],
        }),
        reply({ text: "Tides turn twice a day." }),
        reply({ text: "Twice a day, says the researcher." }),
      );
      const researcher = new Agent({ driver, name: "researcher" });
      const lead = new Agent({
        driver,
        tools: [
          new StructureRunTool({
            name: "Researcher",
            description: "Researches",
            structure: researcher,
          }),
        ],
      });
      const result = await lead.run("How often do tides turn?");
      assert.equal(result.output.toText(), "Twice a day, says the researcher.");
      assert.equal(userText(server.requests[1]?.heard), "tides");
      assert.match(toolText(server.requests[2]?.heard) ?? "", /Tides turn twice a day\./);

      server.reset();
      server.script(
        reply({ toolCalls: [{ id: "t1", name: "MockTool_test", arguments: { test: "once" } }] }),
      );
      const once = new Agent({ driver, tools: [new MockTool()], reflectOnToolUse: false });
      const ended = await once.run("go");
      assert.equal(ended.output.toText(), "ack once");
      assert.equal(server.requests.length, 1);
      assert.doesNotMatch(server.requests[0]?.heard.system ?? "", /Repeat executing actions/);
    });
  });
}
