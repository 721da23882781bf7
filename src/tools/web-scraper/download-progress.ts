import type { ActivityContext } from "../../activity/activity-context.js";
import { formatBytes } from "../../internal/bytes.js";

/** Bytes between two reports: a 5 MB page gives about 80, not one per network chunk. */
const reportEveryBytes = 64 * 1024;

/**
 * @internal Reports a page's download to `context.progress`: `downloaded 64 KiB of 120 KiB` every
 * 64 KiB and when the body is complete (without `of …` when the length is unknown), then one step
 * past the download for the work done on the page afterwards.
 *
 * @example
 * ```ts
 * const download = new DownloadProgress(context);
 * await guardedFetch(url, { ...options, onBytes: (read, total) => download.bytes(read, total) });
 * download.complete();
 * download.step("extracting the readable text");
 * ```
 */
export class DownloadProgress {
  readonly #context: ActivityContext;
  #reported = 0;
  #read = 0;
  #total: number | undefined;
  #thrown: { readonly error: unknown } | undefined;

  constructor(context: ActivityContext) {
    this.#context = context;
  }

  /** The body's bytes read so far, and its length when the server declared it. */
  bytes(read: number, total: number | undefined): void {
    this.#read = read;
    this.#total = total;
    if (read - this.#reported >= reportEveryBytes || read === total) this.#report();
  }

  /** The body is complete: its last bytes, unless reported already. */
  complete(): void {
    if (this.#read > this.#reported) this.#report();
  }

  /** The next step after the download, such as extracting the text; call {@link complete} first. */
  step(message: string): void {
    const total = this.#total;
    this.#context.progress(this.#read + 1, total === undefined ? undefined : total + 1, message);
  }

  /** Whether `error` came from reporting (the caller's listener), not from the fetch. */
  threw(error: unknown): boolean {
    return this.#thrown !== undefined && this.#thrown.error === error;
  }

  #report(): void {
    this.#reported = this.#read;
    const of = this.#total === undefined ? "" : ` of ${formatBytes(this.#total)}`;
    try {
      this.#context.progress(this.#read, this.#total, `downloaded ${formatBytes(this.#read)}${of}`);
    } catch (error) {
      this.#thrown = { error };
      throw error;
    }
  }
}
