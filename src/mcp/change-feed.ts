/** @internal A change a server tells its clients about. */
export type ServerChange =
  | { readonly kind: "tools" | "resources" | "prompts" }
  | { readonly kind: "resource"; readonly uri: string };

/**
 * Tells an MCP server's clients that what it serves has changed, so they list it again (or read the
 * resource again). Sessions of 2025-era clients get `list_changed` notifications (and
 * `notifications/resources/updated` for a resource they subscribed to); 2026-07-28 clients get them
 * on their `subscriptions/listen` streams.
 *
 * @example
 * ```ts
 * const server = await serveMcp(toolbox, { transport: "http" });
 * toolbox.add(new WeatherTool());
 * server.notify.toolsChanged();
 * ```
 */
export interface McpChangeNotifier {
  /** The tools (or their activities, schemas, descriptions) changed. */
  toolsChanged(): void;
  /** Resources were added or removed. */
  resourcesChanged(): void;
  /** Prompts were added or removed. */
  promptsChanged(): void;
  /** The content of the resource at `uri` changed. */
  resourceUpdated(uri: string): void;
}

/** @internal Fans a server's changes out to everyone serving its clients (sessions, SDK entries). */
export class ChangeFeed implements McpChangeNotifier {
  readonly #listeners = new Set<(change: ServerChange) => void>();

  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: (change: ServerChange) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  toolsChanged(): void {
    this.#publish({ kind: "tools" });
  }

  resourcesChanged(): void {
    this.#publish({ kind: "resources" });
  }

  promptsChanged(): void {
    this.#publish({ kind: "prompts" });
  }

  resourceUpdated(uri: string): void {
    this.#publish({ kind: "resource", uri });
  }

  #publish(change: ServerChange): void {
    for (const listener of this.#listeners) listener(change);
  }
}
