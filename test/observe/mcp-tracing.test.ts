import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { type ActivityProgress, Toolbox } from "../../src/index.js";
import { type McpServerHandle, McpTool, serveMcp } from "../../src/mcp.js";
import { PagesTool } from "../fixtures/pages-tool.js";
import { parentOf, registerSdk } from "./fixtures/otel-sdk.js";

const sdk = registerSdk();
beforeEach(() => sdk.reset());

function single(prefix: string, kind: SpanKind): ReadableSpan {
  const found = sdk.named(prefix).filter((span) => span.kind === kind);
  assert.equal(found.length, 1, `${prefix}: ${found.map((span) => span.name).join(", ")}`);
  return found[0] as ReadableSpan;
}

describe("one trace across McpTool → MCP over HTTP → serveMcp", () => {
  let server: McpServerHandle;
  let remote: McpTool;
  let caller: Toolbox;

  before(async () => {
    server = await serveMcp(new Toolbox([new PagesTool()]), { transport: "http", token: "t0ken" });
    remote = await McpTool.connect(
      { url: String(server.url), headers: { Authorization: "Bearer t0ken" } },
      { name: "Remote" },
    );
    caller = new Toolbox([remote]);
  });
  after(async () => {
    await remote.close();
    await server.close();
    await sdk.shutdown();
  });

  it("links the caller's span, the MCP client and server spans and the served call", async () => {
    const root = trace.getTracer("app").startSpan("user request");
    const reports: ActivityProgress[] = [];
    const name = caller.nativeName(remote, "PagesTool_read");
    const result = await context.with(trace.setSpan(context.active(), root), () =>
      caller.execute(
        { id: "c1", name, arguments: { pages: 3 } },
        { onProgress: (report) => reports.push(report) },
      ),
    );
    root.end();
    assert.equal(result.artifact.toText(), "read 3");

    const outer = sdk.spans().find((span) => span.name === `execute_tool ${name}`);
    const client = single("tools/call PagesTool_read", SpanKind.CLIENT);
    const served = single("tools/call PagesTool_read", SpanKind.SERVER);
    const inner = sdk.spans().find((span) => span.name === "execute_tool PagesTool_read");
    assert.ok(outer && inner);
    const traceId = root.spanContext().traceId;
    for (const span of [outer, client, served, inner]) {
      assert.equal(span.spanContext().traceId, traceId, span.name);
    }
    assert.equal(parentOf(outer), root.spanContext().spanId);
    assert.equal(parentOf(client), outer.spanContext().spanId);
    // The only way across the socket: the traceparent McpTool put in the request's _meta.
    assert.equal(parentOf(served), client.spanContext().spanId);
    assert.equal(parentOf(inner), served.spanContext().spanId);
    assert.equal(client.attributes["mcp.method.name"], "tools/call");
    assert.equal(served.attributes["gen_ai.tool.name"], "PagesTool_read");
    assert.equal(typeof served.attributes["jsonrpc.request.id"], "string");
    // McpTool speaks 2026-07-28 to serveMcp: requests of their own, no session to name.
    assert.equal(served.attributes["mcp.session.id"], undefined);
    assert.equal(inner.attributes["gen_ai.tool.call.id"], served.attributes["jsonrpc.request.id"]);

    // The served activity's progress crossed back, through McpTool, to the first caller.
    assert.deepEqual(reports, [
      { progress: 1, total: 3, message: "page 1" },
      { progress: 2, total: 3, message: "page 2" },
      { progress: 3, total: 3, message: "page 3" },
    ]);
  });

  it("marks a failed served call as an error on both sides", async () => {
    const name = caller.nativeName(remote, "PagesTool_broken");
    const result = await caller.execute({ id: "c2", name, arguments: {} });
    assert.equal(result.artifact.type, "ErrorArtifact");
    const client = single("tools/call PagesTool_broken", SpanKind.CLIENT);
    const served = single("tools/call PagesTool_broken", SpanKind.SERVER);
    const inner = sdk.spans().find((span) => span.name === "execute_tool PagesTool_broken");
    assert.equal(client.attributes["error.type"], "tool_error");
    assert.equal(served.status.code, SpanStatusCode.ERROR);
    assert.equal(inner?.attributes["error.type"], "activity_failed");
    assert.equal(parentOf(served), client.spanContext().spanId);
  });
});
