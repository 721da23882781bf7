import { ToolConfigError } from "../errors/tool-config-error.js";
import type { Tool } from "../tool/tool.js";

/** @internal A positive number option of a built-in tool, or its default; anything else throws. */
export function positiveOption(
  tool: Tool,
  option: string,
  value: number | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) {
    throw new ToolConfigError({
      toolName: tool.name,
      option,
      message: `must be a positive number; got ${String(value)}`,
    });
  }
  return value;
}
