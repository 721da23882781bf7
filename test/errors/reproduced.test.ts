// The developer mistakes reported in issue 11 that used to end in a raw TypeError or pass silently.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Agent } from "../../src/agent/agent.js";
import { AgentError, Tool, Toolbox, ToolboxError, ToolConfigError } from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing/mock-prompt-driver.js";
import { CalculatorTool } from "../../src/tools/calculator/calculator-tool.js";
import { DateTimeTool } from "../../src/tools/date-time/date-time-tool.js";
import { FileManagerTool } from "../../src/tools/file-manager/file-manager-tool.js";
import { RestApiTool } from "../../src/tools/rest-api/rest-api-tool.js";
import { WritableSqlTool } from "../../src/tools/sql/sql-tool.js";
import { assertTyped, thrown } from "./option-cases.js";

const calculator = new CalculatorTool();
const toolbox = new Toolbox([calculator]);

describe("developer mistakes throw typed errors, not TypeErrors", () => {
  it("a missing required option is named", async () => {
    assertTyped(await thrown(() => new FileManagerTool(undefined as never)), ToolConfigError, [
      'tool "FileManagerTool": "root" is required (the path of the directory the tool may use)',
    ]);
    assertTyped(await thrown(() => new WritableSqlTool(undefined as never)), ToolConfigError, [
      'tool "WritableSqlTool": "database" is required (the path of a SQLite database file)',
    ]);
  });

  it("positional arguments of the wrong kind are named", async () => {
    assertTyped(await thrown(() => new Toolbox(5 as never)), ToolboxError, [
      'toolbox: new Toolbox: "tools" must be an iterable of Tool instances; got a number (5)',
    ]);
    assertTyped(await thrown(() => new Tool(null as never)), ToolConfigError, [
      '"options" must be an object; got null',
    ]);
    assertTyped(await thrown(() => toolbox.execute(null as never)), ToolboxError, [
      'Toolbox.execute: "call" must be a tool call { id?, name, arguments? }; got null',
    ]);
    assertTyped(await thrown(() => toolbox.executeAll("x" as never)), ToolboxError, [
      'Toolbox.executeAll: "calls" must be an array of tool calls; got a string ("x")',
    ]);
    assertTyped(
      await thrown(() =>
        calculator.run("calculate", { expression: "1" }, { signal: "x" } as never),
      ),
      ToolConfigError,
      ['"signal" must be an AbortSignal; got a string ("x")'],
    );
  });

  it("unknown keys are refused with the closest accepted key", async () => {
    assertTyped(
      await thrown(() => new CalculatorTool({ tiemoutMs: 5 } as never)),
      ToolConfigError,
      ['"tiemoutMs" is not an option of CalculatorTool (did you mean "timeoutMs"?)'],
    );
    const driver = new MockPromptDriver({ responses: [] });
    assertTyped(await thrown(() => new Agent({ driver, maxStep: 3 } as never)), AgentError, [
      'Agent option "maxStep": is not an option of Agent (did you mean "maxSteps"?)',
    ]);
  });

  it("options of the wrong type are refused with what was expected and what came", async () => {
    assertTyped(
      await thrown(() => toolbox.toProviderTools("openai-chat", { strict: "yes" } as never)),
      ToolboxError,
      ['"strict" must be true or false; got a string ("yes")'],
    );
    assertTyped(
      await thrown(() => new DateTimeTool({ now: "yesterday" } as never)),
      ToolConfigError,
      ['"now" must be a function; got a string ("yesterday")'],
    );
    const api = { baseUrl: "https://api.example.com", description: "Example API" };
    assertTyped(
      await thrown(() => new RestApiTool({ ...api, headers: "x" } as never)),
      ToolConfigError,
      ['"headers" must be an object of string values; got a string ("x")'],
    );
  });

  it("keys given as undefined count as not given; the fast path still runs", async () => {
    const tool = new CalculatorTool({ timeoutMs: undefined, maxMemoryMb: undefined } as never);
    const result = await new Toolbox([tool]).execute(
      { id: "c1", name: "CalculatorTool_calculate", arguments: '{"expression":"2+3"}' },
      { signal: undefined, dialect: "openai-chat" },
    );
    assert.equal(result.artifact.toText(), "5");
    await tool.close();
  });
});
