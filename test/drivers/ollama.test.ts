import { OllamaPromptDriver } from "../../src/ollama.js";
import { startOllamaServer } from "../fixtures/provider-servers/ollama-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "OllamaPromptDriver",
  dialect: "ollama",
  startServer: () => startOllamaServer(),
  createDriver: (origin, options = {}) =>
    new OllamaPromptDriver({
      model: "test-model",
      baseURL: origin,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    }),
  lacks: {
    retries: "the ollama SDK does not retry",
    "content-filter finish": "Ollama has no content filter",
    "error flag on tool results": "role: tool messages have no error flag",
    "tool choice": "/api/chat has no tool_choice",
    "tool call ids": "Ollama's tool calls carry no ids",
  },
});
