import { ToolNameError } from "../errors/tool-name-error.js";

const toolNamePattern = /^[a-zA-Z0-9]+$/;
const activityNamePattern = /^[a-zA-Z0-9_]+$/;

/** @internal Griptape's native name, `<tool>_<activity>`, with Griptape's rules and messages. */
export function nativeToolName(toolName: string, activityName: string): string {
  if (!toolNamePattern.test(toolName)) {
    throw new ToolNameError({
      value: toolName,
      message: "Tool name can only contain letters and numbers.",
    });
  }
  if (!activityNamePattern.test(activityName)) {
    throw new ToolNameError({
      value: activityName,
      message: "Activity name can only contain letters, numbers, and underscores.",
    });
  }
  return `${toolName}_${activityName}`;
}

/**
 * Splits a native tool name on its first `_` into tool and activity names (Griptape's rule).
 *
 * @example
 * ```ts
 * parseNativeToolName("MockTool_test_error"); // { toolName: "MockTool", activityName: "test_error" }
 * parseNativeToolName("MockTool"); // { toolName: "MockTool", activityName: undefined }
 * ```
 */
export function parseNativeToolName(name: string): {
  toolName: string;
  activityName: string | undefined;
} {
  const index = name.indexOf("_");
  return index === -1
    ? { toolName: name, activityName: undefined }
    : { toolName: name.slice(0, index), activityName: name.slice(index + 1) };
}
