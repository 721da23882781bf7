import type { FunctionTool, RunContext } from "@openai/agents-core";
import type { ToolActivity } from "../../activity/tool-activity.js";
import type { ToolCallInput } from "../../calls/tool-call.js";
import type { DialectTarget } from "../../dialects/dialect.js";
import type { Tool } from "../../tool/tool.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { agentsCore } from "./agents-package.js";
import { approvalPolicy } from "./approval-policy.js";
import { uncarryCall } from "./carried-call.js";
import { type OpenAIAgentsToolsOptions, settleOptions } from "./openai-agents-options.js";

// The runner's `parameters` slot is typed for schemas it builds; toolwright's lowered ones are plain JSON.
type AgentsParameters = FunctionTool["parameters"];

/**
 * The toolbox as OpenAI Agents SDK function tools, one per enabled activity (the task-memory tool's
 * included): names, descriptions and schemas from toolwright's "openai-responses" dialect, `strict` as
 * that dialect decides, `needsApproval` from each activity's approval config and `timeoutMs` kept. Each
 * tool's `invoke` hands the model's raw argument text to `Toolbox.execute` and returns the result's text
 * (a refusal's message included) for the model to read.
 *
 * @example
 * ```ts
 * const agent = new Agent({ name: "calc", tools: toOpenAIAgentsTools(new Toolbox([new CalculatorTool()])) });
 * ```
 */
export function toOpenAIAgentsTools(
  toolbox: Toolbox,
  options: OpenAIAgentsToolsOptions = {},
): FunctionTool[] {
  const { tool } = agentsCore("toOpenAIAgentsTools");
  const { strict, approvals } = settleOptions(options);
  const dialect: DialectTarget = { dialect: "openai-responses", strict };
  // Without `toolSearch: "native"` every Responses tool is a function.
  const functions = toolbox
    .toProviderTools("openai-responses", { strict })
    .flatMap((tool) => (tool.type === "function" ? [tool] : []));
  return functions.map((provided) => {
    const found = toolbox.resolveName(provided.name);
    // Every provided name is the toolbox's own native name, so it always resolves.
    const { tool: owner, activity } = found as { tool: Tool; activity: ToolActivity };
    const needsApproval = approvalPolicy({ toolbox, owner, activity, dialect, approvals });
    const timeoutMs = activity.timeoutMs;
    // Built by `tool()` so the runner knows a fixed approval flag as fixed: it holds any call whose
    // argument text it cannot inspect for approval when the policy is a function it did not make.
    const base = tool({
      name: provided.name,
      description: provided.description ?? "",
      parameters: { type: "object", properties: {}, required: [], additionalProperties: true },
      strict: false,
      execute: () => "",
      needsApproval,
      ...(typeof timeoutMs === "number" ? { timeoutMs } : {}),
    });
    const invoke = async (
      _runContext: RunContext,
      input: string,
      details?: { toolCall?: { callId?: string }; signal?: AbortSignal },
    ): Promise<string> => {
      const call = callOf(toolbox, provided.name, input, details?.toolCall?.callId);
      const signal = details?.signal;
      const result = await toolbox.execute(
        call,
        signal === undefined ? { dialect } : { dialect, signal },
      );
      return result.artifact.toText();
    };
    return {
      type: "function",
      name: provided.name,
      description: provided.description ?? "",
      parameters: provided.parameters as AgentsParameters,
      strict: provided.strict,
      invoke,
      // The policy `tool()` made (typed for its placeholder schema): the runner knows it by identity.
      needsApproval: base.needsApproval as unknown as FunctionTool["needsApproval"],
      isEnabled: base.isEnabled,
      ...(base.timeoutMs === undefined ? {} : { timeoutMs: base.timeoutMs }),
    } satisfies FunctionTool;
  });
}

/**
 * The call as the model wrote it: unwrapped from `withToolwrightCalls`' envelope when it is one for this
 * very activity, else the runner's text as is.
 */
function callOf(
  toolbox: Toolbox,
  nativeName: string,
  input: string,
  id: string | undefined,
): ToolCallInput {
  const carried = uncarryCall(input);
  if (carried !== undefined && resolvesTo(toolbox, carried.name, nativeName)) {
    return { id, name: carried.name, arguments: carried.arguments };
  }
  return { id, name: nativeName, arguments: input };
}

/** @internal Whether the model's `name` means the activity called `nativeName`. */
export function resolvesTo(toolbox: Toolbox, name: string, nativeName: string): boolean {
  const found = toolbox.resolveName(name);
  return found !== undefined && toolbox.nativeName(found.tool, found.activity.name) === nativeName;
}
