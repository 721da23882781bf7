import type { ActivityProgress } from "../tool/tool-options.js";

/**
 * @internal Sends an activity's progress reports to Redis one at a time: while one is on its way,
 * later reports replace each other, so a method reporting in a tight loop costs one write per
 * round trip and the caller still gets the latest.
 */
export class ProgressRelay {
  readonly #send: (progress: ActivityProgress) => Promise<unknown>;
  #pending: ActivityProgress | undefined;
  #sending: Promise<void> | undefined;

  constructor(send: (progress: ActivityProgress) => Promise<unknown>) {
    this.#send = send;
  }

  /** Takes one report (the `onProgress` of the run). */
  readonly report = (progress: ActivityProgress): void => {
    this.#pending = progress;
    this.#sending ??= this.#drain();
  };

  /** Resolves once every report taken so far was sent (or failed to be). */
  async flush(): Promise<void> {
    await this.#sending;
  }

  async #drain(): Promise<void> {
    while (this.#pending !== undefined) {
      const progress = this.#pending;
      this.#pending = undefined;
      try {
        await this.#send(progress);
      } catch {
        // Progress is a courtesy: a lost report must not fail the run.
      }
    }
    this.#sending = undefined;
  }
}
