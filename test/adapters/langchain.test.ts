import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  defaultToolCallParser,
  ToolMessage,
} from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { z } from "zod";
import { activity, TextArtifact, Tool, Toolbox } from "../../src/index.js";
// Loaded as the built package's entries load it, so off-prompt tools get the default task memory.
import "../../src/memory.js";
import { repairToolCalls, toLangChainTools, toolwrightMiddleware } from "../../src/langchain.js";

const orderSchema = z.object({
  item: z.string(),
  quantity: z.number().int(),
  address: z.object({ city: z.string(), zip: z.string().optional() }),
  note: z.string().optional(),
});
type Order = z.infer<typeof orderSchema>;
const intended: Order = { item: "tea", quantity: 2, address: { city: "Oslo" } };

/** Records every input its method ran on, so a test can count runs on input the model did not mean. */
class OrderTool extends Tool {
  readonly received: Order[] = [];
  @activity({ description: "Places an order", schema: orderSchema })
  place(input: Order) {
    this.received.push(input);
    return `ordered ${input.quantity} ${input.item} to ${input.address.city}`;
  }
}

class ReportTool extends Tool {
  @activity({ description: "A long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(
      `Report on ${input.topic}. ${"The harbour opens at dawn. ".repeat(200)}`,
    );
  }
}

const json = JSON.stringify(intended);
const single = "{'item': 'tea', 'quantity': 2, 'address': {'city': 'Oslo'}}";
/** What models send, as raw provider argument text: each meant `intended`. */
type Call = readonly [kind: string, name: string, args: string];
const broken: readonly Call[] = [
  ["fenced", "OrderTool_place", `\`\`\`json\n${json}\n\`\`\``],
  ["single-quoted", "OrderTool_place", single],
  ["values-wrapped", "OrderTool_place", JSON.stringify({ values: intended })],
  ["double-encoded", "OrderTool_place", JSON.stringify(json)],
  ["wrong case", "ordertool_place", json],
];
/** Input the model got wrong: toolwright's refusal must come back as the tool result. */
const invalid: readonly Call[] = [
  // Cut off after a whole value: what followed is unknown, so it is refused, never closed.
  ["truncated", "OrderTool_place", json.slice(0, -1)],
  ["wrong type", "OrderTool_place", '{"item":"tea","quantity":"many","address":{"city":"Oslo"}}'],
  ["missing key", "OrderTool_place", '{"quantity":2,"address":{"city":"Oslo"}}'],
];
/** What toolwright's message names for each invalid call. */
const refusals: Readonly<Record<string, RegExp>> = {
  truncated: /cut off\?.*send the whole call again/,
  "wrong type": /quantity/,
  "missing key": /item/,
};

/** A reply as LangChain's chat models build it from a provider's raw calls, parsed by its own parser. */
function reply(calls: readonly Call[]): AIMessage {
  const raw = calls.map(([kind, name, args]) => ({
    id: `call_${kind.replaceAll(" ", "_")}`,
    type: "function",
    function: { name, arguments: args },
  }));
  const [toolCalls, invalidToolCalls] = defaultToolCallParser(raw);
  return new AIMessage({
    content: "",
    additional_kwargs: { tool_calls: raw as never },
    tool_calls: toolCalls,
    invalid_tool_calls: invalidToolCalls,
  });
}

function artifactType(message: ToolMessage | undefined): unknown {
  return (message?.artifact as { type?: unknown } | undefined)?.type;
}

function toolMessages(messages: readonly BaseMessage[]): Map<string, ToolMessage> {
  const found = new Map<string, ToolMessage>();
  for (const message of messages) {
    if (ToolMessage.isInstance(message)) found.set(message.tool_call_id, message);
  }
  return found;
}

function wrongExecutions(tool: OrderTool): number {
  return tool.received.filter((input) => !isDeepStrictEqual(input, intended)).length;
}

function assertOutcomes(results: Map<string, ToolMessage>, orders: OrderTool): void {
  for (const [kind] of broken) {
    const message = results.get(`call_${kind.replaceAll(" ", "_")}`);
    assert.equal(message?.status, "success", `${kind}: ${message?.content}`);
    assert.equal(message?.content, "ordered 2 tea to Oslo", kind);
    assert.equal(artifactType(message), "InfoArtifact", kind);
  }
  for (const [kind] of invalid) {
    const message = results.get(`call_${kind.replaceAll(" ", "_")}`);
    assert.equal(message?.status, "error", kind);
    assert.match(String(message?.content), refusals[kind] ?? /$^/, kind);
    assert.equal(artifactType(message), "ErrorArtifact", kind);
  }
  assert.equal(orders.received.length, broken.length);
  assert.equal(wrongExecutions(orders), 0);
}

