// The conformance suite's tools on the official SDK v2, as a plain SDK user writes them: the yardstick
// `npm run conformance` measures toolwright's server against (reference-server.ts serves them).
import { randomUUID } from "node:crypto";
import {
  acceptedContent,
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  createRequestStateCodec,
  fromJsonSchema,
  type InputRequests,
  type InputRequiredResult,
  inputRequired,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import * as z from "zod";
import {
  formWithDefaults,
  formWithEnums,
  jsonSchema202012,
  testPngBase64,
  testWavBase64,
} from "./fixture-data.js";

/** Signs `requestState` so a tampered retry is refused before a handler runs. */
export const stateCodec = createRequestStateCodec<Record<string, unknown>>({
  key: crypto.getRandomValues(new Uint8Array(32)),
});

/** What the change-trigger tools publish to `subscriptions/listen` streams. */
export interface ChangeNotifier {
  toolsChanged(): void;
  promptsChanged(): void;
}

type Result = Promise<CallToolResult | InputRequiredResult>;
const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });
const none = z.object({});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nameForm = {
  type: "object" as const,
  properties: { name: { type: "string" as const } },
  required: ["name"],
};
const okForm = {
  type: "object" as const,
  properties: { ok: { type: "boolean" as const } },
  required: ["ok"],
};

// `x-mcp-header` (SEP-2243) is not in the SDK's JSON Schema type, so the schema is built as plain JSON.
const headerMirroredSchema = JSON.parse(
  '{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}',
);

