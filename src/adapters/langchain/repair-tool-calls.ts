import type { AIMessage, InvalidToolCall, ToolCall } from "@langchain/core/messages";
import type { AgentMiddleware } from "langchain";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { langChain } from "./langchain-packages.js";

/**
 * Options for `repairToolCalls`.
 *
 * @example
 * ```ts
 * const options: RepairToolCallsOptions = { keepNames: ["web_search"] };
 * ```
 */
export interface RepairToolCallsOptions {
  /** Names of other tools LangChain runs itself: calls to them are left alone, never renamed. */
  readonly keepNames?: Iterable<string> | undefined;
}

interface ChunkShape {
  readonly id?: string | undefined;
  readonly args?: string | undefined;
}

/**
 * The model's reply with every call toolwright can name made runnable: a call LangChain could not
 * parse (`invalid_tool_calls`) moves into `tool_calls` carrying its raw argument text, a streamed call
 * carries its raw text instead of LangChain's partial-JSON guess, and a name in another case or form
 * becomes the native name `ToolNode` looks up. Calls naming nothing in the toolbox stay as they were.
 *
 * @example
 * ```ts
 * const reply = repairToolCalls(await model.invoke(state.messages), toolbox);
 * ```
 */
export function repairToolCalls(
  message: AIMessage,
  toolbox: Toolbox,
  options: RepairToolCallsOptions = {},
): AIMessage {
  const keep = new Set(options.keepNames ?? []);
  const resolve = (called: string) => (keep.has(called) ? undefined : nativeName(toolbox, called));
  const raw = rawArguments(message);
  const invalid = message.invalid_tool_calls ?? [];
  const calls = message.tool_calls ?? [];
  let changed = false;
  const toolCalls: ToolCall[] = [];
  for (const call of calls) {
    const name = resolve(call.name) ?? call.name;
    const text = call.id === undefined ? undefined : raw.get(call.id);
    if (name === call.name && text === undefined) toolCalls.push(call);
    else {
      changed = true;
      toolCalls.push({ ...call, name, args: text === undefined ? call.args : asArgs(text) });
    }
  }
  const stillInvalid: InvalidToolCall[] = [];
  for (const call of invalid) {
    const name = resolve(call.name ?? "");
    if (name === undefined || call.id === undefined) stillInvalid.push(call);
    else {
      changed = true;
      const text = raw.get(call.id) ?? call.args ?? "";
      toolCalls.push({ type: "tool_call", id: call.id, name, args: asArgs(text) });
    }
  }
  if (!changed) return message;
  const { AIMessage } = langChain("repairToolCalls").messages;
  return new AIMessage({
    content: message.content,
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    usage_metadata: message.usage_metadata,
    tool_calls: toolCalls,
    invalid_tool_calls: stillInvalid,
  } as ConstructorParameters<typeof AIMessage>[0]);
}

/**
 * `createAgent` middleware that runs `repairToolCalls` on every model reply: calls LangChain could not
 * parse reach the toolbox with their raw text, and names in another case reach the right tool. Other
 * tools of the agent keep their calls as they were.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, tools: toLangChainTools(toolbox), middleware: [toolwrightMiddleware(toolbox)] });
 * ```
 */
export function toolwrightMiddleware(toolbox: Toolbox): AgentMiddleware {
  const { messages, agents } = langChain("toolwrightMiddleware");
  const { AIMessage } = messages;
  return agents.createMiddleware({
    name: "ToolwrightMiddleware",
    wrapModelCall: async (request, handler) => {
      const reply = await handler(request);
      if (!AIMessage.isInstance(reply)) return reply;
      const ours = new Set(toolbox.toProviderTools("json-schema").map((tool) => tool.name));
      const keepNames = request.tools.flatMap((tool) => {
        const name = (tool as { name?: unknown }).name;
        return typeof name === "string" && !ours.has(name) ? [name] : [];
      });
      return repairToolCalls(reply, toolbox, { keepNames });
    },
  });
}

/**
 * LangChain's `ToolCall.args` is typed as an object, yet LangChain itself leaves a string there when
 * the provider sent a JSON string of JSON; the adapter's tools hand either to `Toolbox.execute`.
 */
function asArgs(text: string): ToolCall["args"] {
  return text as unknown as ToolCall["args"];
}

function nativeName(toolbox: Toolbox, called: string): string | undefined {
  const found = toolbox.resolveName(called);
  return found === undefined ? undefined : toolbox.nativeName(found.tool, found.activity.name);
}

/** A streamed reply keeps each call's argument text in `tool_call_chunks`; a plain one has none. */
function rawArguments(message: AIMessage): Map<string, string> {
  const chunks = (message as { tool_call_chunks?: readonly ChunkShape[] }).tool_call_chunks;
  const raw = new Map<string, string>();
  for (const chunk of chunks ?? []) {
    if (chunk.id !== undefined && typeof chunk.args === "string") raw.set(chunk.id, chunk.args);
  }
  return raw;
}
