import type { ActivityAnnotations } from "../activity/activity-annotations.js";
import type { RetryPolicy } from "../activity/activity-policy.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { JsonSchemaObject } from "../schema/json.js";
import { defaultTimeoutMs } from "../tool/time-limit.js";
import type { Tool } from "../tool/tool.js";
import { toolState } from "../tool/tool-state.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { standingReasons } from "./confirm-gate.js";

/** @internal Where an activity's time limit comes from. */
export interface TimeoutView {
  /** Milliseconds; `null` when deliberately none. */
  readonly ms: number | null;
  readonly from: "activity" | "tool" | "default";
}

/** @internal One activity as the Tools view shows it. */
export interface ActivityView {
  readonly nativeName: string;
  readonly tool: string;
  readonly activity: string;
  readonly method: string;
  /** The description as the template renders it for this tool (what every dialect starts from). */
  readonly description: string;
  /** Set when the description cannot be rendered; `description` is empty then. */
  readonly descriptionError?: string;
  readonly annotations: Readonly<ActivityAnnotations>;
  readonly timeout: TimeoutView;
  /** `true`, `false`, `"predicate"` (decided per input) or `"agent"` (left to the agent's `approvals`). */
  readonly needsApproval: boolean | "predicate" | "agent";
  readonly retry: RetryPolicy | null;
  /** Names of the task memories the output goes to instead of the prompt; empty when on-prompt. */
  readonly outputMemory: readonly string[];
  readonly finalAnswer: boolean;
  /** Why the inspector asks before running it (empty: it runs at once). */
  readonly confirm: readonly string[];
  /** The input schema, JSON Schema 2020-12, before any dialect lowers it. */
  readonly schema: JsonSchemaObject;
  /** A message when the schema cannot be resolved; `schema` is `{}` then. */
  readonly schemaError?: string;
}

/** @internal Every tool of the toolbox and its enabled activities, as `GET /api/tools` returns them. */
export interface CatalogView {
  readonly source: string;
  readonly tools: readonly {
    readonly name: string;
    readonly offPrompt: boolean;
    readonly activities: readonly ActivityView[];
  }[];
  readonly activityCount: number;
  /** The task memory the Memory view browses, or `null`. */
  readonly memory: string | null;
  readonly defaultTimeoutMs: number;
}

/**
 * @internal The toolbox as the Tools view lists it: every tool, each enabled activity with its
 * rendered description, annotations, policies and input schema. A description template or a schema
 * that fails is shown as that activity's error, never as a failed page.
 *
 * @example
 * ```ts
 * const view = describeToolbox(toolbox, "tools.ts", toolbox.taskMemory?.name);
 * ```
 */
export function describeToolbox(
  toolbox: Toolbox,
  source: string,
  memoryName: string | undefined,
): CatalogView {
  let activityCount = 0;
  const tools = toolbox.tools.map((tool) => {
    const activities = tool
      .activities()
      .map((activity) => describeActivity(toolbox, tool, activity));
    activityCount += activities.length;
    return { name: tool.name, offPrompt: tool.offPrompt, activities };
  });
  return { source, tools, activityCount, memory: memoryName ?? null, defaultTimeoutMs };
}

function describeActivity(toolbox: Toolbox, tool: Tool, activity: ToolActivity): ActivityView {
  const described = attempt(() => tool.activityDescription(activity.name), "");
  const schema = attempt((): JsonSchemaObject => tool.activitySchema(activity.name), {});
  const toolTimeout = toolState(tool).timeoutMs;
  const timeout: TimeoutView =
    activity.timeoutMs !== undefined
      ? { ms: activity.timeoutMs, from: "activity" }
      : toolTimeout !== undefined
        ? { ms: toolTimeout, from: "tool" }
        : { ms: defaultTimeoutMs, from: "default" };
  const approval = activity.needsApproval;
  return {
    nativeName: toolbox.nativeName(tool, activity.name),
    tool: tool.name,
    activity: activity.name,
    method: activity.methodName,
    description: described.value,
    ...(described.error === undefined ? {} : { descriptionError: described.error }),
    annotations: activity.annotations,
    timeout,
    needsApproval:
      typeof approval === "function" ? "predicate" : approval === undefined ? "agent" : approval,
    retry: activity.retry ?? null,
    outputMemory: (tool.outputMemory?.[activity.name] ?? []).map((memory) => memory.name),
    finalAnswer: activity.finalAnswer,
    confirm: standingReasons(activity),
    schema: schema.value,
    ...(schema.error === undefined ? {} : { schemaError: schema.error }),
  };
}

function attempt<T>(work: () => T, fallback: T): { value: T; error?: string } {
  try {
    return { value: work() };
  } catch (error) {
    return { value: fallback, error: error instanceof Error ? error.message : String(error) };
  }
}
