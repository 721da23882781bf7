import { describe } from "node:test";
import { Agent } from "../../src/agent/agent.js";
import {
  AgentError,
  ArtifactError,
  BlobArtifact,
  ErrorArtifact,
  ImageArtifact,
  ListArtifact,
  MemoryConfigError,
  TextArtifact,
  Toolbox,
  ToolboxError,
} from "../../src/index.js";
import { InMemoryArtifactStore } from "../../src/memory/in-memory-artifact-store.js";
import { RedisArtifactStore } from "../../src/memory/redis-artifact-store.js";
import { SqliteArtifactStore } from "../../src/memory/sqlite-artifact-store.js";
import { TaskMemory } from "../../src/memory/task-memory.js";
import { MockPromptDriver } from "../../src/testing/mock-prompt-driver.js";
import { CalculatorTool } from "../../src/tools/calculator/calculator-tool.js";
import { type OptionCase, optionCases } from "./option-cases.js";

const toolbox = new Toolbox([new CalculatorTool()]);
const call = { id: "c1", name: "CalculatorTool_calculate", arguments: '{"expression":"1+1"}' };
const agent = () => new Agent({ driver: new MockPromptDriver({ responses: ["Hi"] }) });
const memory = new TaskMemory();
const merged = (base: object, options: unknown) =>
  (typeof options === "object" && options !== null ? { ...base, ...options } : options) as never;

const toolboxCases: OptionCase[] = [
  {
    name: "new Toolbox(tools, options)",
    owner: "Toolbox",
    error: ToolboxError,
    call: (options) => new Toolbox([], options as never),
    typo: { options: { concurency: 2 }, key: "concurency", suggestion: "concurrency" },
    wrong: { options: { memoryTool: "no" }, key: "memoryTool", expected: "true or false" },
  },
  {
    name: "new Toolbox(tools, { repairs })",
    owner: 'Toolbox option "repairs"',
    error: ToolboxError,
    call: (repairs) => new Toolbox([], { repairs: repairs as never }),
    typo: { options: { coerse: false }, key: "repairs.coerse", suggestion: "coerce" },
    wrong: {
      options: { "repair-json": "off" },
      key: "repairs.repair-json",
      expected: "true or false",
    },
  },
  {
    name: "toolbox.toProviderTools(dialect, options)",
    owner: "Toolbox.toProviderTools",
    error: ToolboxError,
    call: (options) => toolbox.toProviderTools("openai-chat", options as never),
    typo: { options: { stict: true }, key: "stict", suggestion: "strict" },
    wrong: { options: { strict: "yes" }, key: "strict", expected: "true or false" },
  },
  {
    name: "toolbox.execute(call, options)",
    owner: "Toolbox.execute",
    error: ToolboxError,
    call: (options) => toolbox.execute(call, options as never),
    typo: { options: { signl: AbortSignal.timeout(1_000) }, key: "signl", suggestion: "signal" },
    wrong: { options: { signal: "x" }, key: "signal", expected: "an AbortSignal" },
  },
  {
    name: "toolbox.execute(call, { dialect })",
    owner: 'Toolbox.execute option "dialect"',
    error: ToolboxError,
    call: (dialect) => toolbox.execute(call, { dialect: dialect as never }),
    nonObject:
      "must be a dialect (openai-chat, openai-responses, anthropic, gemini, ollama, mcp, json-schema) or { dialect, ...DialectOptions }",
    typo: {
      options: { dialect: "openai-chat", stric: true },
      key: "dialect.stric",
      suggestion: "strict",
    },
    wrong: {
      options: { dialect: "openai-chat", strict: 1 },
      key: "dialect.strict",
      expected: "true or false",
    },
  },
  {
    name: "toolbox.executeAll(calls, options)",
    owner: "Toolbox.executeAll",
    error: ToolboxError,
    call: (options) => toolbox.executeAll([call], options as never),
    typo: { options: { concurency: 2 }, key: "concurency", suggestion: "concurrency" },
    wrong: { options: { concurrency: 0 }, key: "concurrency", expected: "a positive integer" },
  },
  {
    name: "toolbox.prepare(call, options)",
    owner: "Toolbox.prepare",
    error: ToolboxError,
    call: (options) => toolbox.prepare(call, options as never),
    typo: { options: { dialekt: "gemini" }, key: "dialekt", suggestion: "dialect" },
    wrong: {
      options: { timeoutMs: -1 },
      key: "timeoutMs",
      expected: "a whole number of milliseconds from 1 to 2,147,483,647, or null for no limit",
    },
  },
];

const agentCases: OptionCase[] = [
  {
    name: "new Agent(options)",
    owner: "Agent",
    error: AgentError,
    call: (options) =>
      new Agent(merged({ driver: new MockPromptDriver({ responses: [] }) }, options)),
    typo: { options: { maxStep: 3 }, key: "maxStep", suggestion: "maxSteps" },
    wrong: { options: { protocol: "text" }, key: "protocol", expected: 'one of "native", "react"' },
  },
  {
    name: "new Agent({ generation })",
    owner: 'Agent option "generation"',
    error: AgentError,
    call: (generation) =>
      new Agent({
        driver: new MockPromptDriver({ responses: [] }),
        generation: generation as never,
      }),
    typo: { options: { temprature: 0 }, key: "generation.temprature", suggestion: "temperature" },
    wrong: { options: { topP: "1" }, key: "generation.topP", expected: "a number" },
  },
  ...(["run", "stream", "resume"] as const).map(
    (method): OptionCase => ({
      name: `agent.${method}(…, options)`,
      owner: `Agent.${method}`,
      error: AgentError,
      call: (options) => {
        const subject = agent();
        if (method === "resume") return subject.resume({}, {}, options as never);
        return subject[method]("Hi", options as never);
      },
      typo: { options: { signl: AbortSignal.timeout(1_000) }, key: "signl", suggestion: "signal" },
      wrong: { options: { signal: "x" }, key: "signal", expected: "an AbortSignal" },
    }),
  ),
];

