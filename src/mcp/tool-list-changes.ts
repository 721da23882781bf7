import type { Toolbox } from "../toolbox/toolbox.js";
import type { McpChangeNotifier } from "./change-feed.js";

/**
 * @internal Runs one `tools/call` and, when it changed what `tools/list` answers (a deferring
 * toolbox's search loaded activities), tells the server's clients (`notifications/tools/list_changed`
 * to 2025-era sessions, the listen streams of 2026-07-28 clients) so they list again. The toolbox
 * caches its MCP list until then, so one identity check tells.
 */
export async function notifyingListChanges<T>(
  toolbox: Toolbox,
  changes: Pick<McpChangeNotifier, "toolsChanged">,
  run: () => Promise<T>,
): Promise<T> {
  const before = toolbox.toProviderTools("mcp");
  const result = await run();
  if (toolbox.toProviderTools("mcp") !== before) changes.toolsChanged();
  return result;
}
