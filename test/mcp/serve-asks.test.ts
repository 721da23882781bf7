// What an activity asks of its caller, served over MCP to the official SDK's clients: v1 in a
// 2025-11-25 session (asks are requests to the client, logs notifications/message), v2 on 2026-07-28
// (asks are input_required rounds the client answers by retrying), and raw 2026-07-28 requests for
// what a client could do wrong: refuse, tamper with the requestState, replay it on another call.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { Toolbox } from "../../src/index.js";
import { type McpServerHandle, serveMcp } from "../../src/mcp.js";
import { AskingTool } from "./fixtures/asking-tool.js";

/** A JSON-RPC answer to a raw tools/call. */
interface RawReply {
  result: {
    resultType: string;
    inputRequests: Record<string, { method: string; params: { message: string } }>;
    requestState?: string;
    content?: { text?: string }[];
  };
  error?: { code: number; message: string };
}

const textOf = (result: unknown) =>
  ((result as { content?: { text?: string }[] }).content ?? []).map((block) => block.text).join("");

describe("asks over a 2025-11-25 session (the v1 SDK client)", () => {
  let server: McpServerHandle;
  let tool: AskingTool;
  before(async () => {
    tool = new AskingTool();
    server = await serveMcp(new Toolbox([tool]), { transport: "http" });
  });
  after(() => server.close());

  async function connect(capabilities: Record<string, object>) {
    const client = new Client({ name: "v1", version: "1.0.0" }, { capabilities });
    await client.connect(new TransportV1(new URL(String(server.url))));
    return client;
  }

  it("sends elicitation, sampling and roots requests on the call's stream; logs by level", async () => {
    const client = await connect({ elicitation: {}, sampling: {}, roots: {} });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      assert.deepEqual(
        (request.params as { requestedSchema: { required?: string[] } }).requestedSchema.required,
        ["confirm"],
      );
      return { action: "accept", content: { confirm: true } };
    });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      assert.equal(request.params.systemPrompt, "Be brief");
      return { role: "assistant", model: "host-model", content: { type: "text", text: "asks" } };
    });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: "file:///work", name: "work" }],
    }));
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) => {
      logs.push(notification.params);
    });
    await client.setLoggingLevel("info");
    try {
      const deployed = await client.callTool({
        name: "AskingTool_deploy",
        arguments: { env: "prod" },
      });
      assert.equal(textOf(deployed), "deployed to prod");
      assert.deepEqual(asked, ["Deploy to prod?"]);
      assert.deepEqual(logs, [
        { level: "info", data: { message: "deploying to prod", data: { env: "prod" } } },
      ]);
      const summary = await client.callTool({ name: "AskingTool_summarize", arguments: {} });
      assert.equal(textOf(summary), "host-model: asks");
      const roots = await client.callTool({ name: "AskingTool_where", arguments: {} });
      assert.equal(textOf(roots), "file:///work");
      // Above the session's level, a log is not sent.
      await client.setLoggingLevel("error");
      logs.length = 0;
      await client.callTool({ name: "AskingTool_deploy", arguments: { env: "dev" } });
      assert.deepEqual(logs, []);
    } finally {
      await client.close();
    }
  });

  it("an answer that does not fit the form, or a client that cannot answer, is an ErrorArtifact", async () => {
    const client = await connect({ elicitation: {} });
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: "accept",
      content: { confirm: true, note: "now!" },
    }));
    try {
      const wrong = await client.callTool({
        name: "AskingTool_deploy",
        arguments: { env: "prod" },
      });
      assert.equal(wrong.isError, true);
      assert.match(textOf(wrong), /the answer to "Deploy to prod\?" does not fit the form/);
      const unable = await client.callTool({ name: "AskingTool_summarize", arguments: {} });
      assert.equal(unable.isError, true);
      assert.match(
        textOf(unable),
        /the caller cannot run its model: it did not declare that it can/,
      );
    } finally {
      await client.close();
    }
  });
});

