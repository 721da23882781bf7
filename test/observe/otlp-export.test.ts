import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { Toolbox } from "../../src/index.js";
import { MockTool } from "../fixtures/mock-tool.js";

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface OtlpSpan {
  name: string;
  attributes: OtlpAttribute[];
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

const attributeValue = (attributes: OtlpAttribute[], key: string) => {
  const value = attributes.find((attribute) => attribute.key === key)?.value;
  return value?.stringValue ?? value?.boolValue ?? value?.intValue;
};

// A stand-in for an OpenTelemetry Collector: OTLP/HTTP JSON on 127.0.0.1, as docs/observability.md
// sets the exporter up (with the collector's address instead of 4318).
describe("toolwright spans exported over OTLP, as docs/observability.md sets it up", () => {
  const received: OtlpRequest[] = [];
  const collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      assert.equal(request.url, "/v1/traces");
      received.push(JSON.parse(body) as OtlpRequest);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  let provider: TracerProvider;

  before(async () => {
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    const { port } = collector.address() as AddressInfo;
    const exporter = new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces` });
    provider = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": "my-agent" }),
      spanProcessors: [new BatchSpanProcessor({ exporter })],
    });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
  });
  after(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
    await new Promise((resolve) => collector.close(resolve));
  });

  it("reaches the collector with the service name, the toolwright scope and the GenAI attributes", async () => {
    const toolbox = new Toolbox([new MockTool()]);
    await toolbox.execute({ id: "c1", name: "MockTool_test", arguments: '{"test":"x"}' });
    await toolbox.execute({ id: "c2", name: "MockTool_test", arguments: "{}" });
    await provider.forceFlush();
    const batches = received.flatMap((request) => request.resourceSpans);
    assert.ok(batches.length > 0, "the collector received nothing");
    for (const batch of batches) {
      assert.equal(attributeValue(batch.resource.attributes, "service.name"), "my-agent");
    }
    const spans = batches.flatMap((batch) =>
      batch.scopeSpans
        .filter((scope) => scope.scope.name === "toolwright")
        .flatMap((scope) => scope.spans),
    );
    assert.deepEqual(
      spans.map((span) => [
        span.name,
        attributeValue(span.attributes, "gen_ai.tool.call.id"),
        attributeValue(span.attributes, "error.type") ?? null,
      ]),
      [
        ["execute_tool MockTool_test", "c1", null],
        ["execute_tool MockTool_test", "c2", "invalid_input"],
      ],
    );
  });
});
