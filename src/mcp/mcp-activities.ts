import { createHash } from "node:crypto";
import type { Tool as McpToolSpec } from "@modelcontextprotocol/client";
import type { ActivityAnnotations } from "../activity/activity-annotations.js";
import type { ActivityContext } from "../activity/activity-context.js";
import { activityNamePattern } from "../activity/activity-name.js";
import { recordActivity } from "../activity/activity-registry.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import { validateActivityConfig } from "../activity/validate-config.js";
import { ActivityConfigError } from "../errors/activity-config-error.js";
import { ToolConfigError } from "../errors/tool-config-error.js";

/** @internal What runs when a server tool's activity is called. */
export type ServerToolCall = (
  tool: object,
  serverName: string,
  input: unknown,
  context: ActivityContext,
) => Promise<unknown>;

/**
 * @internal Activity names for server tool names, in order: a name toolwright accepts (`[\p{L}\p{N}_.-]`,
 * up to 128) stays as it is; another has each other character replaced by `_`, and gets a hash of the
 * original when it was cut or would collide. The caller keeps the map back to the server's names.
 */
export function activityNames(serverNames: readonly string[]): string[] {
  const kept = new Set(serverNames.filter((name) => activityNamePattern.test(name)));
  const taken = new Set<string>(kept);
  return serverNames.map((name) => {
    if (kept.has(name)) return name;
    const base = name.replace(/[^\p{L}\p{N}_.-]/gu, "_").slice(0, 128) || "_";
    if (base.length < name.length || taken.has(base)) {
      const hashed = `${base.slice(0, 119)}_${createHash("sha256").update(name).digest("hex").slice(0, 8)}`;
      taken.add(hashed);
      return hashed;
    }
    taken.add(base);
    return base;
  });
}

/**
 * @internal Records one activity per server tool on a connection's own class metadata, the way
 * `@activity` records a decorated method: the server's input schema as given, its description, its
 * hints as annotations. Returns activity name → server tool name.
 */
export function recordServerTools(
  metadata: object,
  toolName: string,
  tools: readonly McpToolSpec[],
  call: ServerToolCall,
): Map<string, string> {
  const names = activityNames(tools.map((tool) => tool.name));
  const byActivity = new Map<string, string>();
  tools.forEach((spec, index) => {
    const name = names[index] as string;
    const description = describe(spec);
    let validated: ReturnType<typeof validateActivityConfig>;
    try {
      validated = validateActivityConfig(
        {
          name,
          // A function, so a server's text is never rendered as a template.
          description: () => description,
          schema: spec.inputSchema,
          annotations: annotationsOf(spec.annotations),
        },
        spec.name,
      );
    } catch (error) {
      if (!(error instanceof ActivityConfigError)) throw error;
      throw new ToolConfigError({
        toolName,
        option: `server tool ${JSON.stringify(spec.name)}`,
        message: `cannot become an activity: ${error.message}`,
        cause: error,
      });
    }
    const activity: ToolActivity = Object.freeze({
      name: validated.name,
      methodName: spec.name,
      description: validated.description,
      annotations: validated.annotations,
      timeoutMs: undefined,
      hasSchema: true,
      needsApproval: undefined,
      retry: undefined,
      finalAnswer: false,
    });
    recordActivity(metadata, {
      activity,
      method: (tool) => (input: unknown, context: unknown) =>
        call(tool, spec.name, input, context as ActivityContext),
      schema: validated.schema,
      template: undefined,
    });
    byActivity.set(name, spec.name);
  });
  return byActivity;
}

function describe(spec: McpToolSpec): string {
  const text = spec.description?.trim() || spec.title?.trim();
  return text === undefined || text === "" ? `MCP tool "${spec.name}"` : text;
}

function annotationsOf(hints: McpToolSpec["annotations"]): ActivityAnnotations {
  const annotations: ActivityAnnotations = {};
  if (hints === undefined) return annotations;
  if (typeof hints.readOnlyHint === "boolean") annotations.readOnly = hints.readOnlyHint;
  // MCP: destructiveHint only means something when the tool is not read-only.
  if (typeof hints.destructiveHint === "boolean" && hints.readOnlyHint !== true) {
    annotations.destructive = hints.destructiveHint;
  }
  if (typeof hints.idempotentHint === "boolean") annotations.idempotent = hints.idempotentHint;
  if (typeof hints.openWorldHint === "boolean") annotations.openWorld = hints.openWorldHint;
  return annotations;
}
