import { randomUUID } from "node:crypto";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { CallerAbilities } from "../../caller/caller-types.js";
import type { Principal } from "../../memory/memory-scope.js";
import {
  InMemoryTaskStore,
  isTerminal,
  type TaskRecord,
  type TaskStore,
  taskStoreOf,
} from "../../memory/task-store.js";
import type { JsonObject } from "../../schema/json.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import type { CallScope } from "../caller-scope.js";
import type { McpTaskOptions } from "../serve-mcp-options.js";
import { TaskCaller } from "./task-caller.js";

/** @internal Settled task options of one `serveMcp`. */
export interface TaskSettings {
  readonly store: TaskStore;
  /** How long a task is kept from its creation. */
  readonly ttlMs: number;
  /** How often clients should poll `tasks/get`. */
  readonly pollIntervalMs: number;
  /** How often a runner shows it is alive; five beats missed and the task is reported failed. */
  readonly heartbeatMs: number;
}

/**
 * @internal A server's task settings: the given store, else the one the toolbox's task memory keeps
 * beside its artifacts (SQLite, Redis), else one in this process; a 1 hour time to live; 1 s polls.
 */
export function taskSettings(toolbox: Toolbox, options: McpTaskOptions | undefined): TaskSettings {
  const memory = toolbox.taskMemory;
  const store =
    options?.store ??
    (memory === undefined ? undefined : taskStoreOf(memory.store)) ??
    new InMemoryTaskStore();
  return {
    store,
    ttlMs: options?.ttlMs ?? 3_600_000,
    pollIntervalMs: options?.pollIntervalMs ?? 1_000,
    heartbeatMs: 1_000,
  };
}

/**
 * @internal Who owns the tasks a client creates: its principal's name (sharing with `readsFrom` is for
 * task memory, not for tasks), or `undefined` for the default space.
 */
export function ownerOf(principal: Principal): string | undefined {
  return typeof principal === "string" ? principal : principal?.principal;
}

interface Running {
  readonly caller: TaskCaller;
  readonly controller: AbortController;
  statusMessage: string | undefined;
  beatAt: number;
}

/** How often a runner reads its task back, for answers and cancellation that came to another replica. */
const watchMs = 100;

/** What a task whose runner is gone ends with: the work may have acted before it stopped. */
const stoppedMessage =
  "The server that ran this task stopped before it finished; the work may or may not have taken effect";

/**
 * @internal Runs activities as MCP tasks (the Tasks extension) with their state in a task store, so
 * any replica sharing the store answers `tasks/get`, `tasks/update` and `tasks/cancel` for a task the
 * one that started it runs: that runner reads its task back (every 100 ms) for answers and
 * cancellation, and writes a heartbeat, so a task whose server died is reported `failed` rather than
 * `working` forever (one stopped by `close()` is failed at once). The record is durable before
 * `start` resolves.
 */
export class TaskRunner {
  readonly settings: TaskSettings;
  readonly #shutdown: AbortSignal;
  readonly #running = new Map<string, Running>();
  /** Who hears of each change this process makes to a task (status notifications, `tasks/result`). */
  readonly #watchers = new Map<string, Set<(record: TaskRecord) => void>>();

  constructor(settings: TaskSettings, shutdown: AbortSignal) {
    this.settings = settings;
    this.#shutdown = shutdown;
  }

