import {
  Client,
  type JSONRPCErrorResponse,
  type JSONRPCResponse,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/client";

// The official SDK's client (2.4) speaks revision 2026-07-28 but not its Tasks extension: a
// `tools/call` answered with a task (`resultType: "task"`, SEP-2663) is an unsupported result type to
// it. This client takes that answer off the SDK's path at the one place the SDK lets a subclass
// consume responses, and ends the call's request there with an error that carries the task, so the
// SDK's bookkeeping (timeouts, progress handlers, cancellation) ends as for any answer; McpTool then
// follows the task with `tasks/get`.

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
}

// The tasks created by this process's calls, by identity: only an error this module made counts.
const created = new WeakSet<object>();

/** @internal The SDK's client, taking `tools/call` answers that created a task (see above). */
export class TaskAwareClient extends Client {
  protected override _onresponse(response: JSONRPCResponse | JSONRPCErrorResponse): void {
    const result = (response as { result?: unknown }).result;
    if (isRecord(result) && result.resultType === "task" && typeof result.taskId === "string") {
      const { resultType: _type, ...task } = result;
      created.add(task);
      super._onresponse({
        jsonrpc: "2.0",
        id: response.id,
        error: {
          code: ProtocolErrorCode.InternalError,
          message: `the server runs the call as task ${result.taskId}`,
          data: task,
        },
      });
      return;
    }
    super._onresponse(response);
  }
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
