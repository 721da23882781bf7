import {
  Client,
  type JSONRPCErrorResponse,
  type JSONRPCNotification,
  type JSONRPCResponse,
  type MessageExtraInfo,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/client";

// The official SDK's client (2.4) speaks revision 2026-07-28 but not its Tasks extension: a
// `tools/call` answered with a task (`resultType: "task"`, SEP-2663) is an unsupported result type to
// it. This client takes that answer off the SDK's path at the one place the SDK lets a subclass
// consume responses, and ends the call's request there with an error that carries the task, so the
// SDK's bookkeeping (timeouts, progress handlers, cancellation) ends as for any answer; McpTool then
// follows the task with `tasks/get`. The experimental tasks of 2025-11-25 (a `tools/call` sent with
// `task`, answered `{ task }`) take the same way; their progress notifications (the call's progress
// token stays valid for the task's lifetime) and `notifications/tasks/status` go to the follower.

/** The Tasks extension's identifier, in capabilities (SEP-2663). */
export const tasksExtension = "io.modelcontextprotocol/tasks";

/**
 * @internal A task as the server reports it (`CreateTaskResult`, `tasks/get`): its status, and what
 * the status carries (`inputRequests`, `result`, `error`).
 */
export interface RemoteTask {
  readonly taskId: string;
  readonly status: string;
  readonly statusMessage?: string | undefined;
  readonly pollIntervalMs?: number | undefined;
  readonly inputRequests?: Readonly<Record<string, unknown>> | undefined;
  readonly result?: unknown;
  readonly error?: { readonly code?: unknown; readonly message?: unknown } | undefined;
  /** The experimental tasks of 2025-11-25 (results through `tasks/result`), not the extension. */
  readonly experimental?: boolean | undefined;
  /** The progress token of the call that created the task (2025-11-25: valid for the task's life). */
  readonly progressToken?: number | undefined;
}

/** @internal What a task's follower hears between polls (2025-11-25). */
export interface TaskListener {
  readonly onProgress: (params: { progress: number; total?: number; message?: string }) => void;
  readonly onStatus: (task: RemoteTask) => void;
}

// The tasks created by this process's calls, by identity: only an error this module made counts.
const created = new WeakSet<object>();

/** @internal The SDK's client, taking `tools/call` answers that created a task (see above). */
export class TaskAwareClient extends Client {
  readonly #byToken = new Map<number, TaskListener>();
  readonly #byTask = new Map<string, TaskListener>();

  /**
   * Sends the progress and status notifications of a 2025-11-25 task to `listener` until released,
   * first those that arrived between the task's creation and now.
   */
  followNotifications(task: RemoteTask, listener: TaskListener): () => void {
    const token = task.progressToken;
    const early = this.#byTask.get(task.taskId);
    this.#attach(task, listener);
    if (early instanceof EarlyNotifications) early.replay(listener);
    return () => {
      if (token !== undefined) this.#byToken.delete(token);
      this.#byTask.delete(task.taskId);
    };
  }

  #attach(task: RemoteTask, listener: TaskListener): void {
    if (task.progressToken !== undefined) this.#byToken.set(task.progressToken, listener);
    this.#byTask.set(task.taskId, listener);
  }

  protected override _onnotification(notification: JSONRPCNotification, extra?: MessageExtraInfo) {
    const params = notification.params ?? {};
    const listener =
      notification.method === "notifications/progress"
        ? this.#byToken.get(Number(params.progressToken))
        : notification.method === "notifications/tasks/status" && typeof params.taskId === "string"
          ? this.#byTask.get(params.taskId)
          : undefined;
    if (listener === undefined) {
      super._onnotification(notification, extra);
    } else if (notification.method === "notifications/progress") {
      if (typeof params.progress === "number") listener.onProgress(params as never);
    } else if (typeof params.status === "string") {
      listener.onStatus(fromExperimental(params));
    }
  }

  protected override _onresponse(response: JSONRPCResponse | JSONRPCErrorResponse): void {
    const result = (response as { result?: unknown }).result;
    const experimental = isRecord(result) && !("content" in result) ? result.task : undefined;
    const answered =
      isRecord(result) && result.resultType === "task"
        ? result
        : isRecord(experimental)
          ? { ...fromExperimental(experimental), progressToken: Number(response.id) }
          : undefined;
    if (answered !== undefined && typeof answered.taskId === "string") {
      const { resultType: _type, ...task } = answered;
      created.add(task);
      // Its progress and status may arrive before the call's follower is listening: kept until then.
      if (task.experimental === true)
        this.#attach(task as unknown as RemoteTask, new EarlyNotifications());
      super._onresponse({
        jsonrpc: "2.0",
        id: response.id,
        error: {
          code: ProtocolErrorCode.InternalError,
          message: `the server runs the call as task ${answered.taskId}`,
          data: task,
        },
      });
      return;
    }
    super._onresponse(response);
  }
}

/** The notifications of a task nobody follows yet, kept (a bounded number) for its follower. */
class EarlyNotifications implements TaskListener {
  readonly #kept: ((listener: TaskListener) => void)[] = [];

  readonly onProgress: TaskListener["onProgress"] = (report) => {
    this.#keep((listener) => listener.onProgress(report));
  };

  readonly onStatus: TaskListener["onStatus"] = (task) => {
    this.#keep((listener) => listener.onStatus(task));
  };

  replay(listener: TaskListener): void {
    for (const send of this.#kept.splice(0)) send(listener);
  }

  #keep(send: (listener: TaskListener) => void): void {
    if (this.#kept.length < 64) this.#kept.push(send);
  }
}

/** A 2025-11-25 `Task` (`pollInterval`) in the shape the follower reads (`pollIntervalMs`). */
function fromExperimental(task: Record<string, unknown>): RemoteTask & Record<string, unknown> {
  return {
    ...task,
    taskId: String(task.taskId),
    status: String(task.status),
    experimental: true,
    ...(typeof task.pollInterval === "number" ? { pollIntervalMs: task.pollInterval } : {}),
    ...(typeof task.statusMessage === "string" ? { statusMessage: task.statusMessage } : {}),
  };
}

/** @internal The task a call's error carries when the server answered it with one. */
export function createdTask(error: unknown): RemoteTask | undefined {
  if (!(error instanceof ProtocolError)) return undefined;
  const { data } = error;
  return isRecord(data) && created.has(data) ? (data as unknown as RemoteTask) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
