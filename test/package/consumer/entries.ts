// A user's module: every entry point of the package, each used for real, compiled against the
// packed package in a strict project (test/package/packed.integration.ts). Not part of the repository's own
// type-check (it imports "toolwright" as users do, which only the packed package provides).
import { type } from "arktype";
import {
  type ActivityContext,
  type ActivityInput,
  type Artifact,
  activity,
  ErrorArtifact,
  JsonArtifact,
  type PromptDriver,
  type PromptRequest,
  TextArtifact,
  Tool,
  Toolbox,
  ToolwrightError,
} from "toolwright";
import {
  Agent,
  type AgentRunResult,
  type AgentState,
  type ApprovalDecision,
} from "toolwright/agent";
import { repairToolCall, toAiSdkTools } from "toolwright/ai-sdk";
import { AnthropicPromptDriver } from "toolwright/anthropic";
import { type CodeModeOptions, codeMode } from "toolwright/code-mode";
import { type ParsedToolCalls, parseToolCalls } from "toolwright/formats";
import { GeminiPromptDriver } from "toolwright/gemini";
import { toLangChainTools, toolwrightMiddleware } from "toolwright/langchain";
import { toMastraTools } from "toolwright/mastra";
import { McpTool, type ServeMcpOptions, serveMcp, toCallToolResult } from "toolwright/mcp";
import {
  type ArtifactStore,
  InMemoryArtifactStore,
  memoryReferencesOf,
  TaskMemory,
} from "toolwright/memory";
import { RedisArtifactStore } from "toolwright/memory/redis";
import { SqliteArtifactStore } from "toolwright/memory/sqlite";
import { OllamaPromptDriver } from "toolwright/ollama";
import { OpenAIChatPromptDriver, OpenAIResponsesPromptDriver } from "toolwright/openai";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import pkg from "toolwright/package.json" with { type: "json" };
import { QueueToolbox, type QueueWorkerOptions, startWorker } from "toolwright/queue";
import { MockPromptDriver } from "toolwright/testing";
import {
  CalculatorTool,
  DateTimeTool,
  FileManagerTool,
  StructuredOutputTool,
} from "toolwright/tools";
import { z } from "zod";

// The root entry: a tool with a zod schema, one with a Standard Schema (arktype), one without.
const transfer = z.object({ to: z.string(), amount: z.number().positive() });

class BankTool extends Tool {
  currency = "EUR";

  @activity({
    description: "Sends money, in {{ _self.currency }}",
    schema: transfer,
    annotations: { destructive: true },
    needsApproval: (input) => input.amount > 100,
  })
  send(input: ActivityInput<typeof transfer>, context: ActivityContext<BankTool>) {
    return `${input.amount} ${context.tool.currency} to ${input.to}`;
  }

  @activity({
    description: "Balance of an account",
    schema: type({ account: "string" }),
    annotations: { readOnly: true, idempotent: true },
    retry: { attempts: 2 },
  })
  balance(input: { account: string }) {
    return new JsonArtifact({ account: input.account, balance: 12 });
  }

  @activity({ description: "Who is logged in" })
  whoami() {
    return new TextArtifact("ada");
  }
}

const bank = new BankTool();
const toolbox = new Toolbox([bank, new CalculatorTool(), new DateTimeTool()]);
const openaiTools = toolbox.toProviderTools("openai-chat", { strict: true });
const firstName: string | undefined = openaiTools[0]?.function.name;
const results = await toolbox.executeAll([
  { id: "1", name: "BankTool_balance", arguments: '{"account": "a"}' },
  { name: "CalculatorTool.calculate", arguments: { expression: "2 + 2" } },
]);
const texts: string[] = results.map((result) => result.artifact.toText());
const artifact: Artifact = await bank.run("whoami", {});
if (artifact instanceof ErrorArtifact) console.error(artifact.value);
try {
  new Toolbox([bank, bank]);
} catch (error) {
  if (ToolwrightError.isInstance(error)) console.error(error.code);
}

// Memory: the in-memory store, SQLite and Redis stores behind one interface.
const stores: ArtifactStore[] = [
  new InMemoryArtifactStore(),
  new SqliteArtifactStore({ path: ":memory:" }),
  new RedisArtifactStore({ url: "redis://127.0.0.1:6379", keyPrefix: "app:" }),
];
const memory = new TaskMemory({ store: stores[1] ?? new InMemoryArtifactStore() });
toolbox.setTaskMemory(memory);
const notice = await memory.processOutput({
  tool: bank,
  activity: "whoami",
  artifact: new TextArtifact("x".repeat(5_000)),
});
const references = memoryReferencesOf(notice);

