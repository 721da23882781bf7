import { OpenAIChatPromptDriver } from "../../src/openai.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "OpenAIChatPromptDriver",
  dialect: "openai-chat",
  startServer: () => startOpenAIServer(),
  createDriver: (origin, options = {}) =>
    new OpenAIChatPromptDriver({
      model: "test-model",
      apiKey: "sk-test",
      baseURL: `${origin}/v1`,
      ...options,
    }),
  lacks: {
    "error flag on tool results": "Chat Completions tool messages have no error flag",
  },
});
