import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, it } from "node:test";
import { Toolbox } from "../../src/index.js";
import { MockTool } from "../fixtures/mock-tool.js";

// No static import of @opentelemetry/api here: the point is what happens before anyone loads it.
const loadedApi = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) =>
    path.includes(`${"@opentelemetry"}/api`),
  );

describe("OpenTelemetry without a registered SDK", () => {
  it("makes no spans, raises no error and never loads the API", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    const results = await toolbox.executeAll([
      { id: "a", name: "MockTool_test", arguments: '{"test":"x"}' },
      { id: "b", name: "MockTool_test", arguments: {} },
    ]);
    assert.deepEqual(
      results.map((result) => result.artifact.type),
      ["TextArtifact", "ErrorArtifact"],
    );
    assert.equal(loadedApi(), false);
  });

  it("starts tracing when an SDK registers, and stops when it is disabled", async () => {
    const { registerSdk } = await import("./fixtures/otel-sdk.js");
    const sdk = registerSdk();
    const toolbox = new Toolbox([new MockTool()]);
    await toolbox.execute({ id: "on", name: "MockTool_test", arguments: { test: "x" } });
    assert.deepEqual(
      sdk.spans().map((span) => span.name),
      ["execute_tool MockTool_test"],
    );
    // The probe above sees toolwright's own load of the API once tracing is on.
    assert.equal(loadedApi(), true);
    await sdk.shutdown();
    sdk.reset();
    const result = await toolbox.execute({
      id: "off",
      name: "MockTool_test",
      arguments: { test: "y" },
    });
    assert.equal(result.artifact.toText(), "ack y");
    assert.deepEqual(sdk.spans(), []);
  });
});
