// Griptape's tests for the activity mixin, the base tool and the built-in tools that issue 14 found
// failing, ported to toolwright's API. Each `it` names the Griptape test it ports; where toolwright
// differs on purpose (docs/griptape.md), the case asserts toolwright's behaviour and says so.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { activity, optional, TextArtifact, Tool, Toolbox } from "../../src/index.js";
import { TaskMemory } from "../../src/memory.js";
import { DateTimeTool, SqlTool, TaskMemoryTool, WebScraperTool } from "../../src/tools.js";
import { MockTool } from "../fixtures/mock-tool.js";

describe("Griptape test_activity_mixin.py", () => {
  it("test_extra_schema_properties: Literal keys are required, Optional ones are not", async () => {
    const tool = new MockTool({
      extraSchemaProperties: {
        test: { new_property: z.string(), optional_property: z.number().int().optional() },
      },
    });
    const schema = tool.activitySchema("test");
    assert.deepEqual(schema.properties, {
      test: { type: "string" },
      new_property: { type: "string" },
      optional_property: { type: "integer" },
    });
    assert.deepEqual(schema.required, ["test", "new_property"]);
    // The same with JSON Schema sources, the optional one marked with optional().
    const json = new MockTool({
      extraSchemaProperties: {
        test: {
          new_property: { type: "string" },
          optional_property: optional({ type: "integer" }),
        },
      },
    });
    assert.deepEqual(json.activitySchema("test").required, ["test", "new_property"]);
    assert.equal((await json.run("test", { test: "a", new_property: "b" })).toText(), "ack a");
  });

  it("test_activity_schema (test_no_schema): Griptape's None is the empty closed object (a documented difference)", () => {
    assert.deepEqual(new MockTool().activitySchema("test_no_schema"), {
      type: "object",
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });
});

describe("Griptape test_date_time.py", () => {
  it("get_relative_datetime: '3 days from now' is an error in Griptape, a date here (kept on purpose)", async () => {
    const tool = new DateTimeTool({
      timeZone: "UTC",
      now: () => new Date("2024-03-10T12:00:00Z"),
    });
    const result = await tool.run("get_relative_datetime", {
      relative_date_string: "3 days from now",
    });
    assert.equal(result.type, "TextArtifact");
    assert.match(result.toText(), /^2024-03-13 12:00:00/);
  });
});

class ReportTool extends Tool {
  @activity({ description: "A long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(`Report on ${input.topic}. ${"Tides turn twice a day. ".repeat(100)}`);
  }
}

describe("Griptape test_base_tool.py / structures with off-prompt tools", () => {
  it("test_off_prompt: a structure's tools get a TaskMemory by default; here the Toolbox does it", async () => {
    const toolbox = new Toolbox([new WebScraperTool(), new ReportTool({ offPrompt: true })]);
    assert.ok(toolbox.taskMemory instanceof TaskMemory);
    assert.ok(toolbox.tools.some((tool) => tool instanceof TaskMemoryTool));
    const result = await toolbox.execute({ name: "ReportTool_report", arguments: { topic: "x" } });
    assert.match(result.artifact.toText(), /was stored in memory with memory_name "TaskMemory"/);
    // Without off-prompt tools nothing is added, as in Griptape (output_memory stays empty).
    const plain = new Toolbox([new MockTool()]);
    assert.equal(plain.taskMemory, undefined);
    assert.equal(plain.tool("MockTool")?.outputMemory, undefined);
  });
});

describe("Griptape SqlTool (griptape/tools/sql/tool.py)", () => {
  let directory: string;
  let database: string;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-parity-"));
    database = join(directory, "shop.db");
    const db = new DatabaseSync(database);
    db.exec("CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE other (x);");
    db.close();
  });
  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("execute_query's description: 'in table {table_name}', its schema and its description", async () => {
    const tool = new SqlTool({ database, tableName: "products", tableDescription: "what we sell" });
    try {
      const lines = tool.activityDescription("execute_query").split("\n");
      assert.match(lines[0] ?? "", /SQL SELECT queries, one per call, in table products\./);
      assert.match(
        lines[0] ?? "",
        /You can use JOINs if more tables are available in other tools\./,
      );
      assert.equal(
        lines[1],
        "products schema: CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT);",
      );
      assert.equal(lines[2], "products description: what we sell");
    } finally {
      await tool.close();
    }
  });
});