  /** Creates a task of `owner` for `work` and starts it; resolves to the task as created. */
  async start(
    owner: string | undefined,
    abilities: CallerAbilities,
    work: (scope: CallScope) => Promise<JsonObject>,
  ): Promise<TaskRecord> {
    const now = new Date();
    const record: TaskRecord = {
      taskId: randomUUID(),
      status: "working",
      createdAt: now.toISOString(),
      lastUpdatedAt: now.toISOString(),
      ttlMs: this.settings.ttlMs,
      pollIntervalMs: this.settings.pollIntervalMs,
      heartbeatAt: now.getTime(),
      ...(owner === undefined ? {} : { owner }),
    };
    const { taskId } = record;
    await this.settings.store.create(record);
    const controller = new AbortController();
    const caller = new TaskCaller(abilities, {
      park: (requests) =>
        void this.#change(taskId, (task) => ({
          ...task,
          status: "input_required",
          inputRequests: requests,
        })).catch(() => undefined),
      status: (message) => {
        running.statusMessage = message;
      },
    });
    const running: Running = { caller, controller, statusMessage: undefined, beatAt: Date.now() };
    this.#running.set(taskId, running);
    const timer = setInterval(() => void this.#tick(taskId, running), watchMs);
    timer.unref();
    const signal = AbortSignal.any([controller.signal, this.#shutdown]);
    const outcome = (settled: Partial<TaskRecord>): Partial<TaskRecord> => {
      if (controller.signal.aborted) return { status: "cancelled" };
      if (this.#shutdown.aborted) return failure(new Error(stoppedMessage));
      return settled;
    };
    void work({ caller, signal })
      .then(
        (result) => this.#finish(taskId, outcome({ status: "completed", result })),
        (error: unknown) => this.#finish(taskId, outcome(failure(error))),
      )
      .finally(() => {
        clearInterval(timer);
        this.#running.delete(taskId);
      });
    return record;
  }

  /**
   * The task as `tasks/get` shows it; a task whose runner stopped beating is settled as `failed`
   * first. Unknown (or expired) tasks, and another principal's, are -32602.
   */
  async get(taskId: string, owner: string | undefined): Promise<TaskRecord> {
    const record = await this.#known(taskId, owner);
    const stale = Date.now() - record.heartbeatAt > this.settings.heartbeatMs * 5;
    if (isTerminal(record.status) || !stale || this.#running.has(taskId)) return record;
    const failed = await this.#change(taskId, (task) => ({
      ...task,
      ...failure(new Error(stoppedMessage)),
    }));
    return failed ?? record;
  }

  /** `tasks/update`: the client's answers, taken by the runner (here, or on the replica running it). */
  async answer(taskId: string, owner: string | undefined, answers: JsonObject): Promise<void> {
    await this.#known(taskId, owner);
    await this.#change(taskId, (task) => {
      const waiting = { ...task.inputRequests };
      for (const key of Object.keys(answers)) delete waiting[key];
      return {
        ...task,
        inputResponses: { ...task.inputResponses, ...answers },
        inputRequests: waiting,
        status: Object.keys(waiting).length > 0 ? "input_required" : "working",
      };
    });
    const running = this.#running.get(taskId);
    if (running !== undefined) await this.#tick(taskId, running);
  }

  /**
   * `tasks/cancel`: the task is `cancelled` at once in the store (a finished one stays as it is), and
   * its runner (here, or on the replica running it) aborts the work.
   */
  async cancel(taskId: string, owner: string | undefined): Promise<void> {
    await this.#known(taskId, owner);
    await this.#change(taskId, (task) => {
      const { inputRequests: _asked, inputResponses: _answered, ...rest } = task;
      return { ...rest, status: "cancelled" };
    });
    this.#running.get(taskId)?.controller.abort(new Error("cancelled by the client"));
  }

  /** The task, if `owner` created it: another principal's task is as unknown as one never created. */
  async #known(taskId: string, owner: string | undefined): Promise<TaskRecord> {
    const record = await this.settings.store.get(taskId);
    if (record === undefined || record.owner !== owner) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task ${taskId}`, {
        taskId,
      });
    }
    return record;
  }

  /**
   * Calls `listener` with the task as this process changes it (another replica's changes are seen by
   * reading the store); returns what stops it.
   */
  watch(taskId: string, listener: (record: TaskRecord) => void): () => void {
    const listeners = this.#watchers.get(taskId) ?? new Set();
    this.#watchers.set(taskId, listeners);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#watchers.get(taskId) === listeners) {
        this.#watchers.delete(taskId);
      }
    };
  }

  /** Changes a task that is not finished (a finished one never changes again). */
  async #change(
    taskId: string,
    change: (task: TaskRecord) => TaskRecord,
  ): Promise<TaskRecord | undefined> {
    let changed = false;
    const record = await this.settings.store.update(taskId, (task) => {
      if (isTerminal(task.status)) return undefined;
      changed = true;
      return { ...change(task), lastUpdatedAt: new Date().toISOString() };
    });
    if (changed && record !== undefined) {
      for (const listener of [...(this.#watchers.get(taskId) ?? [])]) listener(record);
    }
    return record;
  }

  async #finish(taskId: string, outcome: Partial<TaskRecord>): Promise<void> {
    await this.#change(taskId, (task) => {
      const { inputRequests: _asked, inputResponses: _answered, ...rest } = task;
      return { ...rest, ...outcome } as TaskRecord;
    }).catch(() => undefined);
  }

  /** Reads the task back: cancelled elsewhere, answers to hand on; beats when one is due. */
  async #tick(taskId: string, running: Running): Promise<void> {
    const record = await this.settings.store.get(taskId).catch(() => undefined);
    if (record === undefined || isTerminal(record.status)) {
      running.controller.abort(new Error("cancelled by the client"));
      return;
    }
    const answers = record.inputResponses ?? {};
    if (Object.keys(answers).length > 0) running.caller.deliver(answers);
    const beat = Date.now() - running.beatAt >= this.settings.heartbeatMs;
    const message = running.statusMessage;
    if (Object.keys(answers).length === 0 && !beat && message === record.statusMessage) return;
    running.beatAt = Date.now();
    await this.#change(taskId, (task) => {
      const left: JsonObject = { ...task.inputResponses };
      for (const key of Object.keys(answers)) delete left[key];
      return {
        ...task,
        heartbeatAt: running.beatAt,
        inputResponses: left,
        inputRequests: running.caller.pendingRequests(),
        status: running.caller.waiting ? "input_required" : "working",
        ...(message === undefined ? {} : { statusMessage: message }),
      };
    }).catch(() => undefined);
  }
}

/** A failed task's outcome: the JSON-RPC error it failed with (-32603 unless it was a protocol error). */
function failure(error: unknown): Partial<TaskRecord> {
  const code = error instanceof ProtocolError ? error.code : ProtocolErrorCode.InternalError;
  const message = error instanceof Error ? error.message : String(error);
  const data = error instanceof ProtocolError ? error.data : undefined;
  return {
    status: "failed",
    error: { code, message, ...(data === undefined ? {} : { data: data as JsonObject }) },
  };
}
