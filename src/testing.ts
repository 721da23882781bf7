/**
 * Helpers for testing your own tools and agents without a model.
 *
 * @example
 * ```ts
 * import { MockPromptDriver } from "toolwright/testing";
 * const driver = new MockPromptDriver({ responses: ["Hello!"] });
 * ```
 * @module
 */
import "./node-check.js";

export {
  MockEmbeddingDriver,
  type MockEmbeddingDriverOptions,
} from "./testing/mock-embedding-driver.js";
export {
  MockPromptDriver,
  type MockPromptDriverOptions,
  type MockResponse,
  type MockResponseParts,
} from "./testing/mock-prompt-driver.js";
