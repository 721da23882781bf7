// A remote server's questions forwarded to whoever called the McpTool: the caller of the run
// (`RunOptions.caller`, as serveMcp, an agent or the CLI give one). Forms with their defaults filled
// and every enum form checked, sampling only when allowed, a clear refusal otherwise; on 2025-11-25
// (server requests, the SDK's v1 server) and on 2026-07-28 (input_required rounds from toolwright's
// own serveMcp, with the capabilities declared per call).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type Caller, ErrorArtifact, Toolbox } from "../../src/index.js";
import { type McpServerHandle, McpTool, serveMcp } from "../../src/mcp.js";
import { type AskingServer, forms, startAskingServer } from "./fixtures/asking-server.js";
import { AskingTool } from "./fixtures/asking-tool.js";

type ElicitRequest = Parameters<Caller["elicit"]>[0];
type SampleRequest = Parameters<Caller["sample"]>[0];

/** A caller that records what it is asked and answers from `answers`. */
function recordingCaller(
  abilities: Caller["abilities"],
  answers: { form?: Record<string, unknown>; action?: "accept" | "decline" | "cancel" } = {},
) {
  const forms: ElicitRequest[] = [];
  const samples: SampleRequest[] = [];
  const caller: Caller = {
    abilities,
    log: () => undefined,
    elicit: async (request) => {
      forms.push(request);
      const action = answers.action ?? "accept";
      return action === "accept" ? { action, content: answers.form ?? {} } : { action };
    },
    sample: async (request) => {
      samples.push(request);
      return {
        role: "assistant",
        model: "caller-model",
        content: { type: "text", text: `${request.messages.length} message(s)` },
      };
    },
    roots: async () => [],
  };
  return { caller, forms, samples };
}

const everything = { elicit: true, sample: true, roots: true };
const nothing = { elicit: false, sample: false, roots: false };

describe("McpTool forwards a 2025-11-25 server's questions to its caller", () => {
  let server: AskingServer;
  let tool: McpTool;
  before(async () => {
    server = await startAskingServer();
    tool = await McpTool.connect({ url: server.url }, { protocolVersion: "legacy" });
  });
  after(async () => {
    await tool.close();
    await server.close();
  });

  it("puts the form to the caller and fills what the person left out with its defaults (SEP-1034)", async () => {
    const { caller, forms: asked } = recordingCaller(everything, { form: { name: "Grace" } });
    const result = await tool.run("ask", { form: "defaults" }, { caller });
    assert.deepEqual(JSON.parse(result.toText()), {
      action: "accept",
      content: { name: "Grace", age: 36, score: 9.5, status: "away", subscribed: true },
    });
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.message, "Please fill the defaults form");
    assert.deepEqual(asked[0]?.requestedSchema.properties, forms.defaults?.properties);
  });

  it("passes every enum form (SEP-1330) and checks the answer against it", async () => {
    const content = { plain: "green", titled: "#f00", legacy: "m", many: ["a"], manyTitled: ["y"] };
    const { caller } = recordingCaller(everything, { form: content });
    const result = await tool.run("ask", { form: "enums" }, { caller });
    assert.deepEqual(JSON.parse(result.toText()).content, content);

    const wrong = recordingCaller(everything, { form: { ...content, titled: "Red" } });
    const refused = await tool.run("ask", { form: "enums" }, { caller: wrong.caller });
    assert.ok(refused instanceof ErrorArtifact, refused.toText());
    assert.equal(refused.code, "invalid_answer");
  });

  it("declines as the caller says", async () => {
    const { caller } = recordingCaller(everything, { action: "decline" });
    const result = await tool.run("ask", { form: "defaults" }, { caller });
    assert.deepEqual(JSON.parse(result.toText()), { action: "decline" });
  });

  it("refuses clearly when the call has no caller who can answer", async () => {
    for (const caller of [undefined, recordingCaller(nothing).caller]) {
      const result = await tool.run("ask", { form: "defaults" }, caller ? { caller } : {});
      assert.ok(result instanceof ErrorArtifact, result.toText());
      assert.equal(result.code, "elicitation_unavailable");
      assert.match(result.value, /asked the person "Please fill the defaults form"/);
    }
  });

  it("keeps the caller's model from the server unless sampling is allowed for it", async () => {
    const { caller, samples } = recordingCaller(everything);
    const refused = await tool.run("summarize", { text: "long" }, { caller });
    assert.ok(refused instanceof ErrorArtifact, refused.toText());
    assert.match(refused.value, /sampling/i);
    assert.equal(samples.length, 0);

    const allowed = await McpTool.connect(
      { url: server.url },
      { protocolVersion: "legacy", allowSampling: true },
    );
    try {
      const result = await allowed.run("summarize", { text: "long" }, { caller });
      assert.equal(result.toText(), "caller-model: 1 message(s)");
      assert.deepEqual(samples[0]?.messages, [
        { role: "user", content: { type: "text", text: "Summarize: long" } },
      ]);
      assert.equal(samples[0]?.maxTokens, 50);
      const none = await allowed.run(
        "summarize",
        { text: "x" },
        { caller: recordingCaller(nothing).caller },
      );
      assert.ok(none instanceof ErrorArtifact, none.toText());
      assert.equal(none.code, "sampling_unavailable");
    } finally {
      await allowed.close();
    }
  });
});

