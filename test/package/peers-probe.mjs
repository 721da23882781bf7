// Run inside a consumer project whose node_modules lacks every optional peer (missing-peers.case.ts):
// imports every entry of the package by its public name, uses each feature that needs a peer, and
// prints one JSON line: per entry, whether it imported; per use, the error it threw.
import { readFileSync } from "node:fs";

const manifest = JSON.parse(
  readFileSync(new URL("./node_modules/toolwright/package.json", import.meta.url), "utf8"),
);
const entries = Object.keys(manifest.exports)
  .filter((key) => key !== "./package.json")
  .map((key) => (key === "." ? "toolwright" : `toolwright/${key.slice(2)}`));

const imported = {};
const modules = {};
for (const entry of entries) {
  try {
    modules[entry] = await import(entry);
    imported[entry] = "ok";
  } catch (error) {
    imported[entry] = `${error.name}: ${error.message}`;
  }
}

const { Toolbox } = modules.toolwright;
const { CalculatorTool } = modules["toolwright/tools"];
const toolbox = () => new Toolbox([new CalculatorTool()]);
const connection = "redis://127.0.0.1:1";
const options = { model: "m", apiKey: "k" };
const uses = {
  toAiSdkTools: () => modules["toolwright/ai-sdk"].toAiSdkTools(toolbox()),
  toLangChainTools: () => modules["toolwright/langchain"].toLangChainTools(toolbox()),
  toolwrightMiddleware: () => modules["toolwright/langchain"].toolwrightMiddleware(toolbox()),
  toolwrightApproval: () => modules["toolwright/langchain"].toolwrightApproval(toolbox()),
  ToolwrightStructuredTool: () => {
    const { ToolwrightStructuredTool } = modules["toolwright/langchain"];
    const fields = { toolbox: toolbox(), name: "n", description: "", schema: {} };
    return new ToolwrightStructuredTool({ ...fields, dialect: "openai-chat" });
  },
  toMastraTools: () => modules["toolwright/mastra"].toMastraTools(toolbox()),
  toOpenAIAgentsTools: () => modules["toolwright/openai-agents"].toOpenAIAgentsTools(toolbox()),
  QueueToolbox: () =>
    new modules["toolwright/queue"].QueueToolbox([new CalculatorTool()], { connection }),
  startWorker: () => modules["toolwright/queue"].startWorker(toolbox(), { connection }),
  serveMcp: () => modules["toolwright/mcp"].serveMcp(toolbox(), { transport: "stdio" }),
  "McpTool.connect": () => modules["toolwright/mcp"].McpTool.connect({ command: "no-server" }),
  RedisArtifactStore: () =>
    new modules["toolwright/memory/redis"].RedisArtifactStore({ url: "redis://h" }),
  codeMode: () => modules["toolwright/code-mode"].codeMode(toolbox()),
  "Agent with codeMode": () => {
    const driver = {
      specificationVersion: "v1",
      generate: () => undefined,
      dialect: "openai-chat",
    };
    return new modules["toolwright/agent"].Agent({ driver, toolbox: toolbox(), codeMode: true });
  },
  OpenAIChatPromptDriver: () => new modules["toolwright/openai"].OpenAIChatPromptDriver(options),
  OpenAIResponsesPromptDriver: () =>
    new modules["toolwright/openai"].OpenAIResponsesPromptDriver(options),
  AnthropicPromptDriver: () => new modules["toolwright/anthropic"].AnthropicPromptDriver(options),
  GeminiPromptDriver: () => new modules["toolwright/gemini"].GeminiPromptDriver(options),
  OllamaPromptDriver: () => new modules["toolwright/ollama"].OllamaPromptDriver(options),
  OpenAIEmbeddingDriver: () => new modules["toolwright/openai"].OpenAIEmbeddingDriver(options),
  GeminiEmbeddingDriver: () => new modules["toolwright/gemini"].GeminiEmbeddingDriver(options),
  OllamaEmbeddingDriver: () => new modules["toolwright/ollama"].OllamaEmbeddingDriver(options),
  "GeminiEmbeddingDriver with a client, first request": () =>
    new modules["toolwright/gemini"].GeminiEmbeddingDriver({ model: "m", client: {} }).embed({
      texts: ["x"],
    }),
  "OpenAIChatPromptDriver with a client, first request": () =>
    new modules["toolwright/openai"].OpenAIChatPromptDriver({ model: "m", client: {} }).generate({
      messages: [{ role: "user", content: "hi" }],
    }),
};
const thrown = {};
for (const [name, use] of Object.entries(uses)) {
  try {
    await use();
    thrown[name] = "nothing thrown";
  } catch (error) {
    thrown[name] = {
      name: error.name,
      code: error.code,
      message: error.message,
      packageNames: error.packageNames,
    };
  }
}
console.log(JSON.stringify({ imported, thrown }));