// A worker fleet: the same tools on both sides, the calls as jobs of a BullMQ queue on Redis.
const fleet = {
  connection: "redis://127.0.0.1:6379",
  queue: "tools",
  limits: { "BankTool.send": 1 },
};
const queued = new QueueToolbox([new BankTool(), new CalculatorTool()], {
  ...fleet,
  noWorkerTimeoutMs: 5_000,
});
const queuedTools = queued.toProviderTools("anthropic");
const workerOptions: QueueWorkerOptions = { ...fleet, concurrency: 4 };
const startFleet = () =>
  startWorker(new Toolbox([new BankTool(), new CalculatorTool()]), workerOptions);
await queued.close();

// Drivers: each implements PromptDriver and takes the tools compiled for its own dialect.
const drivers: PromptDriver[] = [
  new OpenAIChatPromptDriver({ model: "gpt-4.1-mini", apiKey: "sk-test" }),
  new OpenAIResponsesPromptDriver({ model: "gpt-4.1-mini", apiKey: "sk-test" }),
  new AnthropicPromptDriver({ model: "claude-sonnet-4-5", apiKey: "sk-test" }),
  new GeminiPromptDriver({ model: "gemini-2.5-flash", apiKey: "test" }),
  new OllamaPromptDriver({ model: "qwen3" }),
  new MockPromptDriver({ responses: ["4"] }),
];
const requests: PromptRequest[] = drivers.map((driver) => ({
  messages: [{ role: "user", content: "2 + 2?" }],
  tools: toolbox.toProviderTools(driver.dialect),
}));

// Tool calls an open model wrote as text, run through the toolbox.
const reply: ParsedToolCalls = parseToolCalls('[CalculatorTool_calculate(expression="2+2")]');
const fromText = await toolbox.executeAll(
  reply.calls.map((call) => ({ name: call.name, arguments: call.arguments })),
);
console.log(fromText.length, reply.format, reply.refused.length);

// The same toolbox as each framework's tools.
const aiTools = toAiSdkTools(toolbox);
const repair = repairToolCall(toolbox);
const langchainTools = toLangChainTools(toolbox);
const middleware = toolwrightMiddleware(toolbox);
const agentsTools = toOpenAIAgentsTools(toolbox);
const mastraTools = toMastraTools(toolbox);
console.log(
  Object.keys(aiTools).length,
  typeof repair,
  langchainTools.map((entry) => entry.name),
  typeof middleware,
  agentsTools.map((entry) => entry.name),
  Object.keys(mastraTools),
);

// The agent: a discriminated result, approvals resumed from plain JSON.
const agent = new Agent({
  driver: new MockPromptDriver({ responses: ["4"] }),
  tools: [
    new CalculatorTool(),
    new StructuredOutputTool({ schema: z.object({ answer: z.number() }) }),
  ],
  approvals: true,
});
const result: AgentRunResult = await agent.run("What is 2 + 2?");
let state: AgentState | undefined;
switch (result.status) {
  case "completed":
    console.log(result.output.toText());
    break;
  case "needs-approval": {
    state = result.state;
    const decisions: Record<string, ApprovalDecision> = {
      [result.pending[0].id]: { type: "approve" },
    };
    await agent.resume(JSON.parse(JSON.stringify(state)), decisions);
    break;
  }
  case "max-steps":
    console.error(result.output.code);
    break;
}

// Code mode: one tool that runs a script against the toolbox, and an agent using it.
const codeOptions: CodeModeOptions = { limits: { cpuTimeMs: 500 } };
const scripts = codeMode(new Toolbox([new CalculatorTool()]), codeOptions);
console.log(scripts.declarations().length);
const scripted = await scripts.run("run_script", {
  script: "return await tools.CalculatorTool_calculate({ expression: '2 + 2' });",
});
console.log(scripted.toText());

// MCP both ways, and a tool confined to a folder.
const options: ServeMcpOptions = { transport: "http", port: 0, token: "secret" };
const server = await serveMcp(new Toolbox([new FileManagerTool({ root: "." })]), options);
const remote = await McpTool.connect({
  url: server.url ?? "",
  headers: { Authorization: "Bearer secret" },
});
const mcpResult = toCallToolResult(await remote.run(remote.activities()[0]?.name ?? "", {}));
await remote.close();
await server.close();

console.log(
  pkg.version,
  firstName,
  texts,
  references,
  requests,
  mcpResult,
  queuedTools,
  startFleet,
);
