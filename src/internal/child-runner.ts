import { type ChildProcess, fork } from "node:child_process";

/**
 * @internal How a request to a {@link ChildRunner} ended: the child's reply, the time limit, or the child's
 * death (out of memory, killed, crashed) with the tail of its stderr.
 */
export type ChildOutcome<Reply> =
  | { readonly kind: "reply"; readonly reply: Reply }
  | { readonly kind: "timeout" }
  | { readonly kind: "crash"; readonly detail: string; readonly outOfMemory: boolean };

/** @internal Options of a {@link ChildRunner}. */
export interface ChildRunnerOptions {
  /** The child's entry module; it answers `{ id, request }` messages with `{ id, reply }`. */
  readonly module: URL;
  /** Node flags of the child, e.g. `--max-old-space-size=128`. */
  readonly execArgv: readonly string[];
}

const startupTimeoutMs = 30_000;
const stderrTail = 2_000;

/**
 * @internal Runs requests, one at a time, in a Node child process that can be killed: a request past its
 * time limit, or aborted, gets the child SIGKILLed (stopping JavaScript loops and native calls alike), and
 * a child that dies (a fatal out-of-memory included) takes only itself down. A new child starts on the
 * next request. An idle child never keeps the parent process alive.
 */
export class ChildRunner<Request, Reply> {
  readonly #options: ChildRunnerOptions;
  #child: Promise<ChildProcess> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  #stderr = "";

  constructor(options: ChildRunnerOptions) {
    this.#options = options;
  }

  request(
    request: Request,
    limits: { timeoutMs: number; signal: AbortSignal },
  ): Promise<ChildOutcome<Reply>> {
    const turn = this.#queue.then(() => this.#requestNow(request, limits));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /** Kills the child, if one runs. */
  async close(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (child !== undefined) (await child.catch(() => undefined))?.kill("SIGKILL");
  }

  async #requestNow(
    request: Request,
    { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal },
  ): Promise<ChildOutcome<Reply>> {
    signal.throwIfAborted();
    const child = await this.#start();
    const id = this.#nextId++;
    child.ref();
    child.channel?.ref();
    try {
      return await new Promise<ChildOutcome<Reply>>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          child.off("message", onMessage);
          child.off("exit", onExit);
          signal.removeEventListener("abort", onAbort);
        };
        const kill = () => {
          this.#child = undefined;
          child.kill("SIGKILL");
        };
        const onMessage = (message: { id?: unknown; reply?: Reply }) => {
          if (message?.id !== id) return;
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
          kill();
          reject(signal.reason);
        };
        const timer = setTimeout(() => {
          cleanup();
          kill();
          resolve({ kind: "timeout" });
        }, timeoutMs);
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
