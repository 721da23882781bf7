// Run: npx tsx examples/ollama-agent.ts   (a local Ollama; OLLAMA_MODEL, OLLAMA_HOST; AGENT_PROTOCOL=react
// for models without native tool calling)
import { Agent } from "../src/agent.js";
import { OllamaPromptDriver } from "../src/ollama.js";
import { askAgent, exampleTools } from "./agent-shared.js";

const driver = new OllamaPromptDriver({
  model: process.env.OLLAMA_MODEL ?? "qwen3:8b",
  baseURL: process.env.OLLAMA_HOST ?? "http://127.0.0.1:11434",
});
const protocol = process.env.AGENT_PROTOCOL === "react" ? "react" : "native";
await askAgent(new Agent({ driver, tools: exampleTools(), protocol }), driver);
