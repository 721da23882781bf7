import {
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Principal } from "../../memory/memory-scope.js";
import type { JsonObject } from "../../schema/json.js";
import type { CallerKind, CallScope } from "../caller-scope.js";
import { abilitiesOf } from "../session-caller.js";
import { experimentalTask, notifyTaskStatus } from "./experimental-tasks.js";
import {
  createTaskResult,
  declaresTasks,
  requestAbilities,
  tasksRequired,
} from "./task-handlers.js";
import { ownerOf, type TaskRunner } from "./task-runner.js";

/** @internal What decides whether a `tools/call` runs as a task. */
export interface TaskCallSettings {
  readonly kind: CallerKind;
  readonly tasks: TaskRunner;
  readonly principal: Principal;
  /** How the activity runs as a task, if it is marked `task`. */
  readonly mode: "optional" | "required" | undefined;
  /** The call's 2025-11-25 `task` parameter, if it has one. */
  readonly task: unknown;
}

/**
 * @internal A `tools/call` as a task, in the client's revision's terms, or `undefined` to run it in
 * the call. On 2026-07-28 the server decides: a task for a client that declared the extension
 * (`resultType: "task"`), -32021 for a required one otherwise. On 2025-11-25 the client asks with a
 * `task` parameter (a `CreateTaskResult`; a session also hears `notifications/tasks/status`); a task
 * for an activity not marked `task`, or a required one called without, is -32601 as the revision says.
 */
export function taskCall(
  server: Server,
  ctx: ServerContext,
  settings: TaskCallSettings,
  work: (scope: CallScope) => Promise<JsonObject>,
): Promise<Result> | undefined {
  const { kind, mode, tasks } = settings;
  const owner = ownerOf(settings.principal);
  if (kind === "round") {
    if (mode === undefined) return undefined;
    if (declaresTasks(ctx)) {
      return tasks.start(owner, requestAbilities(ctx), work).then(createTaskResult) as never;
    }
    if (mode === "required") throw tasksRequired();
    return undefined;
  }
  if (settings.task === undefined) {
    // Clients of revisions before 2025-11-25 know no tasks: they get the result in the call.
    if (mode !== "required" || server.getNegotiatedProtocolVersion() !== "2025-11-25") {
      return undefined;
    }
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      "Task augmentation required for tools/call requests: this tool runs only as a task",
    );
  }
  if (mode === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      "This tool does not run as a task (its execution.taskSupport is forbidden)",
    );
  }
  // Only a session has a stream for the task's asks (through tasks/result) and status notifications.
  const abilities =
    kind === "session"
      ? abilitiesOf(server.getClientCapabilities())
      : { elicit: false, sample: false, roots: false };
  return tasks.start(owner, abilities, work).then((record) => {
    if (kind === "session") notifyTaskStatus(server, tasks, record.taskId);
    return { task: experimentalTask(record) } as never;
  });
}
