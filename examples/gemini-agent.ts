// Run: GEMINI_API_KEY=… npx tsx examples/gemini-agent.ts   (GEMINI_MODEL, GEMINI_BASE_URL)

import { Agent } from "../src/agent.js";
import { GeminiPromptDriver } from "../src/gemini.js";
import { askAgent, exampleTools } from "./agent-shared.js";

const driver = new GeminiPromptDriver({
  model: process.env.GEMINI_MODEL ?? "gemini-2.5-flash",
  ...(process.env.GEMINI_API_KEY === undefined ? {} : { apiKey: process.env.GEMINI_API_KEY }),
  ...(process.env.GEMINI_BASE_URL === undefined ? {} : { baseURL: process.env.GEMINI_BASE_URL }),
});
await askAgent(new Agent({ driver, tools: exampleTools() }), driver);
