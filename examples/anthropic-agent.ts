// Run: ANTHROPIC_API_KEY=… npx tsx examples/anthropic-agent.ts   (ANTHROPIC_MODEL, ANTHROPIC_BASE_URL)

import { Agent } from "../src/agent.js";
import { AnthropicPromptDriver } from "../src/anthropic.js";
import { askAgent, exampleTools } from "./agent-shared.js";

const driver = new AnthropicPromptDriver({
  model: process.env.ANTHROPIC_MODEL ?? "claude-sonnet-4-5",
  ...(process.env.ANTHROPIC_API_KEY === undefined ? {} : { apiKey: process.env.ANTHROPIC_API_KEY }),
  ...(process.env.ANTHROPIC_BASE_URL === undefined
    ? {}
    : { baseURL: process.env.ANTHROPIC_BASE_URL }),
});
await askAgent(
  new Agent({ driver, tools: exampleTools(), dialectOptions: { strict: true } }),
  driver,
);
