import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { toolMemberNames } from "../src/activity/tool-member-names.js";
import {
  ActivityNameError,
  activity,
  optional,
  parseNativeToolName,
  Tool,
  ToolConfigError,
  ToolNameError,
} from "../src/index.js";
import { MockTool } from "./fixtures/mock-tool.js";

const testInput = {
  description: "Test input",
  type: "object",
  properties: { test: { type: "string" } },
  required: ["test"],
  additionalProperties: false,
};
const emptyInput = { additionalProperties: false, properties: {}, required: [], type: "object" };
const allNames = [
  "test",
  "test_callable_schema",
  "test_error",
  "test_exception",
  "test_list_output",
  "test_no_schema",
  "test_str_output",
  "test_without_default_memory",
];

describe("Tool", () => {
  it("reserves exactly its own members as activity method names", () => {
    const members = new Set([
      ...Object.getOwnPropertyNames(Tool.prototype),
      ...Object.keys(new Tool()),
    ]);
    assert.deepEqual([...toolMemberNames].sort(), [...members].sort());
  });

  it("is named after its class unless told otherwise", () => {
    assert.equal(new MockTool().name, "MockTool");
    assert.equal(new MockTool({ name: "FooBar" }).name, "FooBar");
    assert.throws(() => new MockTool({ name: "has space" }), ToolConfigError);
    assert.throws(() => new MockTool({ name: "" }), { option: "name" });
  });

  it("lists enabled activities in declaration order, computed once per class", () => {
    const tool = new MockTool();
    assert.deepEqual(
      tool.activities().map((activity) => activity.name),
      allNames,
    );
    assert.equal(tool.activities()[0]?.name, "test");
    assert.equal(new MockTool().activities()[0], tool.activities()[0]);
    assert.deepEqual(tool.activities()[0], {
      name: "test",
      methodName: "test",
      description: "test description: {{ _self.foo() }}",
      annotations: {},
      timeoutMs: undefined,
      hasSchema: true,
      needsApproval: undefined,
      retry: undefined,
      finalAnswer: false,
    });
  });

  it("renders activity names, descriptions and schemas", () => {
    const tool = new MockTool();
    assert.equal(tool.activityDescription("test"), "test description: foo");
    assert.equal(tool.activityDescription("test_no_schema"), "test description");
    assert.deepEqual(tool.activitySchema("test"), testInput);
    assert.deepEqual(tool.activitySchema("test_callable_schema"), tool.activitySchema("test"));
    assert.deepEqual(tool.activitySchema("test_no_schema"), emptyInput);
    assert.throws(() => tool.activitySchema("nope"), ActivityNameError);
    assert.throws(
      () => tool.activityDescription("nope"),
      /activity "nope" is not a valid activity/,
    );
  });

  it("renders description functions and templates against the live tool", () => {
    class Described extends Tool {
      limit = 3;
      @activity({ description: (tool: Described) => `at most ${tool.limit} items` })
      a() {}
      @activity({ description: "at most {{ _self.limit }} items, {{ _self.name }}" })
      b() {}
    }
    const tool = new Described();
    tool.limit = 5;
    assert.equal(tool.activityDescription("a"), "at most 5 items");
    assert.equal(tool.activityDescription("b"), "at most 5 items, Described");
  });

  it("builds Griptape's action schema", () => {
    const schema = new MockTool().schema();
    assert.equal(schema.description, "MockTool action schema.");
    assert.equal(schema.$id, "MockTool ToolAction Schema");
    const branches = schema.anyOf as Record<string, Record<string, Record<string, unknown>>>[];
    assert.equal(branches.length, 8);
    assert.deepEqual(
      branches.map((branch) => branch.properties?.path?.const),
      allNames,
    );
    const first = branches[0];
    assert.deepEqual(first?.properties?.name, { const: "MockTool" });
    assert.deepEqual(first?.properties?.path, {
      description: "test description: foo",
      const: "test",
    });
    assert.deepEqual(first?.properties?.input, testInput);
    assert.deepEqual(first?.required, ["name", "path", "input"]);
    const noSchema = branches[5];
    assert.deepEqual(noSchema?.properties?.input, emptyInput);
    assert.deepEqual(noSchema?.required, ["name", "path"]);
    assert.deepEqual(branches[1]?.properties?.input, testInput);
  });

  it("unwraps a single branch and hoists $defs so references resolve", () => {
    const node: z.ZodType = z.lazy(() => z.object({ label: z.string(), children: z.array(node) }));
    class TreeTool extends Tool {
      @activity({ description: "Walk a tree", schema: z.object({ root: node }) })
      walk() {}
    }
    const schema = new TreeTool().schema();
    assert.equal(schema.anyOf, undefined);
    assert.deepEqual((schema.properties as Record<string, unknown>).input, {
      $ref: "#/$defs/walk",
    });
    const hoisted = JSON.stringify(schema.$defs);
    assert.match(hoisted, /"#\/\$defs\/walk\/\$defs\/__schema0"/);
  });

  it("names native tools as Griptape does", () => {
    assert.equal(new MockTool().toNativeToolName("test"), "MockTool_test");
    assert.throws(() => new MockTool({ name: "mock_tool" }).toNativeToolName("test"), {
      name: "ToolNameError",
      message: "Tool name can only contain letters and numbers.",
    });
    assert.throws(
      () => new MockTool().toNativeToolName("foo^bar"),
      (error: unknown) => {
        assert.ok(error instanceof ToolNameError);
        assert.match(
          error.message,
          /^Activity name can only contain letters, numbers, and underscores\.$/,
        );
        return true;
      },
    );
    assert.throws(() => new MockTool().toNativeToolName("nope"), ActivityNameError);
    assert.deepEqual(parseNativeToolName("MockTool_test_error"), {
      toolName: "MockTool",
      activityName: "test_error",
    });
    assert.deepEqual(parseNativeToolName("MockTool"), {
      toolName: "MockTool",
      activityName: undefined,
    });
  });
});

