/**
 * @internal Waits until `server` has closed, closing it on the first SIGINT or SIGTERM (what `serve`
 * and `inspect` do until Ctrl-C); the handlers are removed afterwards, however it ended.
 */
export async function serveUntilSignal(server: {
  close(): unknown;
  readonly closed: Promise<unknown>;
}): Promise<void> {
  const stop = () => void server.close();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await server.closed;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}
