import { AnthropicPromptDriver } from "../../src/anthropic.js";
import { startAnthropicServer } from "../fixtures/provider-servers/anthropic-server.js";
import { runDriverConformance } from "./common.case.js";

runDriverConformance({
  name: "AnthropicPromptDriver",
  dialect: "anthropic",
  startServer: () => startAnthropicServer(),
  createDriver: (origin, options = {}) =>
    new AnthropicPromptDriver({
      model: "test-model",
      apiKey: "sk-ant-test",
      baseURL: origin,
      ...options,
    }),
  lacks: {
    temperature: "the Messages API of SDK 1.x has no sampling parameters",
  },
});
