import type { Redis } from "ioredis";

/**
 * @internal The keys of the fleet's cancellation protocol: a flag per cancelled job, and a channel
 * that tells every worker about each new flag.
 */
export interface CancelKeys {
  readonly channel: string;
  flag(jobId: string): string;
}

// A flag must outlive any stay of its job in the queue: a job whose worker died is put back and
// taken again only after its lock expired and a stall check ran.
const flagLifetimeMs = 24 * 60 * 60 * 1000;

/** @internal The cancellation keys of the queue `queue` under BullMQ's `prefix`. */
export function cancelKeys(prefix: string, queue: string): CancelKeys {
  return {
    channel: `${prefix}:${queue}:toolwright-cancel`,
    flag: (jobId) => `${prefix}:${queue}:toolwright-cancelled:${jobId}`,
  };
}

/**
 * @internal Asks the fleet to drop a job: the flag first, then the message. A worker that takes the
 * job later sees the flag; one already running it gets the message (it registered before it read the
 * flag, so no order of events slips between the two).
 */
export async function requestCancel(client: Redis, keys: CancelKeys, jobId: string): Promise<void> {
  await client.set(keys.flag(jobId), "1", "PX", flagLifetimeMs);
  await client.publish(keys.channel, jobId);
}

/** @internal One job a worker runs: its cancellation signal while it runs. */
export interface CancelWatch {
  readonly signal: AbortSignal;
  release(): void;
}

/** @internal A worker's end of the protocol: an abort signal per running job, aborted on request. */
export class CancelListener {
  readonly #running = new Map<string, AbortController>();
  readonly #subscriber: Redis;
  readonly #commands: Redis;
  readonly #keys: CancelKeys;

  constructor(options: { subscriber: Redis; commands: Redis; keys: CancelKeys }) {
    this.#subscriber = options.subscriber;
    this.#commands = options.commands;
    this.#keys = options.keys;
  }

  /** Subscribes to the channel; resolves once Redis confirmed it. */
  async start(): Promise<void> {
    this.#subscriber.on("message", (channel: string, jobId: string) => {
      if (channel !== this.#keys.channel) return;
      this.#running
        .get(jobId)
        ?.abort(new DOMException("the caller cancelled the call", "AbortError"));
    });
    await this.#subscriber.subscribe(this.#keys.channel);
  }

  /** The job's signal, or `undefined` when the job was cancelled before it got here. */
  async watch(jobId: string): Promise<CancelWatch | undefined> {
    const controller = new AbortController();
    // Registered before the flag is read: a request after the read arrives as a message.
    this.#running.set(jobId, controller);
    const release = () => {
      if (this.#running.get(jobId) === controller) this.#running.delete(jobId);
    };
    if ((await this.#commands.exists(this.#keys.flag(jobId))) === 1) {
      release();
      return undefined;
    }
    return { signal: controller.signal, release };
  }
}
