import type { Dialect } from "./dialect.js";
import type { AnthropicTool } from "./provider-tools.js";

/**
 * @internal Does the dialect's API hold deferred tools itself? Anthropic's does: every tool is sent,
 * the deferred ones marked `defer_loading: true`, and a search result's `tool_reference` blocks make
 * them callable, so the tool list never changes. Every other dialect is sent the tools loaded so far.
 */
export function defersInRequest(dialect: Dialect): boolean {
  return dialect === "anthropic";
}

/** @internal Anthropic's tools with the deferred ones marked. */
export function markDeferred(
  tools: readonly AnthropicTool[],
  deferred: (name: string) => boolean,
): AnthropicTool[] {
  return tools.map((tool) => (deferred(tool.name) ? { ...tool, defer_loading: true } : tool));
}
