import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { McpConfigError } from "../../src/errors/mcp-config-error.js";
import { activity, Tool, ToolConfigError, type ToolOptions } from "../../src/index.js";
import { McpTool } from "../../src/mcp/mcp-tool.js";
import { TaskMemory } from "../../src/memory/task-memory.js";
import { TaskMemoryTool } from "../../src/memory/task-memory-tool.js";
import { CalculatorTool } from "../../src/tools/calculator/calculator-tool.js";
import { DateTimeTool } from "../../src/tools/date-time/date-time-tool.js";
import { FileManagerTool } from "../../src/tools/file-manager/file-manager-tool.js";
import { RestApiTool } from "../../src/tools/rest-api/rest-api-tool.js";
import { SqlTool, WritableSqlTool } from "../../src/tools/sql/sql-tool.js";
import { StructuredOutputTool } from "../../src/tools/structured-output/structured-output-tool.js";
import { WebScraperTool } from "../../src/tools/web-scraper/web-scraper-tool.js";
import { assertTyped, optionCases, thrown } from "./option-cases.js";

class PlainTool extends Tool {
  @activity({ description: "Does nothing" })
  go() {
    return "done";
  }
}

const api = { baseUrl: "https://api.example.com/v1", description: "Example API" };
const memory = new TaskMemory();
const make =
  <T>(Class: new (options: never) => T, base: object = {}) =>
  (options: unknown) =>
    new Class(
      (typeof options === "object" && options !== null
        ? { ...base, ...options }
        : options) as never,
    );

