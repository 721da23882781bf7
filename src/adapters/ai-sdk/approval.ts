import type { ToolActivity } from "../../activity/tool-activity.js";
import type { Tool } from "../../tool/tool.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import type { ExecuteOptions } from "../../toolbox/toolbox-options.js";
import { findRawCall } from "./raw-calls.js";

/** @internal What decides one activity's approval. */
export interface ApprovalSettings {
  readonly nativeName: string;
  readonly executeOptions: ExecuteOptions;
  readonly approveDestructive: boolean;
}

type ApprovalCheck = (input: unknown, options: { toolCallId: string }) => Promise<boolean>;

/**
 * @internal The AI SDK `needsApproval` of an activity, as the Agent decides it: the activity's
 * `needsApproval` (a predicate sees the decoded, validated input; one that throws holds the call), else
 * `approveDestructive` for destructive ones. A call the toolbox would refuse asks no one: it never runs,
 * and the model gets the refusal.
 */
export function approvalFor(
  toolbox: Toolbox,
  { tool, activity }: { tool: Tool; activity: ToolActivity },
  settings: ApprovalSettings,
): ApprovalCheck | undefined {
  const rule = activity.needsApproval;
  const asks =
    rule === undefined
      ? settings.approveDestructive && activity.annotations.destructive === true
      : rule !== false;
  if (!asks) return undefined;
  const { nativeName, executeOptions } = settings;
  return async (input, { toolCallId }) => {
    const raw = findRawCall(toolbox, toolCallId, nativeName, input);
    const prepared = await toolbox.prepare(
      raw === undefined
        ? { id: toolCallId, name: nativeName, arguments: input }
        : { id: toolCallId, name: raw.name, arguments: raw.text },
      executeOptions,
    );
    if (!prepared.ok) return false;
    if (typeof rule !== "function") return true;
    try {
      const predicate = rule as (input: unknown, context: object) => boolean | Promise<boolean>;
      return await predicate(prepared.input, { tool, activity });
    } catch {
      return true;
    }
  };
}
