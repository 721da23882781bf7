import type { DecodeSettings } from "../calls/parse-arguments.js";
import { parseArguments } from "../calls/parse-arguments.js";
import type { PreparedCall, ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import type { Repair } from "../tool/repair.js";
import { validateActivityInput } from "../tool/run-activity.js";
import type { CatalogEntry } from "./catalog.js";
import { beforeParse, coercionFor, decodeCall, UnreadableCall } from "./decode-call.js";

/** @internal What a call resolved to: its activity, its decode plan and settings, the repairs so far. */
export interface ResolvedCall {
  readonly entry: CatalogEntry;
  readonly plan: DecodePlan | undefined;
  readonly settings: DecodeSettings;
  readonly repairs: Repair[];
}

/**
 * @internal `Toolbox.prepare` after name resolution: the call decoded and validated as `execute`
 * would, stopping before the method.
 */
export async function prepareCall(
  call: ToolCallInput & { readonly id: string },
  { entry, plan, settings, repairs }: ResolvedCall,
): Promise<PreparedCall> {
  const { id } = call;
  const name = String(call.name);
  const custom = settings.custom;
  const read =
    custom !== undefined && typeof call.arguments === "string"
      ? parseArguments(beforeParse(custom, call.arguments, entry, repairs), repairs, settings)
      : undefined;
  const decoded = decodeCall(id, name, entry, call, plan, settings, repairs, read);
  if (decoded instanceof UnreadableCall) return { ok: false, result: decoded.result };
  const { tool, activity } = entry;
  const coerce = coercionFor(entry, settings.switches, custom);
  const checked = await validateActivityInput(tool, activity.name, decoded, coerce);
  const allRepairs = [...repairs, ...checked.repairs];
  if (!checked.ok) {
    const result: ToolCallResult = {
      id,
      name,
      toolName: tool.name,
      activityName: activity.name,
      artifact: checked.artifact,
      repairs: allRepairs,
    };
    return { ok: false, result };
  }
  return { ok: true, id, name, tool, activity, input: checked.value, repairs: allRepairs };
}