describe("allowlist and denylist", () => {
  const names = (tool: Tool) => tool.activities().map((activity) => activity.name);

  it("finds only enabled activities", () => {
    const tool = new MockTool({ allowlist: ["test"] });
    assert.equal(tool.findActivity("test")?.name, "test");
    assert.equal(tool.findActivity("test_str_output"), undefined);
  });

  it("rejects names that are not activities, at construction and on reassignment", () => {
    for (const options of [
      { allowlist: ["not_an_activity"] },
      { allowlist: ["test_foo"] },
      { denylist: ["test_foo"] },
      { allowlist: ["foo"] },
    ]) {
      assert.throws(
        () => new MockTool(options),
        (error: unknown) => {
          assert.ok(error instanceof ActivityNameError);
          assert.equal(error.code, "unknown_activity_name");
          assert.match(
            error.message,
            /is not a valid activity for tool "MockTool"; its activities are: test,/,
          );
          return true;
        },
      );
    }
    const tool = new MockTool();
    assert.throws(() => {
      tool.allowlist = ["foo"];
    }, ActivityNameError);
    assert.throws(() => {
      tool.denylist = ["bar"];
    }, /in denylist/);
  });

  it("combines both lists as Griptape does", () => {
    assert.deepEqual(names(new MockTool({ allowlist: ["test"] })), ["test"]);
    assert.deepEqual(names(new MockTool({ allowlist: ["test"], denylist: ["test"] })), []);
    assert.deepEqual(names(new MockTool({ denylist: ["test"] })), allNames.slice(1));
    assert.deepEqual(names(new MockTool({ allowlist: [], denylist: ["test"] })), []);
  });

  it("enables and disables everything", () => {
    const tool = new MockTool({ allowlist: ["test"], denylist: ["test_error"] });
    tool.disableActivities();
    assert.equal(tool.activities().length, 0);
    assert.deepEqual(tool.allowlist, []);
    assert.equal(tool.denylist, undefined);
    tool.enableActivities();
    assert.equal(tool.activities().length, 8);
    assert.equal(tool.allowlist, undefined);
    tool.denylist = ["test"];
    assert.equal(tool.activities().length, 7);
  });
});