/** Registers the content, logging, progress, error and 2025-era push tools. */
export function registerContentTools(server: McpServer): void {
  const simple = (name: string, result: () => CallToolResult) =>
    server.registerTool(name, { description: name }, async () => result());
  simple("test_simple_text", () => text("This is a simple text response for testing."));
  simple("test_image_content", () => ({
    content: [{ type: "image", data: testPngBase64, mimeType: "image/png" }],
  }));
  simple("test_audio_content", () => ({
    content: [{ type: "audio", data: testWavBase64, mimeType: "audio/wav" }],
  }));
  simple("test_embedded_resource", () => ({
    content: [
      {
        type: "resource",
        resource: {
          uri: "test://embedded-resource",
          mimeType: "text/plain",
          text: "This is an embedded resource content.",
        },
      },
    ],
  }));
  simple("test_multiple_content_types", () => ({
    content: [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: testPngBase64, mimeType: "image/png" },
      {
        type: "resource",
        resource: {
          uri: "test://mixed-content-resource",
          mimeType: "application/json",
          text: JSON.stringify({ test: "data", value: 123 }),
        },
      },
    ],
  }));
  server.registerTool("test_error_handling", { description: "Always fails" }, async () => {
    throw new Error("This tool intentionally returns an error for testing");
  });
  server.registerTool(
    "test_tool_with_logging",
    { description: "Logs three messages", inputSchema: none },
    async (_args, ctx) => {
      for (const step of ["started", "processing data", "completed"]) {
        await ctx.mcpReq.notify({
          method: "notifications/message",
          params: { level: "info", data: `Tool ${step}` },
        });
        await sleep(20);
      }
      return text("Tool with logging executed successfully");
    },
  );
  server.registerTool(
    "test_tool_with_progress",
    { description: "Reports progress", inputSchema: none },
    async (_args, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        for (const progress of [0, 50, 100]) {
          await ctx.mcpReq.notify({
            method: "notifications/progress",
            params: { progressToken, progress, total: 100, message: `step ${progress}` },
          });
          await sleep(20);
        }
      }
      return text(String(progressToken ?? "no-progress-token"));
    },
  );
  server.registerTool(
    "test_reconnection",
    { description: "Closes its SSE stream mid-call", inputSchema: none },
    async (_args, ctx) => {
      ctx.http?.closeSSE?.();
      await sleep(100);
      return text("Reconnection test completed successfully.");
    },
  );
  server.registerTool(
    "test_sampling",
    { description: "Asks the client's model", inputSchema: z.object({ prompt: z.string() }) },
    async ({ prompt }, ctx) => {
      const result = await ctx.mcpReq.requestSampling({
        messages: [{ role: "user", content: { type: "text", text: prompt } }],
        maxTokens: 100,
      });
      const content = Array.isArray(result.content) ? result.content[0] : result.content;
      return text(`LLM response: ${content?.type === "text" ? content.text : "No response"}`);
    },
  );
  const elicit = (
    name: string,
    message: (args: { message?: string | undefined }) => string,
    form: object,
  ) =>
    server.registerTool(
      name,
      { description: name, inputSchema: z.object({ message: z.string().optional() }) },
      async (args, ctx) => {
        const answer = await ctx.mcpReq.elicitInput({
          message: message(args),
          requestedSchema: form as never,
        });
        return text(
          `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
        );
      },
    );
  elicit("test_elicitation", (args) => args.message ?? "Please respond", {
    type: "object",
    properties: { response: { type: "string", description: "User's response" } },
    required: ["response"],
  });
  elicit("test_elicitation_sep1034_defaults", () => "Review the defaults", formWithDefaults);
  elicit("test_elicitation_sep1330_enums", () => "Pick options", formWithEnums);
  server.registerTool(
    "json_schema_2020_12_tool",
    { description: "JSON Schema 2020-12", inputSchema: fromJsonSchema(jsonSchema202012) },
    async (args) => text(`called with ${JSON.stringify(args)}`),
  );
  server.registerTool(
    "test_x_mcp_header",
    {
      description: "Mirrors an argument into a Mcp-Param header",
      inputSchema: fromJsonSchema<{ region?: string }>(headerMirroredSchema),
    },
    async (args) => text(`region=${args.region ?? "<none>"}`),
  );
}

/** Registers the 2026-07-28 tools: `input_required` rounds, logging by `logLevel`, change triggers. */
export function registerRoundTripTools(server: McpServer, changes: ChangeNotifier): void {
  const tool = (name: string, handler: (ctx: ServerContext) => Result) =>
    server.registerTool(name, { description: name, inputSchema: none }, (_args, ctx) =>
      handler(ctx),
    );
  const askName = () =>
    inputRequired.elicit({ message: "What is your name?", requestedSchema: nameForm });
  const askModel = (prompt: string) =>
    inputRequired.createMessage({
      messages: [{ role: "user", content: { type: "text", text: prompt } }],
      maxTokens: 50,
    });
  tool("test_input_required_result_elicitation", async (ctx) => {
    const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, "user_name")?.name;
    if (typeof name !== "string") return inputRequired({ inputRequests: { user_name: askName() } });
    return text(`Hello, ${name}!`);
  });
  tool("test_input_required_result_sampling", async (ctx) => {
    const answer = ctx.mcpReq.inputResponses?.capital_question as
      | { content?: { text?: string } }
      | undefined;
    if (answer === undefined) {
      return inputRequired({
        inputRequests: { capital_question: askModel("What is the capital of France?") },
      });
    }
    return text(`Sampling response: ${answer.content?.text ?? JSON.stringify(answer)}`);
  });
  tool("test_input_required_result_list_roots", async (ctx) => {
    const roots = (ctx.mcpReq.inputResponses?.client_roots as { roots?: unknown[] } | undefined)
      ?.roots;
    if (!Array.isArray(roots)) {
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    }
    return text(`Client exposed ${roots.length} root(s)`);
  });
  const confirmOnce = (label: string) => async (ctx: ServerContext) => {
    const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
    if (confirmed !== undefined && ctx.mcpReq.requestState() !== undefined) {
      return text(`${label}: requestState verified`);
    }
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: "Please confirm", requestedSchema: okForm }),
      },
      requestState: await stateCodec.mint({ tool: label, nonce: randomUUID() }),
    });
  };
  tool("test_input_required_result_request_state", confirmOnce("state-ok"));
  tool("test_input_required_result_tampered_state", confirmOnce("integrity-ok"));
  tool("test_input_required_result_multiple_inputs", async (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    const name = acceptedContent<{ name: string }>(responses, "user_name")?.name;
    const greeting = (responses?.greeting as { content?: { text?: string } } | undefined)?.content
      ?.text;
    const roots = (responses?.client_roots as { roots?: unknown[] } | undefined)?.roots;
    if (typeof name !== "string" || typeof greeting !== "string" || !Array.isArray(roots)) {
      return inputRequired({
        inputRequests: {
          user_name: askName(),
          greeting: askModel("Generate a greeting"),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await stateCodec.mint({ tool: "multiple_inputs", nonce: randomUUID() }),
      });
    }
    return text(`${greeting} ${name}: ${roots.length} root(s)`);
  });
  tool("test_input_required_result_multi_round", async (ctx) => {
    const state = ctx.mcpReq.requestState<{ round?: number; name?: string }>();
    const round = typeof state?.round === "number" ? state.round : 0;
    const ask = (message: string, field: string) =>
      inputRequired.elicit({
        message,
        requestedSchema: {
          type: "object",
          properties: { [field]: { type: "string" } },
          required: [field],
        },
      });
    if (round === 0) {
      return inputRequired({
        inputRequests: { step1: ask("Step 1: What is your name?", "name") },
        requestState: await stateCodec.mint({ round: 1, nonce: randomUUID() }),
      });
    }
    if (round === 1) {
      const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, "step1")?.name;
      return inputRequired({
        inputRequests: { step2: ask("Step 2: What is your favorite color?", "color") },
        requestState: await stateCodec.mint({ round: 2, name: name ?? "unknown" }),
      });
    }
    const color = acceptedContent<{ color: string }>(ctx.mcpReq.inputResponses, "step2")?.color;
    return text(`Multi-round complete: ${state?.name ?? "unknown"} likes ${color ?? "unknown"}`);
  });
  tool("test_input_required_result_capabilities", async (ctx) => {
    if (ctx.mcpReq.inputResponses !== undefined) return text("Capability-aware input fulfilled");
    const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities> | undefined;
    const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY];
    const requests: InputRequests = {};
    if (declared?.elicitation !== undefined) requests.user_name = askName();
    if (declared?.sampling !== undefined) requests.greeting = askModel("Generate a greeting");
    if (declared?.roots !== undefined) requests.client_roots = inputRequired.listRoots();
    if (Object.keys(requests).length === 0) return text("No input capability declared");
    return inputRequired({ inputRequests: requests });
  });
  tool("test_missing_capability", async (ctx) => {
    if (ctx.mcpReq.inputResponses?.llm_answer !== undefined) return text("sampling complete");
    return inputRequired({ inputRequests: { llm_answer: askModel("Reply with: pong") } });
  });
  tool("test_streaming_elicitation", async () => text("result frames only"));
  tool("test_logging_tool", async (ctx) => {
    await ctx.mcpReq.log("info", "test_logging_tool ran");
    return text("logged when the request set _meta.logLevel");
  });
  tool("test_trigger_tool_change", async () => {
    changes.toolsChanged();
    return text("tools_list_changed published");
  });
  tool("test_trigger_prompt_change", async () => {
    changes.promptsChanged();
    return text("prompts_list_changed published");
  });
}
