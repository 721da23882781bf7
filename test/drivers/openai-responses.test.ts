import { OpenAIResponsesPromptDriver } from "../../src/openai.js";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "OpenAIResponsesPromptDriver",
  dialect: "openai-responses",
  startServer: () => startOpenAIServer(),
  createDriver: (origin, options = {}) =>
    new OpenAIResponsesPromptDriver({
      model: "test-model",
      apiKey: "sk-test",
      baseURL: `${origin}/v1`,
      ...options,
    }),
  lacks: {
    "error flag on tool results": "function_call_output has no error flag",
    "stop sequences": "the Responses API has no stop sequences (the driver refuses them)",
  },
});
