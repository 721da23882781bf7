import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import type { ChildOutcome } from "./child-pool-outcome.js";

/**
 * @internal Options of a {@link ChildPoolSlot}.
 *
 * @example
 * ```ts
 * const options: ChildPoolSlotOptions = { module, execArgv: ["--max-old-space-size=128"] };
 * ```
 */
export interface ChildPoolSlotOptions {
  /** The child's entry module; it answers `{ id, request }` messages with `{ id, reply }`. */
  readonly module: URL;
  /** Node flags of the child, e.g. `--max-old-space-size=128`. */
  readonly execArgv: readonly string[];
  /** Resident-memory cap of the child while it works, in MB; only enforced on Linux. */
  readonly maxResidentMb?: number | undefined;
}

/** @internal What bounds one request in a child, and who hears of its progress. */
export interface ChildRequestLimits {
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /**
   * Receives the numbers of the child's `{ id, progress }` messages. Should it throw, the child is
   * killed and the request rejects with that error.
   */
  readonly onProgress?: ((progress: number) => void) | undefined;
}

const startupTimeoutMs = 30_000;
const stderrTail = 2_000;
// Short enough that a child allocating at memset speed overshoots the cap by tens of MB, not GB; a
// read of /proc/<pid>/status costs microseconds.
const residentPollMs = 20;
// A SIGKILLed process is normally gone within milliseconds; past this, report the outcome anyway.
const exitWaitMs = 2_000;

/**
 * @internal One slot of a {@link ChildRunner}'s pool: a Node child process that runs one request at a time
 * and can be killed. A request past its time limit, aborted, or over the resident-memory cap gets the
 * child SIGKILLed (stopping JavaScript loops and native calls alike); a child that dies takes only itself
 * down. The next request starts a fresh child, and its start-up time is not charged to that request. An
 * idle child never keeps the parent process alive.
 *
 * @example
 * ```ts
 * const slot = new ChildPoolSlot<Request, Reply>({ module, execArgv: [] });
 * const outcome = await slot.run(request, { timeoutMs: 1_000, signal });
 * ```
 */
export class ChildPoolSlot<Request, Reply> {
  readonly #options: ChildPoolSlotOptions;
  #child: Promise<ChildProcess> | undefined;
  #nextId = 1;
  #stderr = "";
  #busy = false;

  constructor(options: ChildPoolSlotOptions) {
    this.#options = options;
  }

  /** Whether a request runs in this slot now. */
  get busy(): boolean {
    return this.#busy;
  }

  /** Whether the slot has a child (started or starting), so a request here skips the start-up. */
  get warm(): boolean {
    return this.#child !== undefined;
  }

  /**
   * Runs one request; the slot is busy from the call (synchronously) until the outcome. The child may
   * send `{ id, progress }` messages before its reply; each goes to `onProgress`.
   */
  async run(request: Request, limits: ChildRequestLimits): Promise<ChildOutcome<Reply>> {
    this.#busy = true;
    try {
      limits.signal.throwIfAborted();
      const child = await this.#start();
      return await this.#send(child, request, limits);
    } finally {
      this.#busy = false;
    }
  }

  /** Kills the child, if one runs; a request running in it ends as a crash. */
  async close(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (child !== undefined) (await child.catch(() => undefined))?.kill("SIGKILL");
  }

  async #send(
    child: ChildProcess,
    request: Request,
    { timeoutMs, signal, onProgress }: ChildRequestLimits,
  ): Promise<ChildOutcome<Reply>> {
    signal.throwIfAborted();
    const id = this.#nextId++;
    child.ref();
    child.channel?.ref();
    try {
      return await new Promise<ChildOutcome<Reply>>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          clearInterval(poll);
          child.off("message", onMessage);
          child.off("exit", onExit);
          signal.removeEventListener("abort", onAbort);
        };
        // Settles once the child is gone, so its file locks (an interrupted SQLite write) and memory
        // are released before the caller hears of the outcome.
        const kill = () => {
          this.#child = undefined;
          const exited = new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            setTimeout(done, exitWaitMs).unref();
          });
          child.kill("SIGKILL");
          return exited;
        };
        const onMessage = (message: { id?: unknown; reply?: Reply; progress?: unknown }) => {
          if (message?.id !== id) return;
          if (typeof message.progress === "number") {
            try {
              onProgress?.(message.progress);
            } catch (error) {
              // The caller's listener failed its call: the request is abandoned, as when aborted.
              cleanup();
              void kill().then(() => reject(error));
            }
            return;
          }
          cleanup();
          resolve({ kind: "reply", reply: message.reply as Reply });
        };
        const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
          cleanup();
          this.#child = undefined;
          const stderr = this.#stderr;
          resolve({
            kind: "crash",
            detail: `exit ${exitSignal ?? code}: ${stderr.slice(-400).trim()}`,
            outOfMemory: /heap out of memory|Allocation failed/.test(stderr),
          });
        };
        const onAbort = () => {
          cleanup();
          void kill().then(() => reject(signal.reason));
        };
        const timer = setTimeout(() => {
          cleanup();
          void kill().then(() => resolve({ kind: "timeout" }));
        }, timeoutMs);
        const cap = this.#options.maxResidentMb;
        const poll =
          cap === undefined || process.platform !== "linux" || child.pid === undefined
            ? undefined
            : setInterval(() => {
                const residentMb = readResidentMb(child.pid as number);
                if (residentMb === undefined || residentMb <= cap) return;
                cleanup();
                void kill().then(() =>
                  resolve({ kind: "memory", residentMb: Math.round(residentMb) }),
                );
              }, residentPollMs);
        poll?.unref();
        child.on("message", onMessage);
        child.on("exit", onExit);
        signal.addEventListener("abort", onAbort, { once: true });
        child.send({ id, request });
      });
    } finally {
      child.unref();
      child.channel?.unref();
    }
  }

  #start(): Promise<ChildProcess> {
    if (this.#child !== undefined) return this.#child;
    this.#stderr = "";
    const starting = new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(this.#options.module, [], {
        execArgv: [...this.#options.execArgv],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      });
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (chunk: string) => {
        this.#stderr = (this.#stderr + chunk).slice(-stderrTail);
      });
      (child.stderr as { unref?: () => void } | null)?.unref?.();
      const fail = (error: Error) => {
        clearTimeout(timer);
        child.kill("SIGKILL");
        reject(new Error(`the helper process could not start: ${error.message}`, { cause: error }));
      };
      const onExit = (code: number | null) =>
        fail(new Error(`it exited (${code}): ${this.#stderr.slice(-400).trim()}`));
      const timer = setTimeout(
        () => fail(new Error(`not ready after ${startupTimeoutMs} ms`)),
        startupTimeoutMs,
      );
      child.once("error", fail);
      child.once("exit", onExit);
      child.once("message", (message: unknown) => {
        if (message !== "ready") return fail(new Error("unexpected first message"));
        clearTimeout(timer);
        child.off("error", fail);
        child.off("exit", onExit);
        child.on("error", () => undefined);
        // A child that dies while idle (killed from outside) must not be handed the next request.
        child.once("exit", () => {
          if (this.#child === starting) this.#child = undefined;
        });
        child.unref();
        child.channel?.unref();
        resolve(child);
      });
    });
    this.#child = starting;
    starting.catch(() => {
      if (this.#child === starting) this.#child = undefined;
    });
    return starting;
  }
}

/** The resident set of a process in MB from /proc (Linux), or undefined once it is gone. */
function readResidentMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}
