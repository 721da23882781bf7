import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";
import type { ToolCallEndEvent } from "../observe/tool-call-channels.js";
import type { Repair } from "../tool/repair.js";
import { startEventStream } from "./http-replies.js";

/** @internal One finished call, as the Live view lists it. */
export interface LiveCall {
  /** Counts up from 1 for this inspector: the page orders and de-duplicates by it. */
  readonly seq: number;
  /** When it ended (ISO 8601). */
  readonly at: string;
  readonly id: string;
  readonly name: string;
  readonly tool: string | null;
  readonly activity: string | null;
  readonly durationMs: number;
  readonly artifactType: string;
  readonly code: string | null;
  readonly repairs: readonly Repair[];
  /** Run from the inspector's own Try view (ids `inspect-<n>`). */
  readonly fromInspector: boolean;
}

const channelName = "toolwright:tool-call:end";
/** Calls kept for a page that connects later. */
const kept = 100;
/** A client this far behind (bytes queued) is cut off rather than buffered for without end. */
const maxQueued = 1024 * 1024;
const keepAliveMs = 15_000;

/**
 * @internal Every call any toolbox of this process finishes (an MCP server, an agent, the Try view),
 * from the `toolwright:tool-call:end` diagnostics channel, sent to each connected page as server-sent
 * events; the last {@link kept} are replayed to a page that connects.
 *
 * @example
 * ```ts
 * const live = new LiveEvents();
 * live.attach(response); // in a GET /api/live handler
 * live.close();
 * ```
 */
export class LiveEvents {
  readonly #clients = new Set<ServerResponse>();
  readonly #recent: LiveCall[] = [];
  readonly #keepAlive: NodeJS.Timeout;
  #seq = 0;

  readonly #onEnd = (message: unknown) => {
    const event = message as ToolCallEndEvent;
    const call: LiveCall = {
      seq: ++this.#seq,
      at: new Date().toISOString(),
      id: event.id,
      name: event.name,
      tool: event.toolName ?? null,
      activity: event.activityName ?? null,
      durationMs: event.durationMs,
      artifactType: event.artifactType,
      code: event.code ?? null,
      repairs: event.repairs,
      fromInspector: event.id.startsWith("inspect-"),
    };
    this.#recent.push(call);
    if (this.#recent.length > kept) this.#recent.shift();
    for (const client of this.#clients) this.#send(client, call);
  };

  constructor() {
    subscribe(channelName, this.#onEnd);
    // Proxies and browsers drop a stream that stays silent for long; a comment line keeps it open.
    this.#keepAlive = setInterval(() => {
      for (const client of this.#clients) client.write(": keep-alive\n\n");
    }, keepAliveMs);
    this.#keepAlive.unref();
  }

  /** Starts a page's event stream: the kept calls first, then each new one as it ends. */
  attach(response: ServerResponse): void {
    startEventStream(response);
    response.write("retry: 2000\n\n");
    for (const call of this.#recent) this.#send(response, call);
    this.#clients.add(response);
    response.once("close", () => this.#clients.delete(response));
  }

  /** Stops listening and ends every stream. */
  close(): void {
    unsubscribe(channelName, this.#onEnd);
    clearInterval(this.#keepAlive);
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }

  #send(client: ServerResponse, call: LiveCall): void {
    if (client.writableLength > maxQueued) {
      this.#clients.delete(client);
      client.destroy();
      return;
    }
    client.write(`id: ${call.seq}\nevent: call\ndata: ${JSON.stringify(call)}\n\n`);
  }
}
