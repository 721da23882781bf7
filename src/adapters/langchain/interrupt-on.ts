import type { AgentMiddleware, DecisionType, InterruptOnConfig } from "langchain";
import type { ApprovalPredicate } from "../../activity/activity-policy.js";
import type { ToolActivity } from "../../activity/tool-activity.js";
import type { Tool } from "../../tool/tool.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { langChain } from "./langchain-packages.js";
import type { LangChainToolsOptions } from "./to-langchain-tools.js";

/**
 * Options of {@link toolwrightInterruptOn}.
 *
 * @example
 * ```ts
 * const options: InterruptOnOptions = { approvals: true, allowedDecisions: ["approve", "reject"] };
 * ```
 */
export interface InterruptOnOptions {
  /** Destructive activities without a `needsApproval` of their own wait too (default false). */
  readonly approvals?: boolean | undefined;
  /** What the human may answer (default all three: approve, edit, reject). */
  readonly allowedDecisions?: readonly DecisionType[] | undefined;
  /** The dialect the tools were made for (`toLangChainTools`' option), to decode calls the same way. */
  readonly dialect?: LangChainToolsOptions["dialect"];
}

const everyDecision: readonly DecisionType[] = ["approve", "edit", "reject"];

/**
 * The `interruptOn` map for LangChain's `humanInTheLoopMiddleware`: one entry per activity that needs
 * approval, as toolwright's own Agent decides it. A `needsApproval: true` activity always waits; a
 * predicate is asked (as the entry's `when`) with the input toolwright decoded and validated, never
 * LangChain's parse, and a predicate that throws holds the call; a call toolwright would refuse waits
 * for no one (the model gets the refusal). The human sees the activity and the validated input.
 *
 * @example
 * ```ts
 * import { createAgent, humanInTheLoopMiddleware } from "langchain";
 * const agent = createAgent({
 *   model,
 *   tools: toLangChainTools(toolbox),
 *   middleware: [toolwrightMiddleware(toolbox), humanInTheLoopMiddleware({ interruptOn: toolwrightInterruptOn(toolbox) })],
 *   checkpointer,
 * });
 * ```
 */
export function toolwrightInterruptOn(
  toolbox: Toolbox,
  options: InterruptOnOptions = {},
): Record<string, InterruptOnConfig> {
  const allowedDecisions = [...(options.allowedDecisions ?? everyDecision)];
  const dialect = options.dialect ?? "openai-chat";
  const entries: Record<string, InterruptOnConfig> = {};
  for (const tool of toolbox.tools) {
    for (const activity of tool.activities()) {
      const rule = activity.needsApproval;
      const waits =
        rule === undefined
          ? options.approvals === true && activity.annotations.destructive === true
          : rule !== false;
      if (!waits) continue;
      const nativeName = toolbox.nativeName(tool, activity.name);
      const prepare = (args: unknown) =>
        toolbox.prepare({ name: nativeName, arguments: args }, { dialect });
      entries[nativeName] = {
        allowedDecisions,
        description: async (toolCall) => {
          const prepared = await prepare(toolCall.args);
          const input = prepared.ok
            ? JSON.stringify(prepared.input)
            : JSON.stringify(toolCall.args);
          return `${tool.name}.${activity.name} needs approval: ${tool.activityDescription(activity.name)}\nInput: ${input}`;
        },
        ...(typeof rule === "function" ? { when: whenPredicate(tool, activity, prepare) } : {}),
      };
    }
  }
  return entries;
}

/**
 * LangChain's `humanInTheLoopMiddleware` over {@link toolwrightInterruptOn}'s map: the calls that need
 * approval wait for a human (a checkpointer must be set), decided on the input toolwright validated.
 *
 * @example
 * ```ts
 * const agent = createAgent({
 *   model,
 *   tools: toLangChainTools(toolbox),
 *   middleware: [toolwrightMiddleware(toolbox), toolwrightApproval(toolbox, { approvals: true })],
 *   checkpointer: new MemorySaver(),
 * });
 * ```
 */
export function toolwrightApproval(
  toolbox: Toolbox,
  options: InterruptOnOptions = {},
): AgentMiddleware {
  const { humanInTheLoopMiddleware } = langChain("toolwrightApproval").agents;
  const interruptOn = toolwrightInterruptOn(toolbox, options);
  // langchain 1.5 derives the parameter's type from its zod schema through an interop type that turns
  // into `never` under `exactOptionalPropertyTypes`, and its result into a type `createAgent`'s
  // middleware list refuses: the casts are for their types; the value is what the schema takes.
  return humanInTheLoopMiddleware({ interruptOn } as never) as unknown as AgentMiddleware;
}

type Prepare = (args: unknown) => ReturnType<Toolbox["prepare"]>;

/** The entry's `when`: the activity's predicate over the validated input (a refused call never waits). */
function whenPredicate(tool: Tool, activity: ToolActivity, prepare: Prepare) {
  const predicate = activity.needsApproval as ApprovalPredicate<unknown>;
  return async (request: { readonly toolCall: { readonly args: unknown } }): Promise<boolean> => {
    const prepared = await prepare(request.toolCall.args);
    if (!prepared.ok) return false;
    try {
      return Boolean(await predicate(prepared.input, { tool, activity }));
    } catch {
      return true;
    }
  };
}
