import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  MissingRequiredClientCapabilityError,
  type Server,
  type ServerContext,
  type StandardSchemaV1,
} from "@modelcontextprotocol/server";
import type { CallerAbilities } from "../../caller/caller-types.js";
import type { Principal } from "../../memory/memory-scope.js";
import type { TaskRecord } from "../../memory/task-store.js";
import type { JsonObject } from "../../schema/json.js";
import { abilitiesOf } from "../session-caller.js";
import { ownerOf, type TaskRunner } from "./task-runner.js";

/** The Tasks extension's identifier, in capabilities. */
export const tasksExtension = "io.modelcontextprotocol/tasks";

/** The capabilities a 2026-07-28 request's client declared (in its `_meta`, per request). */
function declared(ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
}

/** @internal Whether the request's client declared the Tasks extension (per request, 2026-07-28). */
export function declaresTasks(ctx: ServerContext): boolean {
  const extensions = (declared(ctx) as { extensions?: Record<string, unknown> } | undefined)
    ?.extensions;
  return extensions?.[tasksExtension] !== undefined;
}

/** @internal What the request's client can answer, for the asks of a task it starts. */
export function requestAbilities(ctx: ServerContext): CallerAbilities {
  return abilitiesOf(declared(ctx));
}

/** @internal The -32021 a client without the Tasks extension gets where a task is needed. */
export function tasksRequired(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [tasksExtension]: {} } } as never },
    `Missing required client capability: the ${tasksExtension} extension`,
  );
}

/** @internal A task as a `tools/call` result (`resultType: "task"`): its seed state. */
export function createTaskResult(record: TaskRecord): JsonObject {
  const { inputRequests: _asked, result: _result, error: _error, ...task } = detailedTask(record);
  return { resultType: "task", ...task };
}

/** @internal A task as `tasks/get` shows it: status fields, and what its status carries. */
export function detailedTask(record: TaskRecord): JsonObject {
  const task: JsonObject = {
    taskId: record.taskId,
    status: record.status,
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  if (record.status === "input_required") task.inputRequests = record.inputRequests ?? {};
  if (record.status === "completed" && record.result !== undefined) task.result = record.result;
  if (record.status === "failed" && record.error !== undefined) task.error = record.error;
  return task;
}

/**
 * @internal A Standard Schema for the parameters of a tasks method, in toolwright's words. (The SDK lifts a
 * `tasks/update`'s `inputResponses` out of its parameters into `ctx.mcpReq.inputResponses`, keeping
 * only the bare answers a client may send: an `ElicitResult`, `CreateMessageResult` or
 * `ListRootsResult` each.)
 */
export const taskParams: StandardSchemaV1<unknown, { taskId: string }> = {
  "~standard": {
    version: 1,
    vendor: "toolwright",
    validate(value) {
      const given = value as { taskId?: unknown } | undefined;
      if (typeof given?.taskId !== "string" || given.taskId === "") {
        return { issues: [{ message: "params.taskId: expected a task id (a non-empty string)" }] };
      }
      return { value: given as { taskId: string } };
    },
  },
};

/**
 * @internal The Tasks extension's methods on a 2026-07-28 server: `tasks/get` (the task with its
 * `inputRequests`, `result` or `error`), `tasks/update` (answers for its asks) and `tasks/cancel`, each
 * acknowledged with an empty result; -32021 for a request whose client did not declare the extension,
 * -32602 for an unknown task and for another principal's. (`tasks/result` and `tasks/list` are gone
 * from the extension.)
 */
export function installTaskHandlers(
  server: Server,
  runner: TaskRunner,
  principal: Principal,
): void {
  const owner = ownerOf(principal);
  const gated =
    (handle: (taskId: string, ctx: ServerContext) => Promise<JsonObject>) =>
    (given: { taskId: string }, ctx: ServerContext) => {
      if (!declaresTasks(ctx)) throw tasksRequired();
      return handle(given.taskId, ctx);
    };
  const schemas = { params: taskParams };
  server.setRequestHandler(
    "tasks/get",
    schemas,
    gated(async (taskId) => detailedTask(await runner.get(taskId, owner))),
  );
  server.setRequestHandler(
    "tasks/update",
    schemas,
    gated(async (taskId, ctx) => {
      await runner.answer(taskId, owner, (ctx.mcpReq.inputResponses ?? {}) as JsonObject);
      return {};
    }),
  );
  server.setRequestHandler(
    "tasks/cancel",
    schemas,
    gated(async (taskId) => {
      await runner.cancel(taskId, owner);
      return {};
    }),
  );
}
