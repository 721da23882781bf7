import { subscribe } from "node:diagnostics_channel";
import type { ToolCallEndEvent } from "./tool-call-channels.js";

/**
 * @internal True when `TOOLWRIGHT_DEBUG` is set (not `0`/`false`), or `DEBUG` names `toolwright` (as
 * the `debug` package reads it: `toolwright`, `toolwright:*`, `*`).
 */
export function debugEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const own = env.TOOLWRIGHT_DEBUG;
  if (own !== undefined && own !== "" && own !== "0" && own.toLowerCase() !== "false") return true;
  return (env.DEBUG ?? "")
    .split(/[\s,]+/)
    .some(
      (pattern) => pattern === "*" || pattern === "toolwright" || pattern.startsWith("toolwright:"),
    );
}

/**
 * @internal One line per call on stderr: what the model called, what ran, how it ended, how long it
 * took, and every decoding decision (the repairs, in order).
 */
export function formatDebugLine(event: ToolCallEndEvent): string {
  const target =
    event.toolName === undefined ? "no tool" : `${event.toolName}.${event.activityName}`;
  const outcome =
    event.code === undefined ? event.artifactType : `${event.artifactType} ${event.code}`;
  const repairs = event.repairs.map((repair) => `${repair.step}: ${repair.detail}`).join("; ");
  return `toolwright: ${event.id} ${event.name} → ${target}: ${outcome} in ${event.durationMs.toFixed(1)} ms${repairs === "" ? "" : `; ${repairs}`}\n`;
}

/** @internal Subscribes the stderr log once, when the environment asks for it. */
export function installDebugLog(): void {
  if (!debugEnabled()) return;
  subscribe("toolwright:tool-call:end", (message) => {
    process.stderr.write(formatDebugLine(message as ToolCallEndEvent));
  });
}