describe("tool options", () => {
  optionCases([
    {
      name: "new Tool(options) (a subclass without options of its own)",
      owner: "PlainTool",
      error: ToolConfigError,
      call: make(PlainTool),
      typo: { options: { tiemoutMs: 5 }, key: "tiemoutMs", suggestion: "timeoutMs" },
      wrong: {
        options: { timeoutMs: "5" },
        key: "timeoutMs",
        expected: "a whole number of milliseconds from 1 to 2,147,483,647, or null for no limit",
      },
    },
    {
      name: "new CalculatorTool(options)",
      owner: "CalculatorTool",
      error: ToolConfigError,
      call: make(CalculatorTool),
      typo: {
        options: { evalutionTimeoutMs: 5 },
        key: "evalutionTimeoutMs",
        suggestion: "evaluationTimeoutMs",
      },
      wrong: { options: { maxMemoryMb: "128" }, key: "maxMemoryMb", expected: "a positive number" },
    },
    {
      name: "new DateTimeTool(options)",
      owner: "DateTimeTool",
      error: ToolConfigError,
      call: make(DateTimeTool),
      typo: { options: { timezone: "UTC" }, key: "timezone", suggestion: "timeZone" },
      wrong: { options: { now: "yesterday" }, key: "now", expected: "a function" },
    },
    {
      name: "new FileManagerTool(options)",
      owner: "FileManagerTool",
      error: ToolConfigError,
      call: make(FileManagerTool, { root: "." }),
      typo: { options: { maxFileByte: 5 }, key: "maxFileByte", suggestion: "maxFileBytes" },
      wrong: {
        options: { maxListEntries: "10" },
        key: "maxListEntries",
        expected: "a positive number",
      },
    },
    {
      name: "new RestApiTool(options)",
      owner: "RestApiTool",
      error: ToolConfigError,
      call: make(RestApiTool, api),
      typo: { options: { header: {} }, key: "header", suggestion: "headers" },
      wrong: { options: { headers: "x" }, key: "headers", expected: "an object of string values" },
    },
    {
      name: "new SqlTool(options)",
      owner: "SqlTool",
      error: ToolConfigError,
      call: make(SqlTool, { database: "shop.db" }),
      typo: { options: { maxRow: 5 }, key: "maxRow", suggestion: "maxRows" },
      wrong: {
        options: { describeSchema: "yes" },
        key: "describeSchema",
        expected: "true or false",
      },
    },
    {
      name: "new WritableSqlTool(options)",
      owner: "WritableSqlTool",
      error: ToolConfigError,
      call: make(WritableSqlTool, { database: "shop.db" }),
      typo: { options: { queryTimeout: 5 }, key: "queryTimeout", suggestion: "queryTimeoutMs" },
      wrong: { options: { maxRows: 0 }, key: "maxRows", expected: "a positive number" },
    },
    {
      name: "new StructuredOutputTool(options)",
      owner: "StructuredOutputTool",
      error: ToolConfigError,
      call: make(StructuredOutputTool, { schema: z.object({ answer: z.string() }) }),
      typo: { options: { nmae: "Answer" }, key: "nmae", suggestion: "name" },
      wrong: { options: { offPrompt: "no" }, key: "offPrompt", expected: "true or false" },
    },
    {
      name: "new WebScraperTool(options)",
      owner: "WebScraperTool",
      error: ToolConfigError,
      call: make(WebScraperTool),
      typo: { options: { userAgen: "bot" }, key: "userAgen", suggestion: "userAgent" },
      wrong: {
        options: { maxRedirects: -1 },
        key: "maxRedirects",
        expected: "a whole number >= 0",
      },
    },
    {
      name: "new TaskMemoryTool(options)",
      owner: "TaskMemoryTool",
      error: ToolConfigError,
      call: make(TaskMemoryTool, { memories: [memory] }),
      typo: { options: { memorie: [memory] }, key: "memorie", suggestion: "memories" },
      wrong: { options: { memories: "notes" }, key: "memories", expected: "an array" },
    },
    {
      name: "McpTool.connect(target, options)",
      owner: "McpTool.connect",
      error: McpConfigError,
      call: (options) => McpTool.connect({ command: "no-such-mcp-server-zz" }, options as never),
      typo: {
        options: { connectTimeout: 5 },
        key: "connectTimeout",
        suggestion: "connectTimeoutMs",
      },
      wrong: {
        options: { requestTimeoutMs: "1" },
        key: "requestTimeoutMs",
        expected: "a whole number of milliseconds from 1 to 2,147,483,647",
      },
    },
    {
      name: "McpTool.connect(target)",
      owner: "the McpTool.connect target",
      error: McpConfigError,
      call: (target) =>
        McpTool.connect(
          (typeof target === "object"
            ? { command: "no-such-mcp-server-zz", ...target }
            : target) as never,
        ),
      typo: { options: { arg: [] }, key: "arg", suggestion: "args" },
      wrong: {
        options: { stderr: "loud" },
        key: "stderr",
        expected: 'one of "pipe", "inherit", "ignore"',
      },
    },
    {
      name: "tool.checkRequirements(options)",
      owner: "Tool.checkRequirements",
      error: ToolConfigError,
      call: (options) => new PlainTool().checkRequirements(options as never),
      typo: { options: { cdw: "." }, key: "cdw", suggestion: "cwd" },
      wrong: { options: { cwd: 5 }, key: "cwd", expected: "a string" },
    },
    {
      name: "tool.run(activity, input, options)",
      owner: "Tool.run",
      error: ToolConfigError,
      call: (options) => new PlainTool().run("go", {}, options as never),
      typo: { options: { timeoutMS: 5 }, key: "timeoutMS", suggestion: "timeoutMs" },
      wrong: { options: { signal: "x" }, key: "signal", expected: "an AbortSignal" },
    },
  ]);

  it("a TaskMemoryTool refuses the Tool options that do not apply to it", async () => {
    const error = await thrown(
      () => new TaskMemoryTool({ memories: [memory], offPrompt: true } as never),
    );
    assertTyped(error, ToolConfigError, ['"offPrompt" is not an option of TaskMemoryTool']);
  });

  it("a subclass with options of its own takes them out before super(); Tool names the pattern otherwise", async () => {
    interface GreeterOptions extends ToolOptions {
      greeting?: string;
    }
    class Greeter extends Tool {
      readonly greeting: string;
      constructor(options: GreeterOptions = {}) {
        const { greeting = "Hello", ...toolOptions } = options;
        super(toolOptions);
        this.greeting = greeting;
      }
    }
    class LeakyGreeter extends Tool {
      constructor(options: GreeterOptions = {}) {
        super(options);
      }
    }
    assert.equal(new Greeter({ greeting: "Hi", name: "Hi" }).greeting, "Hi");
    const error = await thrown(() => new LeakyGreeter({ greeting: "Hi" }));
    assertTyped(error, ToolConfigError, [
      'tool "LeakyGreeter": "greeting" is not an option of LeakyGreeter',
      "a Tool subclass with options of its own takes them out and passes the rest to super()",
    ]);
  });
});
