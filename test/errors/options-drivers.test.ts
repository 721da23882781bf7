import { describe } from "node:test";
import { AnthropicPromptDriver } from "../../src/drivers/anthropic/anthropic-prompt-driver.js";
import { GeminiPromptDriver } from "../../src/drivers/gemini/gemini-prompt-driver.js";
import { OllamaPromptDriver } from "../../src/drivers/ollama/ollama-prompt-driver.js";
import { OpenAIChatPromptDriver } from "../../src/drivers/openai/openai-chat-prompt-driver.js";
import { OpenAIResponsesPromptDriver } from "../../src/drivers/openai/openai-responses-prompt-driver.js";
import type { PromptDriver } from "../../src/drivers/spec.js";
import { McpConfigError } from "../../src/errors/mcp-config-error.js";
import { DriverConfigError, Toolbox } from "../../src/index.js";
import { serveMcp } from "../../src/mcp/serve-mcp.js";
import { MockPromptDriver } from "../../src/testing/mock-prompt-driver.js";
import { CalculatorTool } from "../../src/tools/calculator/calculator-tool.js";
import { type OptionCase, optionCases } from "./option-cases.js";

const base = { model: "m", apiKey: "k" };
const merged = (options: unknown, defaults: object = base) =>
  (typeof options === "object" && options !== null
    ? { ...defaults, ...options }
    : options) as never;

const drivers: readonly (readonly [
  string,
  new (options: never) => PromptDriver,
  { readonly key: string; readonly value: unknown; readonly expected: string },
])[] = [
  [
    "OpenAIChatPromptDriver",
    OpenAIChatPromptDriver,
    { key: "organization", value: 5, expected: "a string" },
  ],
  [
    "OpenAIResponsesPromptDriver",
    OpenAIResponsesPromptDriver,
    { key: "project", value: 5, expected: "a string" },
  ],
  [
    "AnthropicPromptDriver",
    AnthropicPromptDriver,
    { key: "maxOutputTokens", value: "4096", expected: "a positive integer" },
  ],
  [
    "GeminiPromptDriver",
    GeminiPromptDriver,
    { key: "httpOptions", value: "v1", expected: "an object" },
  ],
  [
    "OllamaPromptDriver",
    OllamaPromptDriver,
    { key: "think", value: "maybe", expected: 'true or false or one of "low", "medium", "high"' },
  ],
];

const driverCases: OptionCase[] = drivers.flatMap(([name, Driver, own]) => [
  {
    name: `new ${name}(options)`,
    owner: name,
    error: DriverConfigError,
    call: (options) => new Driver(merged(options)),
    typo: { options: { timeutMs: 5 }, key: "timeutMs", suggestion: "timeoutMs" },
    wrong: { options: { [own.key]: own.value }, key: own.key, expected: own.expected },
  },
  {
    name: `${name}.generate(request, options)`,
    owner: `${name}.generate`,
    error: DriverConfigError,
    call: (options) =>
      new Driver(merged({})).generate(
        { messages: [{ role: "user", content: "hi" }] },
        options as never,
      ),
    typo: { options: { signl: AbortSignal.timeout(1_000) }, key: "signl", suggestion: "signal" },
    wrong: { options: { signal: "x" }, key: "signal", expected: "an AbortSignal" },
  },
]);

const otherCases: OptionCase[] = [
  {
    name: "new MockPromptDriver(options)",
    owner: "MockPromptDriver",
    error: DriverConfigError,
    call: (options) => new MockPromptDriver(merged(options, { responses: [] })),
    typo: { options: { reponses: [] }, key: "reponses", suggestion: "responses" },
    wrong: {
      options: { dialect: "mcp" },
      key: "dialect",
      expected: 'one of "openai-chat", "openai-responses", "anthropic", "gemini", "ollama"',
    },
  },
  {
    name: "serveMcp(toolbox, options)",
    owner: "serveMcp over http",
    error: McpConfigError,
    call: (options) =>
      serveMcp(new Toolbox([new CalculatorTool()]), merged(options, { transport: "http" })),
    typo: { options: { prot: 0 }, key: "prot", suggestion: "port" },
    wrong: { options: { maxSessions: 0 }, key: "maxSessions", expected: "a positive integer" },
  },
];

describe("prompt driver options", () => optionCases(driverCases));
describe("mock driver and MCP server options", () => optionCases(otherCases));
