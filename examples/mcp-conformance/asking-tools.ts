// The conformance fixtures that ask the client things, written with `context.log`, `context.elicit`,
// `context.sample` and `context.roots`: the same activity code serves a 2025-11-25 session (asks are
// requests to the client) and a 2026-07-28 client (asks are input_required rounds).
import { type ActivityContext, activity, Tool } from "../../src/index.js";
import type { McpChangeNotifier } from "../../src/mcp.js";
import { formWithDefaults, formWithEnums } from "./fixture-data.js";

const text = (field: string) => ({
  type: "object",
  properties: { [field]: { type: "string" } },
  required: [field],
});
const okForm = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] };
const messageInput = {
  type: "object",
  properties: { message: { type: "string", description: "What to ask" } },
};
type Context = ActivityContext;

/** 2025-era fixtures: logging, sampling and forms, asked on the call's own stream. */
export class SessionAskingTool extends Tool {
  @activity({ description: "Logs three messages while it runs" })
  async test_tool_with_logging(_input: object, context: Context) {
    for (const step of ["started", "processing data", "completed"]) {
      context.log("info", `Tool ${step}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return "Tool with logging executed successfully";
  }

  @activity({
    description: "Asks the client's model",
    schema: { type: "object", properties: { prompt: { type: "string" } }, required: ["prompt"] },
  })
  async test_sampling(input: { prompt: string }, context: Context) {
    const reply = await context.sample(input.prompt, { maxTokens: 100 });
    return `LLM response: ${reply.content.toText()}`;
  }

  @activity({ description: "Asks the person a question", schema: messageInput })
  async test_elicitation(input: { message?: string }, context: Context) {
    const answer = await context.elicit(input.message ?? "Please respond", text("response"));
    return `User response: action=${answer.action}, content=${JSON.stringify("content" in answer ? answer.content : {})}`;
  }

  @activity({ description: "A form whose fields have defaults (SEP-1034)" })
  async test_elicitation_sep1034_defaults(_input: object, context: Context) {
    const answer = await context.elicit("Review the defaults", formWithDefaults);
    return `Elicitation completed: action=${answer.action}`;
  }

  @activity({ description: "A form with every enum shape (SEP-1330)" })
  async test_elicitation_sep1330_enums(_input: object, context: Context) {
    const answer = await context.elicit("Pick options", formWithEnums);
    return `Elicitation completed: action=${answer.action}`;
  }
}

/** 2026-07-28 fixtures: each ask names its `inputRequests` key, as the suite expects. */
export class RoundAskingTool extends Tool {
  /** Set once the server runs: the change triggers publish on it. */
  notify: McpChangeNotifier | undefined;

  @activity({ description: "Asks for the caller's name" })
  async test_input_required_result_elicitation(_input: object, context: Context) {
    const answer = await context.elicit("What is your name?", text("name"), { key: "user_name" });
    return answer.action === "accept" ? `Hello, ${String(answer.content.name)}!` : "Hello!";
  }

  @activity({ description: "Asks the client's model a question" })
  async test_input_required_result_sampling(_input: object, context: Context) {
    const reply = await context.sample("What is the capital of France?", {
      maxTokens: 100,
      key: "capital_question",
    });
    return `Sampling response: ${reply.content.toText()}`;
  }

  @activity({ description: "Lists the client's roots" })
  async test_input_required_result_list_roots(_input: object, context: Context) {
    const roots = await context.roots({ key: "client_roots" });
    return `Client exposed ${roots.length} root(s): ${roots.map((root) => root.uri).join(", ")}`;
  }

  @activity({ description: "Asks for a confirmation, carried in signed requestState" })
  async test_input_required_result_request_state(_input: object, context: Context) {
    await context.elicit("Please confirm", okForm, { key: "confirm" });
    return "state-ok: requestState verified and confirmation received";
  }

  @activity({ description: "Refuses a retry whose requestState was tampered with" })
  async test_input_required_result_tampered_state(_input: object, context: Context) {
    await context.elicit("Please confirm", okForm, { key: "confirm" });
    return "integrity-ok: requestState verified";
  }

  @activity({ description: "Asks three things in one round" })
  async test_input_required_result_multiple_inputs(_input: object, context: Context) {
    const [name, greeting, roots] = await Promise.all([
      context.elicit("What is your name?", text("name"), { key: "user_name" }),
      context.sample("Generate a greeting", { maxTokens: 50, key: "greeting" }),
      context.roots({ key: "client_roots" }),
    ]);
    const who = name.action === "accept" ? String(name.content.name) : "stranger";
    return `${greeting.content.toText()} ${who}: ${roots.length} root(s)`;
  }

  @activity({ description: "Asks twice, one round after the other" })
  async test_input_required_result_multi_round(_input: object, context: Context) {
    const name = await context.elicit("Step 1: What is your name?", text("name"), { key: "step1" });
    const color = await context.elicit("Step 2: What is your favorite color?", text("color"), {
      key: "step2",
    });
    const value = (answer: typeof name, field: string) =>
      answer.action === "accept" ? String(answer.content[field]) : "unknown";
    return `Multi-round complete: ${value(name, "name")} likes ${value(color, "color")}`;
  }

  @activity({ description: "Asks only for what the client declared it can answer" })
  async test_input_required_result_capabilities(_input: object, context: Context) {
    const asks: Promise<unknown>[] = [];
    if (context.canAsk.elicit) {
      asks.push(context.elicit("What is your name?", text("name"), { key: "user_name" }));
    }
    if (context.canAsk.sample) {
      asks.push(context.sample("Generate a short greeting", { maxTokens: 50, key: "greeting" }));
    }
    if (context.canAsk.roots) asks.push(context.roots({ key: "client_roots" }));
    if (asks.length === 0) return "No declared client capability supports an in-band request";
    await Promise.all(asks);
    return "Capability-aware input requests fulfilled";
  }

  @activity({ description: "Needs the client's model: -32021 for a client without sampling" })
  async test_missing_capability(_input: object, context: Context) {
    await context.sample("Reply with the single word: pong", { maxTokens: 16, key: "llm_answer" });
    return "sampling round-trip complete";
  }

  @activity({ description: "A plain result: its stream carries no request of the server's" })
  test_streaming_elicitation() {
    return "stream observed: result frames only, no top-level requests";
  }

  @activity({ description: "Logs, heard only by a request that set _meta.logLevel" })
  test_logging_tool(_input: object, context: Context) {
    context.log("info", "test_logging_tool ran");
    return "logged through the request-scoped, logLevel-gated channel";
  }

  @activity({ description: "Tells listening clients the tools changed" })
  test_trigger_tool_change() {
    this.notify?.toolsChanged();
    return "tools_list_changed published";
  }

  @activity({ description: "Tells listening clients the prompts changed" })
  test_trigger_prompt_change() {
    this.notify?.promptsChanged();
    return "prompts_list_changed published";
  }
}