describe("extraSchemaProperties", () => {
  it("adds required properties of zod or JSON Schema to an activity", () => {
    const tool = new MockTool({
      extraSchemaProperties: {
        test: { new_property: z.string(), optional_property: { type: "integer" } },
      },
    });
    const schema = tool.activitySchema("test");
    assert.deepEqual(schema.properties, {
      test: { type: "string" },
      new_property: { type: "string" },
      optional_property: { type: "integer" },
    });
    assert.deepEqual(schema.required, ["test", "new_property", "optional_property"]);
    assert.deepEqual(new MockTool().activitySchema("test").required, ["test"]);
  });

  it("validates the extra properties and passes them to the method", async () => {
    class Echo extends Tool {
      @activity({ description: "echo", schema: z.object({ a: z.string() }) })
      echo(input: object) {
        return input;
      }
    }
    const tool = new Echo({
      extraSchemaProperties: { echo: { b: z.number().int(), c: { type: "boolean" } } },
    });
    const ok = await tool.run("echo", { a: "x", b: 2, c: true, d: "dropped" });
    assert.deepEqual(ok.value, { a: "x", b: 2, c: true });
    const bad = await tool.run("echo", { a: "x", b: "2" });
    assert.equal(
      bad.toText(),
      'Activity input JSON validation error: $.b: expected number, got string "2"; $.c: expected boolean, got nothing',
    );
  });

  it("adds optional properties (Griptape's Optional): zod .optional(), a default, or optional()", async () => {
    class Echo extends Tool {
      @activity({ description: "echo", schema: z.object({ a: z.string() }) })
      echo(input: object) {
        return input;
      }
    }
    const tool = new Echo({
      extraSchemaProperties: {
        echo: {
          region: optional({ type: "string", enum: ["eu", "us"] }),
          limit: z.number().int().optional(),
          page: z.number().int().default(1),
          key: z.string(),
        },
      },
    });
    const schema = tool.activitySchema("echo");
    assert.deepEqual(Object.keys(schema.properties ?? {}), ["a", "region", "limit", "page", "key"]);
    assert.deepEqual(schema.required, ["a", "key"]);
    assert.deepEqual((await tool.run("echo", { a: "x", key: "k" })).value, {
      a: "x",
      key: "k",
      page: 1,
    });
    assert.deepEqual((await tool.run("echo", { a: "x", key: "k", region: "eu", limit: 5 })).value, {
      a: "x",
      key: "k",
      region: "eu",
      limit: 5,
      page: 1,
    });
    const bad = await tool.run("echo", { a: "x", region: "asia" });
    assert.equal(bad.type, "ErrorArtifact");
    assert.match(bad.toText(), /\$\.region: expected one of "eu", "us"/);
    assert.match(bad.toText(), /\$\.key: expected string, got nothing/);
    // Only optional extras: the schema keeps no empty `required`.
    const loose = new Echo({
      extraSchemaProperties: { echo: { b: optional({ type: "string" }) } },
    });
    assert.deepEqual(loose.activitySchema("echo").required, ["a"]);
  });

  it("rejects extra properties for unknown activities, invalid schemas and collisions", () => {
    assert.throws(() => new MockTool({ extraSchemaProperties: { nope: { a: z.string() } } }), {
      name: "ToolConfigError",
      option: "extraSchemaProperties.nope",
    });
    assert.throws(
      () => new MockTool({ extraSchemaProperties: { test: { a: "string" as never } } }),
      {
        option: "extraSchemaProperties.test.a",
      },
    );
    const clash = new MockTool({ extraSchemaProperties: { test: { test: z.string() } } });
    assert.throws(() => clash.activitySchema("test"), /already declares/);
  });
});

describe("inheritance", () => {
  class Base extends Tool {
    @activity({ description: "first" })
    first() {
      return "base first";
    }
    @activity({ description: "second" })
    second() {
      return "base second";
    }
  }
  class Child extends Base {
    @activity({ description: "third" })
    third() {
      return "child third";
    }
    @activity({ description: "second, overridden" })
    override second() {
      return "child second";
    }
  }
  class Plain extends Base {
    override first() {
      return "plain first";
    }
  }

  it("inherits activities, keeps the inherited position of overrides, and dispatches dynamically", async () => {
    const child = new Child();
    assert.deepEqual(
      child.activities().map((activity) => [activity.name, activity.description]),
      [
        ["first", "first"],
        ["second", "second, overridden"],
        ["third", "third"],
      ],
    );
    assert.equal((await child.run("second", {})).toText(), "child second");
    assert.equal((await new Plain().run("first", {})).toText(), "plain first");
    assert.deepEqual(
      new Base().activities().map((activity) => activity.name),
      ["first", "second"],
    );
  });
});
