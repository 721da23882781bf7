// Run: OPENAI_API_KEY=… npx tsx examples/openai-agent.ts   (OPENAI_BASE_URL for compatible servers,
// OPENAI_MODEL to choose the model, OPENAI_API=responses for the Responses API)
import { Agent } from "../src/agent.js";
import { OpenAIChatPromptDriver, OpenAIResponsesPromptDriver } from "../src/openai.js";
import { askAgent, exampleTools } from "./agent-shared.js";

const options = {
  model: process.env.OPENAI_MODEL ?? "gpt-5-mini",
  ...(process.env.OPENAI_API_KEY === undefined ? {} : { apiKey: process.env.OPENAI_API_KEY }),
  ...(process.env.OPENAI_BASE_URL === undefined ? {} : { baseURL: process.env.OPENAI_BASE_URL }),
};
const driver =
  process.env.OPENAI_API === "responses"
    ? new OpenAIResponsesPromptDriver(options)
    : new OpenAIChatPromptDriver(options);
await askAgent(new Agent({ driver, tools: exampleTools() }), driver);
