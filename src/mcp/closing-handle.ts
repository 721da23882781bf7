import type { McpServerHandle } from "./serve-mcp-options.js";

/**
 * @internal The `close` and `closed` of a server's handle: `stop` runs on the first `close()` only
 * (every call gets the same promise), and `closed` settles once it has finished.
 */
export function closingHandle(
  stop: () => Promise<void>,
): Pick<McpServerHandle, "close" | "closed"> {
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= stop().then(resolveClosed);
    return closing;
  };
  return { close, closed };
}