describe("asks on 2026-07-28: input_required rounds", () => {
  let server: McpServerHandle;
  let tool: AskingTool;
  before(async () => {
    tool = new AskingTool();
    server = await serveMcp(new Toolbox([tool]), { transport: "http", sessions: "stateless" });
  });
  after(() => server.close());

  it("the v2 SDK client answers a round and retries; the method runs again with the answer", async () => {
    const client = new ClientV2(
      { name: "v2", version: "1.0.0" },
      {
        capabilities: { elicitation: {}, roots: {} },
        versionNegotiation: { mode: { pin: "2026-07-28" } },
      },
    );
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { name: "Ada", confirm: true } };
    });
    client.setRequestHandler("roots/list", async () => ({ roots: [{ uri: "file:///a" }] }));
    await client.connect(new StreamableHTTPClientTransport(new URL(String(server.url))));
    try {
      tool.deployRuns = 0;
      const deployed = await client.callTool({
        name: "AskingTool_deploy",
        arguments: { env: "prod" },
      });
      assert.equal(textOf(deployed), "deployed to prod");
      assert.deepEqual(asked, ["Deploy to prod?"]);
      assert.equal(tool.deployRuns, 2, "asked in the first run, answered in the second");
      // Two asks under one Promise.all go out in one round.
      asked.length = 0;
      const both = await client.callTool({ name: "AskingTool_both", arguments: {} });
      assert.equal(textOf(both), "Ada in 1 root(s)");
      assert.deepEqual(asked, ["Name?"]);
      // Sampling was not declared: the protocol's -32021, naming the capability.
      await assert.rejects(
        client.callTool({ name: "AskingTool_summarize", arguments: {} }),
        (error: { code?: unknown; data?: unknown }) => {
          assert.equal(error.code, -32021);
          assert.deepEqual(error.data, { requiredCapabilities: { sampling: {} } });
          return true;
        },
      );
    } finally {
      await client.close();
    }
  });

  /** One 2026-07-28 `tools/call`, as a client sends it on the wire. */
  async function call(params: Record<string, unknown>) {
    const response = await fetch(String(server.url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": String(params.name),
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          ...params,
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
            "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
          },
        },
      }),
    });
    return { status: response.status, body: (await response.json()) as RawReply };
  }

  it("answered, refused and tampered rounds on the wire", async () => {
    const deploy = { name: "AskingTool_deploy", arguments: { env: "prod" } };
    const first = await call(deploy);
    assert.equal(first.body.result.resultType, "input_required");
    const request = first.body.result.inputRequests.confirm;
    assert.equal(request?.method, "elicitation/create");
    assert.equal(request?.params.message, "Deploy to prod?");
    const requestState = first.body.result.requestState as string;
    assert.equal(typeof requestState, "string");

    const answered = await call({
      ...deploy,
      requestState,
      inputResponses: { confirm: { action: "accept", content: { confirm: true } } },
    });
    assert.equal(answered.body.result.resultType, "complete");
    assert.equal(textOf(answered.body.result), "deployed to prod");

    const refused = await call({
      ...deploy,
      requestState,
      inputResponses: { confirm: { action: "decline" } },
    });
    assert.equal(textOf(refused.body.result), "not deployed (decline)");

    // An answer of the wrong shape counts as none: asked again.
    const malformed = await call({ ...deploy, requestState, inputResponses: { confirm: 42 } });
    assert.equal(malformed.body.result.resultType, "input_required");

    const tampered = `${requestState.slice(0, -4)}AAAA`;
    const refusedState = await call({
      ...deploy,
      requestState: tampered,
      inputResponses: { confirm: { action: "accept", content: { confirm: true } } },
    });
    assert.equal(refusedState.body.error?.code, -32602);

    // Signed state from one call is refused on another (other arguments).
    const replayed = await call({
      name: "AskingTool_deploy",
      arguments: { env: "dev" },
      requestState,
      inputResponses: { confirm: { action: "accept", content: { confirm: true } } },
    });
    assert.equal(replayed.body.error?.code, -32602);
    assert.match(
      String(replayed.body.error?.message),
      /requestState: it belongs to another request/,
    );
  });
});
