import { GeminiPromptDriver } from "../../src/gemini.js";
import { startGeminiServer } from "../fixtures/provider-servers/gemini-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "GeminiPromptDriver",
  dialect: "gemini",
  startServer: () => startGeminiServer(),
  createDriver: (origin, options = {}) =>
    new GeminiPromptDriver({
      model: "test-model",
      apiKey: "gemini-test-key",
      baseURL: origin,
      // Short backoff keeps the retry cases fast; the attempts still come from maxRetries.
      httpOptions: { retryOptions: { initialDelay: 0.001, maxDelay: 0.005 } },
      ...options,
    }),
});
