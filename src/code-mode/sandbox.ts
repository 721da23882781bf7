import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten";
import { loadPackage } from "../internal/optional-package.js";
import { prelude } from "./prelude.js";

/** @internal The bounds of one script run (see `CodeModeLimits` for their meaning and defaults). */
export interface SandboxLimits {
  readonly memoryBytes: number;
  readonly cpuTimeMs: number;
  readonly stackBytes: number;
  readonly outputChars: number;
  readonly logChars: number;
  readonly calls: number;
}

/** @internal One call a script made: the function's name and its input as JSON text. */
export interface SandboxCall {
  readonly name: string;
  readonly input: string;
}

/** @internal What a call came back as: the value as JSON text, or the error the script sees. */
export type SandboxAnswer =
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly message: string; readonly code: string };

/**
 * @internal What the sandbox asks of its host. `round` runs the calls the script made since the last
 * round, all together, and answers them in the order they were made; the script sees no answer before
 * the whole round is in, so nothing about one call's timing reaches it through another's.
 */
export interface SandboxHost {
  readonly names: readonly string[];
  round(calls: readonly SandboxCall[]): Promise<readonly SandboxAnswer[]>;
  now(): number;
  random(): number;
}

/** @internal How a script ended: its return value as JSON text, or why it failed. */
export type SandboxOutcome =
  | { readonly ok: true; readonly json: string; readonly logs: string }
  | {
      readonly ok: false;
      readonly code: SandboxErrorCode;
      readonly message: string;
      readonly logs: string;
    };

/** @internal The codes of a script that did not finish. */
export type SandboxErrorCode =
  | "script_error"
  | "script_time_limit"
  | "script_memory_limit"
  | "script_stack_limit"
  | "script_output_limit"
  | "script_call_limit"
  | "script_stalled"
  | "script_diverged";

let module: Promise<QuickJSWASMModule> | undefined;

/** @internal Loads QuickJS (the sync release build) once per process. */
export function loadQuickJS(subject: string): Promise<QuickJSWASMModule> {
  module ??= loadPackage(subject, "quickjs-emscripten", () => import("quickjs-emscripten")).then(
    ({ newQuickJSWASMModule, RELEASE_SYNC }) => newQuickJSWASMModule(RELEASE_SYNC),
  );
  module.catch(() => {
    module = undefined;
  });
  return module;
}

/** A limit the host enforces (the sandbox's own are memory and stack): its code, what it says. */
class Stop extends Error {
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * @internal Runs one script in a fresh QuickJS runtime with no host access beyond `host`: the body of
 * an async function, whose return value comes back as JSON. The runtime is disposed at the end,
 * however the script ends.
 */
export async function runInSandbox(
  quickjs: QuickJSWASMModule,
  script: string,
  limits: SandboxLimits,
  host: SandboxHost,
): Promise<SandboxOutcome> {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  // CPU time counts only while the interpreter runs, never while tools do.
  let spentMs = 0;
  let since = 0;
  let timedOut = false;
  runtime.setInterruptHandler(() => {
    if (performance.now() - since + spentMs > limits.cpuTimeMs) timedOut = true;
    return timedOut;
  });
  const context = runtime.newContext();
  const run = new ScriptRun(context, runtime, limits, host, script);
  const inSandbox = <T>(work: () => T): T => {
    since = performance.now();
    try {
      return work();
    } finally {
      spentMs += performance.now() - since;
    }
  };
  try {
    const outcome = await run.execute(inSandbox);
    return { ...outcome, logs: run.logs };
  } catch (error) {
    const stop =
      timedOut && !(error instanceof Stop)
        ? new Stop("script_time_limit", `the script ran out of CPU time (${limits.cpuTimeMs} ms)`)
        : error;
    if (stop instanceof Stop)
      return { ok: false, code: stop.code, message: stop.message, logs: run.logs };
    throw error;
  } finally {
    try {
      run.dispose();
      context.dispose();
      runtime.dispose();
    } catch (error) {
      // QuickJS aborts the whole WebAssembly instance on a leaked object: the next run loads anew.
      module = undefined;
      // biome-ignore lint/correctness/noUnsafeFinally: a failed disposal is a bug to report, not hide.
      throw error;
    }
  }
}

interface Waiting {
  readonly call: SandboxCall;
  readonly deferred: QuickJSDeferredPromise;
}

class ScriptRun {
  logs = "";
  readonly #context: QuickJSContext;
  readonly #runtime: QuickJSRuntime;
  readonly #limits: SandboxLimits;
  readonly #host: SandboxHost;
  #waiting: Waiting[] = [];
  #calls = 0;
  readonly #owned: QuickJSHandle[] = [];
  readonly #script: string;
  /** A limit the host hit inside a host function: the script may catch the error, not the stop. */
  #stopped: Stop | undefined;

  constructor(
    context: QuickJSContext,
    runtime: QuickJSRuntime,
    limits: SandboxLimits,
    host: SandboxHost,
    source: string,
  ) {
    this.#script = source;
    this.#context = context;
    this.#runtime = runtime;
    this.#limits = limits;
    this.#host = host;
  }