describe("McpTool forwards a 2026-07-28 server's input_required rounds to its caller", () => {
  let server: McpServerHandle;
  let tool: McpTool;
  before(async () => {
    server = await serveMcp(new Toolbox([new AskingTool()]), {
      transport: "http",
      sessions: "stateless",
    });
    tool = await McpTool.connect(
      { url: String(server.url) },
      { protocolVersion: "2026-07-28", allowSampling: true },
    );
  });
  after(async () => {
    await tool.close();
    await server.close();
  });

  it("answers a round through the caller, and the server's method sees the answer", async () => {
    const { caller, forms: asked } = recordingCaller(everything, { form: { confirm: true } });
    const result = await tool.run("AskingTool_deploy", { env: "prod" }, { caller });
    assert.equal(result.toText(), "deployed to prod");
    assert.equal(asked[0]?.message, "Deploy to prod?");
  });

  it("lends the caller's model when allowed", async () => {
    const { caller, samples } = recordingCaller(everything);
    const result = await tool.run("AskingTool_summarize", {}, { caller });
    assert.equal(result.toText(), "caller-model: 1 message(s)");
    assert.equal(samples[0]?.systemPrompt, "Be brief");
  });

  it("declares per call only what its caller can answer: the server knows not to ask", async () => {
    const { caller, forms: asked } = recordingCaller({ elicit: false, sample: true, roots: false });
    const result = await tool.run("AskingTool_deploy", { env: "prod" }, { caller });
    assert.ok(result instanceof ErrorArtifact, result.toText());
    // The server's own activity found no elicitation capability for this request (-32021), so the
    // caller was never asked.
    assert.match(result.value, /elicit|capabilit/i);
    assert.equal(asked.length, 0);
  });
});

describe("served on (a gateway): the remote server's questions reach the upstream MCP client", () => {
  let remote: AskingServer;
  let gateway: McpServerHandle;
  let tool: McpTool;
  before(async () => {
    remote = await startAskingServer();
    tool = await McpTool.connect(
      { url: remote.url },
      { name: "Remote", protocolVersion: "legacy" },
    );
    gateway = await serveMcp(new Toolbox([tool]), { transport: "http", sessions: "stateless" });
  });
  after(async () => {
    await gateway.close();
    await tool.close();
    await remote.close();
  });

  it("asks the upstream client in an input_required round (2026-07-28) and passes the answer on", async () => {
    const upstream = new ClientV2(
      { name: "upstream", version: "1.0.0" },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    const asked: string[] = [];
    upstream.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { name: "Grace" } };
    });
    await upstream.connect(new StreamableHTTPClientTransport(new URL(String(gateway.url))));
    try {
      const result = await upstream.callTool({
        name: "Remote_ask",
        arguments: { form: "defaults" },
      });
      const text = (result.content as { text?: string }[]).map((block) => block.text).join("");
      assert.deepEqual(JSON.parse(text), {
        action: "accept",
        content: { name: "Grace", age: 36, score: 9.5, status: "away", subscribed: true },
      });
      assert.deepEqual(asked, ["Please fill the defaults form"]);
    } finally {
      await upstream.close();
    }
  });
});
