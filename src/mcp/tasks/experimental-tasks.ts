import {
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Server,
  type ServerCapabilities,
  type ServerContext,
  type StandardSchemaV1,
} from "@modelcontextprotocol/server";
import type { Principal } from "../../memory/memory-scope.js";
import { isTerminal, type TaskRecord } from "../../memory/task-store.js";
import type { JsonObject } from "../../schema/json.js";
import { taskParams } from "./task-handlers.js";
import { ownerOf, type TaskRunner } from "./task-runner.js";

/** Tasks a `tasks/list` page holds at most. */
const pageSize = 50;

/** How often a waiting `tasks/result` reads the store, for changes made by another replica. */
const storeReadMs = 250;

/**
 * @internal The `tasks` capability of a 2025-11-25 server: task-augmented `tools/call`, cancel, and
 * `tasks/list` only where requestors can be told apart (a server that cannot identify them should not
 * list, says the revision) and the store can list.
 */
export function experimentalTasksCapability(canList: boolean): ServerCapabilities["tasks"] {
  return { ...(canList ? { list: {} } : {}), cancel: {}, requests: { tools: { call: {} } } };
}

/**
 * @internal A task in 2025-11-25's terms, from the one record both wire forms share: `ttl` and
 * `pollInterval`, and a tool result with `isError` is a `failed` task (its `tasks/result` is still
 * that result).
 */
export function experimentalTask(record: TaskRecord): JsonObject {
  const toolError = record.status === "completed" && record.result?.isError === true;
  const message = record.statusMessage ?? (record.error?.message as string | undefined);
  return {
    taskId: record.taskId,
    status: toolError ? "failed" : record.status,
    ...(message === undefined ? {} : { statusMessage: message }),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttl: record.ttlMs,
    pollInterval: record.pollIntervalMs,
  };
}

/**
 * @internal Sends `notifications/tasks/status` to a session as its task changes here: each new status
 * or status message once. Returns what stops it (also stopped once the task is finished).
 */
export function notifyTaskStatus(server: Server, runner: TaskRunner, taskId: string): () => void {
  let last = "working";
  const stop = runner.watch(taskId, (record) => {
    const task = experimentalTask(record);
    const seen = `${String(task.status)}\n${String(task.statusMessage ?? "")}`;
    if (seen === last) return;
    last = seen;
    if (isTerminal(record.status)) stop();
    const params = task as never;
    void server.notification({ method: "notifications/tasks/status", params }).catch(() => {});
  });
  return stop;
}

/** The task's request id as its result's `_meta` names it (the result itself does not). */
function related(taskId: string): JsonObject {
  return { [RELATED_TASK_META_KEY]: { taskId } };
}

/** `tasks/list`'s parameters: an optional cursor. */
const listParams: StandardSchemaV1<unknown, { cursor?: string }> = {
  "~standard": {
    version: 1,
    vendor: "toolwright",
    validate(value) {
      const cursor = (value as { cursor?: unknown } | undefined)?.cursor;
      if (cursor !== undefined && typeof cursor !== "string") {
        return { issues: [{ message: "params.cursor: expected a cursor (a string)" }] };
      }
      return { value: cursor === undefined ? {} : { cursor } };
    },
  },
};

/**
 * @internal The experimental Tasks of 2025-11-25 on a 2025-era server, over the same runner and store
 * as the 2026-07-28 extension: `tasks/get`, `tasks/result` (blocks until the task is finished, then
 * answers what the call would have: its result, or its JSON-RPC error; in a session it passes the
 * task's asks to the client on its own stream meanwhile), `tasks/list` (the principal's own tasks) and
 * `tasks/cancel` (-32602 for a finished task). Another principal's task is an unknown one.
 */
export function installExperimentalTaskHandlers(
  server: Server,
  runner: TaskRunner,
  options: {
    readonly principal: Principal;
    /** Whether asks can reach the client (a session), for `tasks/result` to pass them on. */
    readonly canAsk: boolean;
    readonly canList: boolean;
  },
): void {
  const owner = ownerOf(options.principal);
  const byId = { params: taskParams };
  server.setRequestHandler("tasks/get", byId, async ({ taskId }) =>
    experimentalTask(await runner.get(taskId, owner)),
  );
  server.setRequestHandler("tasks/result", byId, async ({ taskId }, ctx) => {
    const record = await settled(runner, taskId, owner, ctx, options.canAsk);
    if (record.status === "completed" && record.result !== undefined) {
      const meta = {
        ...(record.result._meta as JsonObject | undefined),
        ...related(record.taskId),
      };
      return { ...record.result, _meta: meta } as never;
    }
    const error = record.error ?? {
      code: ProtocolErrorCode.InternalError,
      message: `Task ${record.taskId} was cancelled`,
    };
    throw new ProtocolError(error.code as number, error.message as string, {
      ...(error.data as JsonObject | undefined),
      ...related(record.taskId),
    });
  });
  server.setRequestHandler("tasks/cancel", byId, async ({ taskId }) => {
    const current = experimentalTask(await runner.get(taskId, owner));
    if (isTerminal(current.status as TaskRecord["status"])) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Cannot cancel task: already in terminal status '${String(current.status)}'`,
      );
    }
    await runner.cancel(taskId, owner);
    return experimentalTask(await runner.get(taskId, owner)) as never;
  });
  const list = runner.settings.store.list?.bind(runner.settings.store);
  if (!options.canList || list === undefined) return;
  server.setRequestHandler("tasks/list", { params: listParams }, async ({ cursor }) => {
    const page = await list(owner, { cursor, limit: pageSize }).catch((error: unknown) => {
      if (!(error instanceof RangeError)) throw error;
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
    });
    return {
      tasks: page.tasks.map(experimentalTask),
      ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
    } as never;
  });
}

/**
 * The task once it is finished. Meanwhile, in a session, each ask the task parks with goes to the
 * client once, related to the task, and its answer back to the runner (as a `tasks/update` would).
 */
async function settled(
  runner: TaskRunner,
  taskId: string,
  owner: string | undefined,
  ctx: ServerContext,
  canAsk: boolean,
): Promise<TaskRecord> {
  const passed = new Set<string>();
  const { signal } = ctx.mcpReq;
  for (;;) {
    const record = await runner.get(taskId, owner);
    if (isTerminal(record.status)) return record;
    if (canAsk && record.status === "input_required") {
      for (const [key, ask] of Object.entries(record.inputRequests ?? {})) {
        if (passed.has(key)) continue;
        passed.add(key);
        const { method, params } = ask as { method: string; params?: JsonObject };
        const request = { method, params: { ...params, _meta: related(taskId) } };
        void ctx.mcpReq
          .send(request as never, { signal })
          .then((answer) => runner.answer(taskId, owner, { [key]: answer as JsonObject }))
          // A client that cannot answer leaves the ask waiting (for tasks/cancel, or another try).
          .catch(() => undefined);
      }
    }
    signal.throwIfAborted();
    await nextChange(runner, taskId, signal);
  }
}

/** Resolves at this process's next change to the task, or after a while (another replica's). */
function nextChange(runner: TaskRunner, taskId: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const stop = runner.watch(taskId, done);
    const timer = setTimeout(done, storeReadMs);
    signal.addEventListener("abort", done, { once: true });
  });
}
