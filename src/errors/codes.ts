/**
 * Every code a {@link ToolwrightError} can carry, one per developer mistake toolwright detects.
 *
 * @example
 * ```ts
 * if (ToolwrightError.isInstance(error) && error.code === "invalid_activity_config") { … }
 * ```
 */
export type ToolwrightErrorCode =
  | "invalid_activity_config"
  | "metadata_unavailable"
  | "unknown_activity_name"
  | "invalid_tool_config"
  | "invalid_native_name"
  | "invalid_artifact"
  | "invalid_memory_config"
  | "memory_store_failed";
