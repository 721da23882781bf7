import type { RunContext } from "@openai/agents-core";
import type { ApprovalPredicate } from "../../activity/activity-policy.js";
import type { ToolActivity } from "../../activity/tool-activity.js";
import type { DialectTarget } from "../../dialects/dialect.js";
import type { Tool } from "../../tool/tool.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { carriedOf } from "./carried-call.js";

/** @internal What `approvalPolicy` needs to know about one activity. */
export interface ApprovalSource {
  readonly toolbox: Toolbox;
  readonly owner: Tool;
  readonly activity: ToolActivity;
  readonly dialect: DialectTarget;
  readonly approvals: boolean;
}

/** @internal The runner's approval hook: it passes the arguments it parsed and the call id. */
export type AgentsApprovalPolicy = (
  runContext: RunContext,
  input: unknown,
  callId?: string,
) => Promise<boolean>;

/**
 * @internal The Agents SDK `needsApproval` for one activity: its flag as is; unset, the `approvals`
 * option for destructive activities; a predicate, asked with the input toolwright validated (the call
 * decoded by `Toolbox.prepare`, never the runner's parse), as toolwright's Agent asks it.
 *
 * @example
 * ```ts
 * const needsApproval = approvalPolicy({ toolbox, owner, activity, dialect: "openai-responses", approvals: true });
 * ```
 */
export function approvalPolicy(source: ApprovalSource): boolean | AgentsApprovalPolicy {
  const { toolbox, owner, activity, dialect } = source;
  const rule = activity.needsApproval;
  if (rule === undefined) return source.approvals && activity.annotations.destructive === true;
  if (typeof rule === "boolean") return rule;
  const predicate = rule as ApprovalPredicate<unknown>;
  const nativeName = toolbox.nativeName(owner, activity.name);
  return async (_runContext, input, callId) => {
    const carried = carriedOf(input);
    const prepared = await toolbox.prepare(
      {
        id: callId,
        name: carried?.name ?? nativeName,
        arguments: carried?.arguments ?? input,
      },
      { dialect },
    );
    // A call toolwright refuses never runs: the model gets the refusal, no human is asked.
    if (!prepared.ok) return false;
    try {
      return Boolean(await predicate(prepared.input, { tool: owner, activity }));
    } catch {
      // A predicate that throws holds the call, as toolwright's Agent does.
      return true;
    }
  };
}