const memoryCases: OptionCase[] = [
  {
    name: "new TaskMemory(options)",
    owner: "TaskMemory",
    error: MemoryConfigError,
    call: (options) => new TaskMemory(options as never),
    typo: { options: { stor: new InMemoryArtifactStore() }, key: "stor", suggestion: "store" },
    wrong: { options: { name: 5 }, key: "name", expected: "a string" },
  },
  {
    name: "memory.search(query, options)",
    owner: "TaskMemory.search",
    error: MemoryConfigError,
    call: (options) => memory.search("refund", options as never),
    typo: { options: { limt: 3 }, key: "limt", suggestion: "limit" },
    wrong: { options: { limit: "3" }, key: "limit", expected: "a number" },
  },
  {
    name: "memory.read(namespace, options)",
    owner: "TaskMemory.read",
    error: MemoryConfigError,
    call: (options) => memory.read("n1", options as never),
    typo: { options: { ofset: 3 }, key: "ofset", suggestion: "offset" },
    wrong: { options: { offset: "3" }, key: "offset", expected: "a number" },
  },
  {
    name: "memory.storeArtifact(namespace, artifact, options)",
    owner: "TaskMemory.storeArtifact",
    error: MemoryConfigError,
    call: (options) => memory.storeArtifact("n1", new TextArtifact("x"), options as never),
    typo: { options: { sorce: "T.a" }, key: "sorce", suggestion: "source" },
    wrong: { options: { meta: "x" }, key: "meta", expected: "an object" },
  },
  {
    name: "new SqliteArtifactStore(options)",
    owner: "SqliteArtifactStore",
    error: MemoryConfigError,
    call: (options) => new SqliteArtifactStore(merged({ path: ":memory:" }, options)),
    typo: { options: { busyTimeout: 5 }, key: "busyTimeout", suggestion: "busyTimeoutMs" },
    wrong: {
      options: { busyTimeoutMs: -1 },
      key: "busyTimeoutMs",
      expected: "a whole number of milliseconds",
    },
  },
  {
    name: "new RedisArtifactStore(options)",
    owner: "RedisArtifactStore",
    error: MemoryConfigError,
    call: (options) => new RedisArtifactStore(merged({ url: "redis://127.0.0.1:1" }, options)),
    typo: { options: { timeout: 5 }, key: "timeout", suggestion: "timeoutMs" },
    wrong: { options: { keyPrefix: 3 }, key: "keyPrefix", expected: "a string" },
  },
];

const artifactCases: OptionCase[] = [
  {
    name: "new TextArtifact(value, options)",
    owner: "TextArtifact",
    error: ArtifactError,
    call: (options) => new TextArtifact("hi", options as never),
    typo: { options: { nmae: "greeting" }, key: "options.nmae", suggestion: "name" },
    wrong: { options: { meta: "x" }, key: "options.meta", expected: "an object" },
  },
  {
    name: "new ErrorArtifact(value, options)",
    owner: "ErrorArtifact",
    error: ArtifactError,
    call: (options) => new ErrorArtifact("failed", options as never),
    typo: { options: { cod: "x" }, key: "options.cod", suggestion: "code" },
    wrong: { options: { code: 5 }, key: "options.code", expected: "a string" },
  },
  {
    name: "new BlobArtifact(value, options)",
    owner: "BlobArtifact",
    error: ArtifactError,
    call: (options) => new BlobArtifact("hi", options as never),
    typo: { options: { mimetype: "text/plain" }, key: "options.mimetype", suggestion: "mimeType" },
    wrong: { options: { mimeType: 5 }, key: "options.mimeType", expected: "a string" },
  },
  {
    name: "new ImageArtifact(value, options)",
    owner: "ImageArtifact",
    error: ArtifactError,
    call: (options) => new ImageArtifact("hi", merged({ format: "png" }, options)),
    typo: { options: { widht: 5 }, key: "options.widht", suggestion: "width" },
    wrong: { options: { height: "5" }, key: "options.height", expected: "a positive number" },
  },
  {
    name: "new ListArtifact(items, options)",
    owner: "ListArtifact",
    error: ArtifactError,
    call: (options) => new ListArtifact([], options as never),
    typo: {
      options: { itemSeperator: "," },
      key: "options.itemSeperator",
      suggestion: "itemSeparator",
    },
    wrong: { options: { itemSeparator: 5 }, key: "options.itemSeparator", expected: "a string" },
  },
];

describe("toolbox options", () => optionCases(toolboxCases));
describe("agent options", () => optionCases(agentCases));
describe("memory and store options", () => optionCases(memoryCases));
describe("artifact options", () => optionCases(artifactCases));
