// McpTool answering what a server asks while its tools run: elicitation (form defaults, every enum
// form), sampling and roots through the handlers given to `connect`, a clear refusal without them;
// and a response stream the server ends on purpose, resumed with Last-Event-ID.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ErrorArtifact } from "../../src/index.js";
import { type McpElicitation, McpTool, samplingWithDriver } from "../../src/mcp.js";
import { MockPromptDriver } from "../../src/testing.js";
import { type AskingServer, forms, startAskingServer } from "./fixtures/asking-server.js";

describe("McpTool answers a server's questions", () => {
  let server: AskingServer;
  before(async () => {
    server = await startAskingServer();
  });
  after(async () => {
    await server.close();
  });

  it("shows the form and fills what the person left out with the form's defaults (SEP-1034)", async () => {
    const asked: McpElicitation[] = [];
    const tool = await McpTool.connect(
      { url: server.url },
      {
        onElicit: (question) => {
          asked.push(question);
          return { action: "accept", content: { name: "Grace", age: 85 } };
        },
      },
    );
    try {
      const answer = JSON.parse((await tool.run("ask", { form: "defaults" })).toText());
      assert.deepEqual(answer, {
        action: "accept",
        content: { name: "Grace", age: 85, score: 9.5, status: "away", subscribed: true },
      });
      assert.equal(asked.length, 1);
      assert.equal(asked[0]?.mode, "form");
      assert.equal(asked[0]?.message, "Please fill the defaults form");
      assert.equal(asked[0]?.server, server.url);
      assert.deepEqual(asked[0]?.requestedSchema, forms.defaults);
    } finally {
      await tool.close();
    }
  });

  it("passes every enum form through as the server wrote it and returns the choices (SEP-1330)", async () => {
    let schema: unknown;
    const tool = await McpTool.connect(
      { url: server.url },
      {
        onElicit: ({ requestedSchema }) => {
          schema = requestedSchema;
          return {
            action: "accept",
            content: {
              plain: "green",
              titled: "#f00",
              legacy: "m",
              many: ["a", "c"],
              manyTitled: ["y"],
            },
          };
        },
      },
    );
    try {
      const answer = JSON.parse((await tool.run("ask", { form: "enums" })).toText());
      assert.deepEqual(schema, forms.enums);
      assert.deepEqual(answer.content, {
        plain: "green",
        titled: "#f00",
        legacy: "m",
        many: ["a", "c"],
        manyTitled: ["y"],
      });
    } finally {
      await tool.close();
    }
  });

  it("declines and cancels as the person says", async () => {
    for (const action of ["decline", "cancel"] as const) {
      const tool = await McpTool.connect({ url: server.url }, { onElicit: () => ({ action }) });
      try {
        assert.deepEqual(JSON.parse((await tool.run("ask", { form: "defaults" })).toText()), {
          action,
        });
      } finally {
        await tool.close();
      }
    }
  });

  it("without a handler or a caller to forward to, the server's request is refused, the call ends", async () => {
    const tool = await McpTool.connect({ url: server.url });
    try {
      const result = await tool.run("ask", { form: "defaults" });
      assert.ok(result instanceof ErrorArtifact, result.toText());
      assert.equal(result.code, "elicitation_unavailable");
      assert.match(result.value, /\(elicitation\), but this call has no caller/);
    } finally {
      await tool.close();
    }
  });

  it("runs a sampling request through the caller's handler, and offers its roots", async () => {
    const tool = await McpTool.connect(
      { url: server.url },
      {
        onSample: (request) => ({
          role: "assistant",
          model: "test-model",
          content: {
            type: "text",
            text: `${request.messages.length} message(s), at most ${request.maxTokens} tokens`,
          },
        }),
        roots: [{ uri: "file:///srv/project", name: "project" }],
      },
    );
    try {
      assert.equal(
        (await tool.run("summarize", { text: "long" })).toText(),
        "test-model: 1 message(s), at most 50 tokens",
      );
      assert.equal((await tool.run("roots", {})).toText(), "file:///srv/project");
    } finally {
      await tool.close();
    }
  });

  it("answers sampling with one of toolwright's prompt drivers, within the caller's token cap", async () => {
    const driver = new MockPromptDriver({ responses: ["A short summary."], model: "house-model" });
    const tool = await McpTool.connect(
      { url: server.url },
      { onSample: samplingWithDriver(driver, { maxTokens: 20 }) },
    );
    try {
      assert.equal(
        (await tool.run("summarize", { text: "a long text" })).toText(),
        "house-model: A short summary.",
      );
      assert.deepEqual(driver.requests[0]?.messages, [
        { role: "user", content: [{ type: "text", text: "Summarize: a long text" }] },
      ]);
      assert.equal(driver.requests[0]?.maxOutputTokens, 20);
    } finally {
      await tool.close();
    }
  });

  it("resumes a response stream the server ended on purpose (SEP-1699) and gets the answer", async () => {
    const tool = await McpTool.connect({ url: server.url });
    try {
      const progress: number[] = [];
      const result = await tool.run(
        "slow_report",
        {},
        { onProgress: (report) => progress.push(report.progress) },
      );
      assert.equal(result.toText(), "report ready");
      assert.deepEqual(progress, [1], "the report sent before the stream ended arrived");
    } finally {
      await tool.close();
    }
  });
});

describe("McpTool when an HTTP server goes away mid-call", () => {
  it("gives up at once with an ErrorArtifact, not after its retries or the request timeout", async () => {
    const server = await startAskingServer();
    const tool = await McpTool.connect({ url: server.url }, { requestTimeoutMs: 120_000 });
    try {
      const call = tool.run("hang", {}, { timeoutMs: 120_000 });
      await server.hanging;
      await server.close();
      const result = await call;
      assert.ok(result instanceof ErrorArtifact, result.toText());
      // Which comes first, the failed resumption or the failed ping, decides between the two.
      assert.ok(
        result.code === "mcp_server_closed" || result.code === "mcp_server_unreachable",
        result.value,
      );
      assert.match(result.value, /^MCP server "http:\/\/127\.0\.0\.1:\d+\/mcp" /);
    } finally {
      await tool.close();
    }
  });
});
