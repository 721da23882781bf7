import type { InputRequest } from "@modelcontextprotocol/server";
import type { CallerAbilities, LogLevel } from "../../caller/caller-types.js";
import type { JsonObject } from "../../schema/json.js";
import { AnswerChannel, type Fits } from "../answer-channel.js";

interface Pending {
  readonly request: InputRequest;
  readonly fits: Fits<unknown>;
  readonly resolve: (answer: unknown) => void;
}

/**
 * @internal The caller of an activity running as a task: the method keeps running (it is not re-run),
 * and an ask parks the task in `input_required` with the ask in its `inputRequests` until the client
 * answers it with `tasks/update`. Asks made in one turn (under one `Promise.all`) are parked together
 * and may be answered one at a time; an answer of the wrong shape leaves its ask waiting. Logs become
 * the task's `statusMessage` (the Tasks extension sends no `notifications/message` for tasks).
 */
export class TaskCaller extends AnswerChannel {
  readonly abilities: CallerAbilities;
  readonly #pending = new Map<string, Pending>();
  readonly #park: (requests: JsonObject) => void;
  readonly #status: (message: string) => void;
  #scheduled = false;

  constructor(
    abilities: CallerAbilities,
    hooks: {
      /** Parks the task with these asks waiting (every ask still unanswered). */
      readonly park: (requests: JsonObject) => void;
      readonly status: (message: string) => void;
    },
  ) {
    super();
    this.abilities = abilities;
    this.#park = hooks.park;
    this.#status = hooks.status;
  }

  /** Whether asks are waiting for the client. */
  get waiting(): boolean {
    return this.#pending.size > 0;
  }

  /** The asks waiting, as the task's `inputRequests`. */
  pendingRequests(): JsonObject {
    const requests: JsonObject = {};
    for (const [key, pending] of this.#pending) {
      requests[key] = pending.request as unknown as JsonObject;
    }
    return requests;
  }

  /**
   * Hands the client's answers (from `tasks/update`) to the asks waiting for them; returns the keys
   * it used. An answer of the wrong shape, or for no waiting ask, is left unused.
   */
  deliver(answers: JsonObject): string[] {
    const used: string[] = [];
    for (const [key, answer] of Object.entries(answers)) {
      const pending = this.#pending.get(key);
      if (pending === undefined || !pending.fits(answer)) continue;
      this.#pending.delete(key);
      used.push(key);
      pending.resolve(answer);
    }
    return used;
  }

  log(level: LogLevel, message: string): void {
    if (level !== "debug") this.#status(message);
  }

  protected answered(): unknown {
    // A task's asks are new each time: its answers arrive while it waits.
    return undefined;
  }

  protected await_<T>(key: string, request: InputRequest, fits: Fits<T>): Promise<T> {
    return new Promise<T>((resolve) => {
      this.#pending.set(key, {
        request,
        fits: fits as Fits<unknown>,
        resolve: resolve as (answer: unknown) => void,
      });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // Asks made in the same turn (under one Promise.all) are parked together.
        setImmediate(() => {
          this.#scheduled = false;
          if (this.#pending.size > 0) this.#park(this.pendingRequests());
        });
      }
    });
  }
}
