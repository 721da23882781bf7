import type { Job } from "bullmq";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InMemoryArtifactStore } from "../memory/in-memory-artifact-store.js";
import { runValidatedActivity } from "../tool/run-activity.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { CancelListener } from "./cancel-requests.js";
import { traceJob } from "./job-span.js";
import { ProgressRelay } from "./progress-relay.js";
import { type QueuedResult, readQueuedCall } from "./queued-call.js";

/** @internal What every job of a worker shares. */
export interface JobRunner {
  readonly toolbox: Toolbox;
  readonly cancels: CancelListener;
  readonly maxResultChars: number;
  /** Which queue each activity's jobs belong on, by this worker's limits. */
  readonly queueOf: (toolName: string, activityName: string) => string;
  /** BullMQ's error for a failure no retry can cure. */
  readonly unrecoverable: (message: string) => Error;
}

/**
 * @internal Runs one job: the validated input straight to the activity (no second decode, repair or
 * validation), under the caller's time limit, with the caller's cancellation and progress; the
 * artifact comes back as JSON. A job a non-idempotent activity was already started for (its worker
 * stopped) fails without running; so does one the caller cancelled. Every other refusal is a result.
 */
export async function runJob(
  runner: JobRunner,
  job: Job,
  lockLost: AbortSignal | undefined,
): Promise<QueuedResult> {
  const call = readQueuedCall(job.data);
  if (typeof call === "string") {
    throw runner.unrecoverable(`job ${job.id} is not a toolwright call: ${call}`);
  }
  // BullMQ counts every start in Redis, in the same script that hands the job out: a second start
  // means a worker took it before and stopped without a result.
  if (!call.idempotent && job.attemptsStarted > 1) {
    throw runner.unrecoverable(
      "a worker started it before and stopped without a result; it is not idempotent, so it was not run again",
    );
  }
  const queue = runner.queueOf(call.tool, call.activity);
  if (job.queueName !== queue) {
    // Run here, the call would escape the limit this worker holds the activity to.
    return resultOf(
      new ErrorArtifact(
        `The call of ${call.tool}.${call.activity} did not run: the workers limit it to the queue "${queue}", but it came on "${job.queueName}". The application must give its QueueToolbox the same "limits" as its workers.`,
        { code: "queue_failed" },
      ),
    );
  }
  const tool = runner.toolbox.tool(call.tool);
  if (tool === undefined) {
    const known = runner.toolbox.tools.map((each) => each.name).join(", ");
    return resultOf(
      new ErrorArtifact(
        `Tool "${call.tool}" is not available on the worker that took this call (it has ${known}).`,
        { code: "unknown_tool" },
      ),
    );
  }
  const cancel = await runner.cancels.watch(String(job.id));
  if (cancel === undefined) throw runner.unrecoverable("the caller cancelled it before it ran");
  const relay = new ProgressRelay((progress: ActivityProgress) =>
    job.updateProgress({ ...progress }),
  );
  try {
    const signal =
      lockLost === undefined ? cancel.signal : AbortSignal.any([cancel.signal, lockLost]);
    const outcome = await traceJob(
      {
        call,
        nativeName: runner.toolbox.nativeName(tool, call.activity),
        queue: job.queueName,
        jobId: String(job.id),
      },
      () =>
        runValidatedActivity(tool, call.activity, call.input, {
          signal,
          timeoutMs: call.timeoutMs,
          onProgress: relay.report,
        }),
    );
    await relay.flush();
    const artifact = await bounded(runner, tool.name, call.activity, outcome.artifact);
    return { artifact: artifact.toJSON(), repairs: outcome.repairs };
  } catch (error) {
    if (cancel.signal.aborted) throw runner.unrecoverable("the caller cancelled it while it ran");
    throw error;
  } finally {
    cancel.release();
  }
}

function resultOf(artifact: Artifact): QueuedResult {
  return { artifact: artifact.toJSON(), repairs: [] };
}

/**
 * The artifact, or, when its JSON is longer than the worker carries, the memory reference a shared
 * task memory gives it (the notice an off-prompt tool returns). A worker without one returns an
 * error saying how to get the result through.
 */
async function bounded(
  runner: JobRunner,
  toolName: string,
  activity: string,
  artifact: Artifact,
): Promise<Artifact> {
  const length = JSON.stringify(artifact.toJSON()).length;
  if (length <= runner.maxResultChars) return artifact;
  const memory = runner.toolbox.taskMemory;
  if (memory !== undefined && !(memory.store instanceof InMemoryArtifactStore)) {
    return memory.processOutput({ tool: toolName, activity, artifact });
  }
  return new ErrorArtifact(
    `The result of ${toolName}.${activity} is ${length} characters of JSON, more than the worker sends back (${runner.maxResultChars}); ask for less at once.`,
    { code: "result_too_large" },
  );
}
