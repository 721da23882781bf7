// A queued call's trace goes on into the worker: the job carries the caller's trace context, and the
// worker's span is a child of the caller's `execute_tool` span (in-process here, so one exporter
// sees both; the worker's loop runs in a context of its own, so only the job's carrier can link them).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { Toolbox } from "../../src/index.js";
import { QueueToolbox, type QueueWorker, startWorker } from "../../src/queue.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { parentOf, registerSdk } from "../observe/fixtures/otel-sdk.js";
import { FleetTool } from "./fixtures/fleet-tools.js";

describe("a queued call's trace", () => {
  const sdk = registerSdk();
  let redis: RedisForTests;
  let worker: QueueWorker;
  let caller: QueueToolbox;

  before(async () => {
    redis = await startRedis();
    const queue = `traced-${randomUUID().slice(0, 8)}`;
    worker = await startWorker(new Toolbox([new FleetTool()]), { connection: redis.url, queue });
    caller = new QueueToolbox([new FleetTool()], { connection: redis.url, queue });
  });
  after(async () => {
    await caller.close();
    await worker.close();
    await redis.stop();
    await sdk.shutdown();
  });

  it("continues in the worker: a CONSUMER span under the caller's execute_tool span", async () => {
    const result = await caller.execute({
      id: "q1",
      name: "FleetTool_long",
      arguments: { chars: 10 },
    });
    assert.equal(result.artifact.type, "TextArtifact", result.artifact.toText());
    const spans = sdk.named("execute_tool FleetTool_long");
    const outer = spans.find((span) => span.kind === SpanKind.INTERNAL);
    const inner = spans.find((span) => span.kind === SpanKind.CONSUMER);
    assert.ok(outer && inner, spans.map((span) => `${span.name} ${span.kind}`).join(", "));
    assert.equal(inner.spanContext().traceId, outer.spanContext().traceId);
    assert.equal(parentOf(inner), outer.spanContext().spanId);
    assert.equal(inner.attributes["gen_ai.tool.call.id"], "q1");
    assert.equal(inner.attributes["messaging.system"], "bullmq");
    assert.equal(inner.attributes["toolwright.artifact.type"], "TextArtifact");
    assert.equal(inner.status.code, SpanStatusCode.UNSET);
  });
});