describe("toolwright/langchain", () => {
  it("gives LangChain toolwright's lowered schema for every activity, the memory tool included", () => {
    const toolbox = new Toolbox([new OrderTool(), new ReportTool({ offPrompt: true })]);
    const tools = toLangChainTools(toolbox, { strict: true });
    const expected = toolbox.toProviderTools("openai-chat", { strict: true });
    assert.deepEqual(
      tools.map((tool) => tool.name),
      expected.map((tool) => tool.function.name),
    );
    assert.ok(tools.some((tool) => tool.name.startsWith("TaskMemoryTool_")));
    for (const [i, tool] of tools.entries()) {
      assert.deepEqual(
        convertToOpenAITool(tool).function.parameters,
        expected[i]?.function.parameters,
      );
    }
  });

  it("createAgent: broken arguments run as meant, invalid input gets toolwright's message, memory works", async () => {
    const orders = new OrderTool();
    const toolbox = new Toolbox([orders, new ReportTool({ offPrompt: true })]);
    let namespace = "";
    const model = fakeModel()
      .respond(reply([...broken, ...invalid, ["report", "ReportTool_report", '{"topic":"tides"}']]))
      .respond((messages: BaseMessage[]) => {
        const notice = toolMessages(messages).get("call_report");
        namespace = /artifact_namespace "([0-9a-f]+)"/.exec(String(notice?.content))?.[1] ?? "";
        const args = JSON.stringify({ memory_name: "TaskMemory", artifact_namespace: namespace });
        return reply([["read", "TaskMemoryTool_read", args]]);
      })
      .respond(new AIMessage("done"));
    const agent = createAgent({
      model,
      tools: toLangChainTools(toolbox),
      middleware: [toolwrightMiddleware(toolbox)],
    });
    const result = await agent.invoke({ messages: [{ role: "user", content: "order tea" }] });
    const results = toolMessages(result.messages);
    assertOutcomes(results, orders);
    assert.notEqual(namespace, "");
    assert.match(String(results.get("call_read")?.content), /harbour opens at dawn/);
    assert.equal(result.messages.at(-1)?.content, "done");
  });

  it("LangGraph ToolNode: runs the calls repairToolCalls hands it, unchanged", async () => {
    const orders = new OrderTool();
    const toolbox = new Toolbox([orders]);
    const model = fakeModel()
      .respond(reply([...broken, ...invalid]))
      .respond(new AIMessage("done"));
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state) => ({
        messages: [repairToolCalls(await model.invoke(state.messages), toolbox)],
      }))
      .addNode("tools", new ToolNode(toLangChainTools(toolbox)))
      .addEdge(START, "agent")
      .addConditionalEdges("agent", toolsCondition, ["tools", END])
      .addEdge("tools", "agent")
      .compile();
    const result = await graph.invoke({ messages: [{ role: "user", content: "order tea" }] });
    assertOutcomes(toolMessages(result.messages), orders);
  });

  it("without repairToolCalls LangChain drops what it cannot parse, yet never refuses what toolwright repairs", async () => {
    const orders = new OrderTool();
    const toolbox = new Toolbox([orders]);
    const node = new ToolNode(toLangChainTools(toolbox));
    const { messages } = await node.invoke({ messages: [reply([...broken, ...invalid])] });
    const results = toolMessages(messages);
    // Parsed by LangChain: values-wrapped and double-encoded still reach the toolbox and run as meant.
    assert.equal(results.get("call_values-wrapped")?.status, "success");
    assert.equal(results.get("call_double-encoded")?.status, "success");
    assert.equal(results.get("call_fenced"), undefined);
    assert.match(String(results.get("call_wrong_case")?.content), /not found/);
    assert.equal(results.get("call_wrong_type")?.status, "error");
    assert.equal(wrongExecutions(orders), 0);
  });

  it("a streamed call cut mid-value runs on nothing: the raw text replaces LangChain's partial-JSON guess", async () => {
    const orders = new OrderTool();
    const toolbox = new Toolbox([orders]);
    const cut = '{"item":"tea","quantity":2,"address":{"city":"Os';
    const chunk = new AIMessageChunk({
      content: "",
      tool_call_chunks: [
        { id: "call_cut", name: "OrderTool_place", args: cut, index: 0, type: "tool_call_chunk" },
      ],
    });
    // LangChain closes the cut text itself: without the adapter the order would go to "Os".
    assert.deepEqual(chunk.tool_calls?.[0]?.args, { ...intended, address: { city: "Os" } });
    const repaired = repairToolCalls(chunk, toolbox);
    assert.equal(repaired.tool_calls?.[0]?.args, cut as never);
    const { messages } = await new ToolNode(toLangChainTools(toolbox)).invoke({
      messages: [repaired],
    });
    assert.equal(toolMessages(messages).get("call_cut")?.status, "error");
    assert.equal(orders.received.length, 0);
  });

  it("invoked with plain arguments a tool returns toolwright's text", async () => {
    const toolbox = new Toolbox([new OrderTool()]);
    const [place] = toLangChainTools(toolbox);
    assert.equal(await place?.invoke({ values: intended }), "ordered 2 tea to Oslo");
    assert.match(String(await place?.invoke({ item: "tea" })), /quantity/);
  });
});
