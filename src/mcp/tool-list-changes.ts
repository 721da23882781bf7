import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Toolbox } from "../toolbox/toolbox.js";

/**
 * @internal Runs one `tools/call` and, when it changed what `tools/list` answers (a deferring
 * toolbox's search loaded activities), tells the session's client with `notifications/tools/list_changed`
 * so it lists again. The toolbox caches its MCP list until then, so one identity check tells.
 */
export async function notifyingListChanges<T>(
  toolbox: Toolbox,
  server: Server,
  run: () => Promise<T>,
): Promise<T> {
  const before = toolbox.toProviderTools("mcp");
  const result = await run();
  if (toolbox.toProviderTools("mcp") !== before) {
    // A client that is gone, or a stateless request with nowhere to send it, just misses it.
    await server.sendToolListChanged().catch(() => undefined);
  }
  return result;
}
