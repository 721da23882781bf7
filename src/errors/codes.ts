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
  | "invalid_declaration_config"
  | "metadata_unavailable"
  | "unknown_activity_name"
  | "invalid_tool_config"
  | "invalid_native_name"
  | "invalid_artifact"
  | "invalid_driver_config"
  | "invalid_prompt_request"
  | "provider_http_error"
  | "provider_timeout"
  | "provider_connection_error"
  | "provider_stream_error"
  | "provider_invalid_response"
  | "invalid_toolbox"
  | "unsupported_by_dialect"
  | "invalid_agent_config"
  | "invalid_agent_state"
  | "invalid_approval"
  | "invalid_memory_config"
  | "memory_store_failed"
  | "invalid_requirement"
  | "invalid_mcp_config"
  | "mcp_connection_failed"
  | "mcp_authorization_failed"
  | "missing_dependency";
