import type { ChildOutcome } from "./child-pool-outcome.js";
import { ChildPoolSlot, type ChildRequestLimits } from "./child-pool-slot.js";

export type { ChildOutcome } from "./child-pool-outcome.js";

/**
 * @internal Options of a {@link ChildRunner}.
 *
 * @example
 * ```ts
 * const options: ChildRunnerOptions = { module, execArgv: [], poolSize: 2, queueWaitMs: 1_000 };
 * ```
 */
export interface ChildRunnerOptions {
  /** The child's entry module; it answers `{ id, request }` messages with `{ id, reply }`. */
  readonly module: URL;
  /** Node flags of the child, e.g. `--max-old-space-size=128`. */
  readonly execArgv: readonly string[];
  /** Children that may run at once; 2 by default. Each starts on first need. */
  readonly poolSize?: number | undefined;
  /** Requests that may wait for a child; one more is refused as busy at once. 16 by default. */
  readonly maxQueue?: number | undefined;
  /** Longest wait for a child, in ms (capped by the request's own time limit); 1,000 by default. */
  readonly queueWaitMs?: number | undefined;
  /** Resident-memory cap of a working child, in MB, enforced on Linux by polling; none by default. */
  readonly maxResidentMb?: number | undefined;
}

/** A request on its way to a child: what it asks, until when, and who hears of its progress. */
interface Dispatched<Request> {
  readonly request: Request;
  readonly deadline: number;
  readonly signal: AbortSignal;
  readonly onProgress: ChildRequestLimits["onProgress"];
}

interface Waiting<Request, Reply> extends Dispatched<Request> {
  readonly settle: (outcome: Promise<ChildOutcome<Reply>>) => void;
  readonly stopWaiting: () => void;
}

/**
 * @internal Runs requests in a small pool of killable Node child processes (see {@link ChildPoolSlot}),
 * fairly: requests are served first come, first served; at most `maxQueue` wait, each at most
 * `queueWaitMs` (then it ends as `busy` without reaching a child); and a request's time limit counts
 * from its submission, so a runaway request holds a child no longer than its own deadline and a cheap
 * request from someone else waits at most the wait limit. The start-up of a fresh child (first use, or
 * after a kill) is not charged to the request. Idle children never keep the parent process alive.
 *
 * @example
 * ```ts
 * const runner = new ChildRunner<EvaluateRequest, EvaluateReply>({ module, execArgv: [] });
 * const outcome = await runner.request({ expression: "1 + 1" }, { timeoutMs: 2_000, signal });
 * ```
 */
export class ChildRunner<Request, Reply> {
  readonly #slots: readonly ChildPoolSlot<Request, Reply>[];
  readonly #maxQueue: number;
  readonly #queueWaitMs: number;
  readonly #queue: Waiting<Request, Reply>[] = [];

  constructor(options: ChildRunnerOptions) {
    const { poolSize = 2, maxQueue = 16, queueWaitMs = 1_000, ...slotOptions } = options;
    this.#slots = Array.from(
      { length: Math.max(1, Math.floor(poolSize)) },
      () => new ChildPoolSlot<Request, Reply>(slotOptions),
    );
    this.#maxQueue = Math.max(0, Math.floor(maxQueue));
    this.#queueWaitMs = queueWaitMs;
  }

  /**
   * Runs `request` in an idle child, or queues it. Rejects with the signal's reason when aborted (a
   * working child is killed), and when a child cannot start at all.
   */
  async request(
    request: Request,
    { timeoutMs, signal, onProgress }: ChildRequestLimits,
  ): Promise<ChildOutcome<Reply>> {
    signal.throwIfAborted();
    const deadline = performance.now() + timeoutMs;
    const slot = this.#queue.length === 0 ? this.#idleSlot() : undefined;
    if (slot !== undefined) return this.#dispatch(slot, { request, deadline, signal, onProgress });
    if (this.#queue.length >= this.#maxQueue) return { kind: "busy" };
    return new Promise<ChildOutcome<Reply>>((resolve, reject) => {
      const stopWaiting = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        const index = this.#queue.indexOf(entry);
        if (index >= 0) this.#queue.splice(index, 1);
      };
      const onAbort = () => {
        stopWaiting();
        reject(signal.reason);
      };
      const timer = setTimeout(
        () => {
          stopWaiting();
          resolve({ kind: "busy" });
        },
        Math.min(this.#queueWaitMs, timeoutMs),
      );
      const entry: Waiting<Request, Reply> = {
        request,
        deadline,
        signal,
        onProgress,
        settle: (outcome) => outcome.then(resolve, reject),
        stopWaiting,
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(entry);
    });
  }

  /** Kills every child; waiting requests end as crashes. A later request starts fresh children. */
  async close(): Promise<void> {
    for (const entry of [...this.#queue]) {
      entry.stopWaiting();
      entry.settle(
        Promise.resolve({ kind: "crash", detail: "the tool was closed", outOfMemory: false }),
      );
    }
    await Promise.all(this.#slots.map((slot) => slot.close()));
  }

  // A warm slot first, so a quiet tool runs one child rather than starting another.
  #idleSlot(): ChildPoolSlot<Request, Reply> | undefined {
    return (
      this.#slots.find((slot) => !slot.busy && slot.warm) ?? this.#slots.find((slot) => !slot.busy)
    );
  }

  async #dispatch(
    slot: ChildPoolSlot<Request, Reply>,
    { request, deadline, signal, onProgress }: Dispatched<Request>,
  ): Promise<ChildOutcome<Reply>> {
    const timeoutMs = deadline - performance.now();
    // Its wait used up its whole time limit; the slot stays free for the next in line.
    if (timeoutMs <= 0) return { kind: "timeout" };
    try {
      return await slot.run(request, { timeoutMs, signal, onProgress });
    } finally {
      this.#pump();
    }
  }

  #pump(): void {
    for (;;) {
      const entry = this.#queue[0];
      const slot = entry === undefined ? undefined : this.#idleSlot();
      if (entry === undefined || slot === undefined) return;
      entry.stopWaiting();
      entry.settle(this.#dispatch(slot, entry));
    }
  }
}
