import { isSpecType, ProtocolError, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { withDefaults } from "../caller/form-schema.js";
import type { JsonObject } from "../schema/json.js";
import type { McpCallResult } from "./from-mcp-result.js";
import { answerElicitation, rootsList, type ServerRequestHandlers } from "./server-requests.js";
import type { RemoteTask, TaskAwareClient } from "./task-client.js";

// A remote tool the server runs as a task: instead of holding the call's request open, the client
// asks `tasks/get` every `pollIntervalMs` (the task's status message is reported as progress) and
// sends `tasks/cancel` when the call is aborted. The two revisions differ in three steps:
// - the Tasks extension of 2026-07-28 (SEP-2663): a task parked in `input_required` is answered with
//   `tasks/update` through the same handlers as any question of the server, and `tasks/get` inlines
//   the result once the task completed;
// - the experimental tasks of 2025-11-25: the result, and the questions of a task in
//   `input_required` (sent as ordinary requests, answered by the connection's handlers), come through
//   `tasks/result`; progress on the creating call's token and `notifications/tasks/status` arrive
//   between polls (a status notification ends the wait early).

/** @internal How one task is followed. */
export interface FollowOptions {
  readonly client: TaskAwareClient;
  readonly server: string;
  readonly handlers: ServerRequestHandlers;
  /** The call's signal: its abort cancels the task. */
  readonly signal: AbortSignal;
  /** Each `tasks/*` request's own time limit. */
  readonly requestTimeoutMs: number;
  /** The `_meta` of the call (its capabilities, the Tasks extension): every tasks request repeats it. */
  readonly meta: Record<string, unknown>;
  /** Reports the task's status messages, as they change. */
  readonly onStatus: (message: string) => void;
  /** Reports the server's progress notifications for the task (2025-11-25). */
  readonly onProgress: (report: { progress: number; total?: number; message?: string }) => void;
}

/** What differs between the revisions' tasks (see above). */
interface TaskSteps {
  /** The task now: polled, or what a status notification brought since the last look. */
  get(): Promise<RemoteTask>;
  /** A task in `input_required`: its questions answered; a result when that also ended the task. */
  answer(task: RemoteTask): Promise<McpCallResult | undefined>;
  /** A task in a terminal status: the tool's result, or `RemoteTaskError`. */
  finish(task: RemoteTask): Promise<McpCallResult>;
  /** Resolves when there is news before the next poll is due; none without notifications. */
  readonly news?: { wait: Promise<void> };
  release(): void;
}

/** @internal Why a followed task ended without a result. */
export class RemoteTaskError extends Error {
  readonly code: "mcp_task_failed" | "mcp_task_cancelled" | "mcp_task_input";

  constructor(code: RemoteTaskError["code"], message: string) {
    super(message);
    this.name = "RemoteTaskError";
    this.code = code;
  }
}

const terminal = new Set(["completed", "failed", "cancelled"]);
// A server's poll interval is its wish; these keep a wrong one from spinning or stalling the call.
const fastestPollMs = 50;
const slowestPollMs = 10_000;

/** @internal Follows `task` to its end: the tool's result, or `RemoteTaskError`. */
export async function followTask(
  created: RemoteTask,
  options: FollowOptions,
): Promise<McpCallResult> {
  const { client, signal, requestTimeoutMs } = options;
  const taskId = created.taskId;
  const steps =
    created.experimental === true
      ? experimentalSteps(created, options)
      : extensionSteps(created, options);
  let task = created;
  let lastStatus: string | undefined;
  try {
    for (;;) {
      if (task.statusMessage !== undefined && task.statusMessage !== lastStatus) {
        lastStatus = task.statusMessage;
        options.onStatus(task.statusMessage);
      }
      if (terminal.has(task.status)) return await steps.finish(task);
      if (task.status === "input_required") {
        const result = await steps.answer(task);
        if (result !== undefined) return result;
      }
      await pause(
        pollDelay(task.pollIntervalMs ?? created.pollIntervalMs),
        signal,
        steps.news?.wait,
      );
      task = await steps.get();
    }
  } catch (error) {
    if (signal.aborted) {
      // The caller gave up: so does the server (best effort, on a signal of its own).
      const meta = created.experimental === true ? {} : { _meta: options.meta };
      await client
        .request({ method: "tasks/cancel", params: { taskId, ...meta } }, anyResult, {
          timeout: Math.min(requestTimeoutMs, 5_000),
        })
        .catch(() => undefined);
    }
    throw error;
  } finally {
    steps.release();
  }
}

/** The Tasks extension (2026-07-28): answers through `tasks/update`, the result inlined. */
function extensionSteps(created: RemoteTask, options: FollowOptions): TaskSteps {
  const { client, signal, requestTimeoutMs, meta } = options;
  const { taskId } = created;
  const answered = new Set<string>();
  return {
    get: () =>
      client.request({ method: "tasks/get", params: { taskId, _meta: meta } }, taskSchema, {
        signal,
        timeout: requestTimeoutMs,
      }),
    async answer(task) {
      const responses = await answerRequests(task, answered, options);
      if (Object.keys(responses).length > 0) {
        await client.request(
          { method: "tasks/update", params: { taskId, inputResponses: responses, _meta: meta } },
          anyResult,
          { signal, timeout: requestTimeoutMs },
        );
      }
      return undefined;
    },
    finish: async (task) => outcome(task, options.server),
    release: () => undefined,
  };
}

/** The experimental tasks of 2025-11-25: the result and the questions through `tasks/result`. */
function experimentalSteps(created: RemoteTask, options: FollowOptions): TaskSteps {
  const { client, signal, requestTimeoutMs, server } = options;
  const { taskId } = created;
  let notified: RemoteTask | undefined;
  let wake: () => void = () => undefined;
  const news = { wait: new Promise<void>(() => undefined) };
  const rearm = () => {
    news.wait = new Promise((resolve) => {
      wake = resolve;
    });
  };
  rearm();
  const release = client.followNotifications(created, {
    onProgress: options.onProgress,
    onStatus: (task) => {
      notified = task;
      wake();
    },
  });
  const result = async (): Promise<McpCallResult> => {
    try {
      const answer = await client.request(
        { method: "tasks/result", params: { taskId } },
        anyResult,
        {
          signal,
          timeout: requestTimeoutMs,
        },
      );
      if (isSpecType.CallToolResult(answer)) return answer as McpCallResult;
      throw new RemoteTaskError(
        "mcp_task_failed",
        `MCP server "${server}" answered the result of task ${taskId} with something that is not a tool result`,
      );
    } catch (error) {
      // What the tool call itself would have answered: a protocol error ends the task as failed.
      if (!(error instanceof ProtocolError) || signal.aborted) throw error;
      throw new RemoteTaskError(
        "mcp_task_failed",
        `MCP server "${server}" reports task ${taskId} failed: ${error.message}`,
      );
    }
  };
  return {
    async get() {
      const latest = notified;
      notified = undefined;
      rearm();
      if (latest !== undefined) return latest;
      const task = await client.request({ method: "tasks/get", params: { taskId } }, taskSchema, {
        signal,
        timeout: requestTimeoutMs,
      });
      return {
        ...task,
        experimental: true,
        pollIntervalMs: (task as { pollInterval?: number }).pollInterval,
      };
    },
    // The server sends its questions while `tasks/result` waits; the connection's handlers answer.
    answer: result,
    finish: (task) =>
      task.status === "cancelled" ? Promise.reject(cancelled(task, server)) : result(),
    news,
    release,
  };
}

function outcome(task: RemoteTask, server: string): McpCallResult {
  if (task.status === "completed") {
    if (isSpecType.CallToolResult(task.result)) return task.result as McpCallResult;
    throw new RemoteTaskError(
      "mcp_task_failed",
      `MCP server "${server}" completed task ${task.taskId} without a tool result`,
    );
  }
  if (task.status === "cancelled") throw cancelled(task, server);
  const message = typeof task.error?.message === "string" ? task.error.message : "no reason given";
  throw new RemoteTaskError(
    "mcp_task_failed",
    `MCP server "${server}" reports task ${task.taskId} failed: ${message}`,
  );
}

function cancelled(task: RemoteTask, server: string): RemoteTaskError {
  return new RemoteTaskError(
    "mcp_task_cancelled",
    `MCP server "${server}" cancelled task ${task.taskId}${task.statusMessage === undefined ? "" : `: ${task.statusMessage}`}`,
  );
}

/** Answers the task's asks not answered before (a server may show an answered one until it reads it). */
async function answerRequests(
  task: RemoteTask,
  answered: Set<string>,
  options: FollowOptions,
): Promise<JsonObject> {
  const waiting = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
  const answers = await Promise.all(
    waiting.map(async ([key, request]) => [key, await answerOne(key, request, options)] as const),
  );
  const responses: JsonObject = {};
  for (const [key, answer] of answers) {
    answered.add(key);
    responses[key] = answer as JsonObject;
  }
  return responses;
}

async function answerOne(key: string, request: unknown, options: FollowOptions): Promise<unknown> {
  const { handlers, server, signal } = options;
  const { method, params } = (request ?? {}) as { method?: unknown; params?: unknown };
  if (method === "elicitation/create" && handlers.onElicit !== undefined) {
    if (!isSpecType.ElicitRequestParams(params)) throw malformed(key, method, server);
    const answer = await answerElicitation(params, server, handlers.onElicit, signal);
    // The SDK fills a form's defaults only into answers to its own requests: these are ours.
    return answer.action === "accept" && params.mode !== "url"
      ? { ...answer, content: withDefaults(params.requestedSchema as JsonObject, answer.content) }
      : answer;
  }
  if (method === "sampling/createMessage" && handlers.onSample !== undefined) {
    if (!isSpecType.CreateMessageRequestParams(params)) throw malformed(key, method, server);
    return handlers.onSample({ ...params, server, signal });
  }
  if (method === "roots/list" && handlers.roots !== undefined) return rootsList(handlers.roots);
  throw new RemoteTaskError(
    "mcp_task_input",
    `MCP server "${server}" asked task input "${key}" with ${JSON.stringify(method)}, which this client did not declare it can answer`,
  );
}

function malformed(key: string, method: string, server: string): RemoteTaskError {
  return new RemoteTaskError(
    "mcp_task_input",
    `MCP server "${server}" sent task input "${key}" (${method}) with parameters that are not MCP's`,
  );
}

function pollDelay(wanted: number | undefined): number {
  if (wanted === undefined || !Number.isFinite(wanted)) return 1_000;
  return Math.min(slowestPollMs, Math.max(fastestPollMs, wanted));
}

/** Waits `ms`, or less when `news` comes first; rejects when `signal` aborts. */
function pause(ms: number, signal: AbortSignal, news: Promise<void> | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    news?.then(done);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** A result the Tasks extension acknowledges with (`tasks/update`, `tasks/cancel`): any object. */
const anyResult: StandardSchemaV1<unknown, object> = {
  "~standard": {
    version: 1,
    vendor: "toolwright",
    validate: (value) =>
      typeof value === "object" && value !== null
        ? { value }
        : { issues: [{ message: "expected a result object" }] },
  },
};

/** A `tasks/get` result: at least the task's id and status; the rest is read with care. */
const taskSchema: StandardSchemaV1<unknown, RemoteTask> = {
  "~standard": {
    version: 1,
    vendor: "toolwright",
    validate: (value) => {
      const task = value as Partial<RemoteTask> | null;
      if (
        typeof task !== "object" ||
        task === null ||
        typeof task.taskId !== "string" ||
        typeof task.status !== "string"
      ) {
        return { issues: [{ message: "expected a task with a taskId and a status" }] };
      }
      return { value: task as RemoteTask };
    },
  },
};