  async execute(inSandbox: <T>(work: () => T) => T): Promise<{ ok: true; json: string }> {
    const context = this.#context;
    inSandbox(() => this.#install());
    const promise = inSandbox(() =>
      this.#unwrap(context.evalCode(`(async () => {\n${this.#script}\n})()`, "script.js")),
    );
    this.#owned.push(promise);
    while (true) {
      inSandbox(() => this.#drainJobs());
      if (this.#stopped !== undefined) throw this.#stopped;
      const state = context.getPromiseState(promise);
      if (state.type === "fulfilled") {
        if (state.notAPromise !== true) this.#owned.push(state.value);
        return { ok: true, json: inSandbox(() => this.#serialize(state.value)) };
      }
      if (state.type === "rejected") {
        const message = describeError(context, state.error);
        state.error.dispose();
        throw this.#classify(message);
      }
      const waiting = this.#waiting;
      this.#waiting = [];
      if (waiting.length === 0) {
        throw new Stop(
          "script_stalled",
          "the script waits on a promise that nothing will settle (only tool calls settle on their own)",
        );
      }
      let answers: readonly SandboxAnswer[];
      try {
        answers = await this.#host.round(waiting.map((entry) => entry.call));
      } catch (error) {
        for (const { deferred } of waiting) deferred.dispose();
        throw error;
      }
      inSandbox(() => {
        for (const [index, { deferred }] of waiting.entries()) {
          const answer = answers[index] as SandboxAnswer;
          const value = context.newString(
            answer.ok
              ? answer.json
              : JSON.stringify({ message: answer.message, code: answer.code }),
          );
          if (answer.ok) deferred.resolve(value);
          else deferred.reject(value);
          value.dispose();
          deferred.dispose();
        }
      });
    }
  }

  dispose(): void {
    for (const { deferred } of this.#waiting) deferred.dispose();
    for (const handle of this.#owned) if (handle.alive) handle.dispose();
  }

  /** The host functions, handed to the prelude, which keeps them in its closure and removes them. */
  #install(): void {
    const context = this.#context;
    const functions = {
      call: context.newFunction("call", (name, input) => this.#call(name, input)),
      now: context.newFunction("now", () => context.newNumber(this.#host.now())),
      random: context.newFunction("random", () => context.newNumber(this.#host.random())),
      log: context.newFunction("log", (text) => {
        this.#log(context.typeof(text) === "string" ? context.getString(text) : "");
      }),
    };
    const args = [functions.call, functions.now, functions.random, functions.log];
    try {
      const setup = this.#unwrap(context.evalCode(prelude(this.#host.names), "prelude.js"));
      const result = context.callFunction(setup, context.undefined, ...args);
      setup.dispose();
      this.#unwrap(result).dispose();
    } finally {
      for (const handle of args) handle.dispose();
    }
  }

  #call(name: QuickJSHandle, input: QuickJSHandle): QuickJSHandle {
    const context = this.#context;
    if (context.typeof(name) !== "string" || context.typeof(input) !== "string") {
      throw new TypeError("tool calls cross as text");
    }
    this.#calls += 1;
    if (this.#calls > this.#limits.calls) {
      this.#stopped = new Stop(
        "script_call_limit",
        `the script made more than ${this.#limits.calls} tool calls`,
      );
      throw this.#stopped;
    }
    const deferred = context.newPromise();
    this.#waiting.push({
      call: { name: context.getString(name), input: context.getString(input) },
      deferred,
    });
    return deferred.handle;
  }

  #log(text: string): void {
    const room = this.#limits.logChars - this.logs.length;
    if (room <= 0) return;
    const line = `${text}\n`;
    this.logs +=
      line.length <= room
        ? line
        : `${line.slice(0, room)}\n[log cut at ${this.#limits.logChars} characters]\n`;
  }

  #drainJobs(): void {
    const result = this.#runtime.executePendingJobs();
    if ("error" in result && result.error !== undefined) {
      const message = describeError(this.#context, result.error);
      result.error.dispose();
      throw this.#classify(message);
    }
  }

  /** The return value as JSON text, made inside the sandbox and measured there before it crosses. */
  #serialize(value: QuickJSHandle): string {
    const context = this.#context;
    const serialize = context.getProp(context.global, "__toolwright_serialize");
    const max = context.newNumber(this.#limits.outputChars);
    const result = context.callFunction(serialize, context.undefined, value, max);
    serialize.dispose();
    max.dispose();
    const text = this.#unwrap(result);
    try {
      if (context.typeof(text) !== "string") {
        throw new Stop(
          "script_output_limit",
          `the script's return value is longer than ${this.#limits.outputChars} characters as JSON`,
        );
      }
      return context.getString(text);
    } finally {
      text.dispose();
    }
  }

  #unwrap(result: ReturnType<QuickJSContext["evalCode"]>): QuickJSHandle {
    if (!("error" in result) || result.error === undefined) return result.value;
    const message = describeError(this.#context, result.error);
    result.error.dispose();
    throw this.#classify(message);
  }

  #classify(message: string): Stop | Error {
    if (/\binterrupted\b/.test(message)) return new Error(message);
    if (/out of memory/i.test(message)) {
      return new Stop(
        "script_memory_limit",
        `the script ran out of memory (${this.#limits.memoryBytes} bytes)`,
      );
    }
    if (/stack overflow/i.test(message)) {
      return new Stop(
        "script_stack_limit",
        `the script recursed too deeply (stack limit ${this.#limits.stackBytes} bytes)`,
      );
    }
    return new Stop("script_error", `the script threw ${message}`);
  }
}

function describeError(context: QuickJSContext, error: QuickJSHandle): string {
  const dumped: unknown = context.dump(error);
  if (typeof dumped === "object" && dumped !== null) {
    const { name, message, stack } = dumped as {
      name?: unknown;
      message?: unknown;
      stack?: unknown;
    };
    const head = `${typeof name === "string" ? name : "Error"}: ${String(message)}`;
    const where =
      typeof stack === "string"
        ? stack.split("\n").find((line) => /script\.js/.test(line))
        : undefined;
    return where === undefined ? head : `${head} (${where.trim()})`;
  }
  return String(dumped);
}
