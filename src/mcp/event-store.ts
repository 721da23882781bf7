import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";

interface StoredEvent {
  readonly streamId: string;
  readonly message: JSONRPCMessage;
}

/**
 * @internal One session's server-sent events, the newest `limit` of them, so a client whose stream
 * dropped reconnects with `Last-Event-ID` and gets what it missed (the SDK transport writes a priming
 * event with an id and `retry` on each stream). Event ids are sequence numbers: a replay looks up only
 * the events after the one named, and a session's memory stays bounded however long it lives. An id
 * older than what is kept is unknown, which the SDK answers with 400.
 */
export class BoundedEventStore implements EventStore {
  readonly #events = new Map<number, StoredEvent>();
  #next = 0;

  constructor(private readonly limit: number) {}

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = this.#next++;
    this.#events.set(id, { streamId, message });
    // Map iteration is in insertion order, so the first key is the oldest event.
    if (this.#events.size > this.limit) this.#events.delete(id - this.limit);
    return String(id);
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.#events.get(sequenceOf(eventId))?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = sequenceOf(lastEventId);
    const streamId = this.#events.get(last)?.streamId;
    if (streamId === undefined) throw new Error(`Unknown event id ${JSON.stringify(lastEventId)}`);
    for (let id = last + 1; id < this.#next; id++) {
      const event = this.#events.get(id);
      // The priming event has no message to replay (the SDK stores an empty object for it).
      if (event?.streamId === streamId && "jsonrpc" in event.message) {
        await send(String(id), event.message);
      }
    }
    return streamId;
  }
}

function sequenceOf(eventId: string): number {
  return /^\d{1,15}$/.test(eventId) ? Number(eventId) : -1;
}
