// The embedding drivers through each provider's real SDK, against a local server speaking its wire format.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GeminiEmbeddingDriver } from "../../src/gemini.js";
import { DriverConfigError, type EmbeddingDriver, PromptDriverError } from "../../src/index.js";
import { OllamaEmbeddingDriver } from "../../src/ollama.js";
import { OpenAIEmbeddingDriver } from "../../src/openai.js";
import { MockEmbeddingDriver } from "../../src/testing.js";
import {
  type EmbeddingServer,
  startEmbeddingServer,
} from "../fixtures/provider-servers/embedding-server.js";

interface Case {
  name: "openai" | "gemini" | "ollama";
  batch: number;
  driver(origin: string, dimensions?: number): EmbeddingDriver;
}

const cases: Case[] = [
  {
    name: "openai",
    batch: 2048,
    driver: (origin, dimensions) =>
      new OpenAIEmbeddingDriver({
        model: "text-embedding-test",
        apiKey: "sk-test",
        baseURL: `${origin}/v1`,
        maxRetries: 0,
        ...(dimensions !== undefined && { dimensions }),
      }),
  },
  {
    name: "gemini",
    batch: 100,
    driver: (origin, dimensions) =>
      new GeminiEmbeddingDriver({
        model: "embedding-test",
        apiKey: "g-key",
        baseURL: origin,
        maxRetries: 0,
        ...(dimensions !== undefined && { dimensions }),
      }),
  },
  {
    name: "ollama",
    batch: 256,
    driver: (origin, dimensions) =>
      new OllamaEmbeddingDriver({
        model: "embed-test",
        baseURL: origin,
        ...(dimensions !== undefined && { dimensions }),
      }),
  },
];

const expected = async (texts: string[], dimensions = 32) =>
  (await new MockEmbeddingDriver({ dimensions }).embed({ texts })).embeddings;

const close = (actual: number[][], wanted: number[][]) => {
  assert.equal(actual.length, wanted.length);
  for (const [index, vector] of actual.entries()) {
    const target = wanted[index] as number[];
    assert.equal(vector.length, target.length);
    // OpenAI's SDK asks for base64 float32: values come back rounded to single precision.
    for (const [at, value] of vector.entries())
      assert.ok(Math.abs(value - (target[at] as number)) < 1e-6);
  }
};

for (const entry of cases) {
  describe(`${entry.name} embedding driver`, () => {
    let server: EmbeddingServer;
    before(async () => {
      server = await startEmbeddingServer();
    });
    after(() => server.close());

    it("embeds texts in order, one vector per text, with the model the caller named", async () => {
      const driver = entry.driver(server.origin);
      const texts = ["tide tables for the harbour", "opening hours of the bakery", "harbour"];
      const response = await driver.embed({ texts });
      close(response.embeddings, await expected(texts));
      const call = server.calls.at(-1);
      assert.deepEqual(call?.texts, texts);
      assert.equal(call?.model, driver.model);
      assert.equal(driver.specificationVersion, "v1");
      assert.equal(driver.provider, entry.name);
      if (entry.name !== "gemini") assert.equal(response.usage.inputTokens, 11);
    });

    it(`sends more than ${entry.batch} texts in batches and keeps their order`, async () => {
      const before = server.calls.length;
      const texts = Array.from(
        { length: entry.batch + 3 },
        (_, index) => `passage number ${index}`,
      );
      const response = await entry.driver(server.origin).embed({ texts });
      assert.equal(server.calls.length - before, 2);
      assert.deepEqual(server.calls.at(-1)?.texts, texts.slice(entry.batch));
      close(response.embeddings, await expected(texts));
    });

    it("asks for shorter vectors with dimensions", async () => {
      const driver = entry.driver(server.origin, 8);
      assert.equal(driver.dimensions, 8);
      const response = await driver.embed({ texts: ["short"] });
      assert.equal(server.calls.at(-1)?.dimensions, 8);
      assert.equal(response.embeddings[0]?.length, 8);
    });

    it("sends nothing for no texts", async () => {
      const before = server.calls.length;
      const response = await entry.driver(server.origin).embed({ texts: [] });
      assert.deepEqual(response, { embeddings: [], usage: { inputTokens: 0 } });
      assert.equal(server.calls.length, before);
    });

    it("turns an error status into a PromptDriverError with the provider's message", async () => {
      server.fail({ status: 400, message: "input too long" });
      await assert.rejects(
        entry.driver(server.origin).embed({ texts: ["x"] }),
        (error: unknown) =>
          PromptDriverError.isInstance(error) &&
          error.code === "provider_http_error" &&
          error.status === 400 &&
          /input too long/.test(error.providerMessage),
      );
    });

    it("refuses an answer without one vector per text", async () => {
      const body =
        entry.name === "openai"
          ? { object: "list", data: [{ index: 0, embedding: [0.1, 0.2] }], usage: {} }
          : entry.name === "gemini"
            ? { embeddings: [{ values: [0.1, 0.2] }] }
            : { model: "m", embeddings: [[0.1, 0.2]] };
      server.fail({ status: 200, message: "", raw: body });
      await assert.rejects(
        entry.driver(server.origin).embed({ texts: ["a", "b"] }),
        (error: unknown) =>
          PromptDriverError.isInstance(error) &&
          error.code === "provider_invalid_response" &&
          /1 embeddings for 2 texts/.test(error.message),
      );
      server.fail({
        status: 200,
        message: "",
        raw:
          entry.name === "openai"
            ? {
                object: "list",
                data: [
                  { index: 0, embedding: [0.1] },
                  { index: 1, embedding: [0.1, 0.2] },
                ],
                usage: {},
              }
            : entry.name === "gemini"
              ? { embeddings: [{ values: [0.1] }, { values: [0.1, 0.2] }] }
              : { model: "m", embeddings: [[0.1], [0.1, 0.2]] },
      });
      await assert.rejects(
        entry.driver(server.origin).embed({ texts: ["a", "b"] }),
        /embedding 1 is not a vector of 1 finite numbers/,
      );
    });

    it("rejects with the caller's reason when aborted, and checks its options", async () => {
      const controller = new AbortController();
      controller.abort(new Error("stop"));
      await assert.rejects(
        entry.driver(server.origin).embed({ texts: ["x"] }, { signal: controller.signal }),
        /stop/,
      );
      const driver = entry.driver(server.origin);
      await assert.rejects(driver.embed({ texts: "x" } as never), DriverConfigError);
      await assert.rejects(
        driver.embed({ texts: ["x"], purpose: "search" } as never),
        /"document" or "query"/,
      );
      await assert.rejects(
        driver.embed({ texts: ["x"] }, { timeout: 1 } as never),
        DriverConfigError,
      );
    });
  });
}

describe("gemini task types", () => {
  it("embeds passages as RETRIEVAL_DOCUMENT and searches as RETRIEVAL_QUERY", async () => {
    const server = await startEmbeddingServer();
    try {
      const driver = cases[1]?.driver(server.origin) as EmbeddingDriver;
      await driver.embed({ texts: ["a", "b"] });
      await driver.embed({ texts: ["c"], purpose: "query" });
      assert.deepEqual(server.calls[0]?.taskTypes, ["RETRIEVAL_DOCUMENT", "RETRIEVAL_DOCUMENT"]);
      assert.deepEqual(server.calls[1]?.taskTypes, ["RETRIEVAL_QUERY"]);
    } finally {
      await server.close();
    }
  });
});

describe("embedding driver options", () => {
  it("names the option at fault", () => {
    assert.throws(
      () => new OpenAIEmbeddingDriver({ model: "m", apiKey: "k", dimension: 3 } as never),
      /did you mean "dimensions"/,
    );
    assert.throws(() => new GeminiEmbeddingDriver({ apiKey: "k" } as never), DriverConfigError);
    assert.throws(
      () => new OllamaEmbeddingDriver({ model: "m", maxRetries: 2 }),
      /the ollama SDK does not retry/,
    );
    assert.throws(() => new MockEmbeddingDriver({ dimensions: 0 }), DriverConfigError);
  });
});
