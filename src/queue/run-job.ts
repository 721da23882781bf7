import type { Job } from "bullmq";
import type { Redis } from "ioredis";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InMemoryArtifactStore } from "../memory/in-memory-artifact-store.js";
import { runActivity } from "../tool/run-activity.js";
import { defaultTimeoutMs, timeLimitSetting, withToolboxTimeout } from "../tool/time-limit.js";
import type { Tool } from "../tool/tool.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import { toolState } from "../tool/tool-state.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { CancelListener } from "./cancel-requests.js";
import { type JobOutcome, runUnderJobReceipt } from "./job-receipt.js";
import { signatureProblem, signedJobLifetimeMs, startedKey } from "./job-signature.js";
import { traceJob } from "./job-span.js";
import { ProgressRelay } from "./progress-relay.js";
import { type QueuedCall, type QueuedResult, readQueuedCall } from "./queued-call.js";

/** @internal What every job of a worker shares. */
export interface JobRunner {
  readonly toolbox: Toolbox;
  readonly cancels: CancelListener;
  /** The worker's own commands connection (the start records of signed jobs). */
  readonly commands: Redis;
  /** BullMQ's key prefix. */
  readonly prefix: string;
  /** The fleet's shared secret: when set, only jobs signed with it run. */
  readonly secret: string | undefined;
  readonly maxResultChars: number;
  /** Which queue each activity's jobs belong on, by this worker's limits. */
  readonly queueOf: (toolName: string, activityName: string) => string;
  /** BullMQ's error for a failure no retry can cure. */
  readonly unrecoverable: (message: string) => Error;
}

/**
 * @internal Runs one job as the worker's own tool definition says, trusting nothing the job claims:
 * the input is validated against the activity's schema here (whoever wrote the job), the time limit
 * is the worker's own for the activity (the job may only shorten it), and whether a second start may
 * run goes by the worker's own `idempotent` annotation. On a fleet with a secret, a job without a
 * valid signature, or a copy of a signed job that already started, fails without running. So does a
 * job a non-idempotent activity was already started for (its worker stopped), and one the caller
 * cancelled. Every other refusal (an input that does not validate among them) is a result.
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
  if (runner.secret !== undefined) await checkSigned(runner, runner.secret, job, call);
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
  const activity = tool.findActivity(call.activity);
  const receipts = activity === undefined ? undefined : runner.toolbox.receipts;
  // BullMQ counts every start in Redis, in the same script that hands the job out: a second start
  // means a worker took it before and stopped without a result. With receipts, the job's receipt
  // says more: whether that start recorded a result, which then comes back.
  if (
    receipts === undefined &&
    activity?.annotations.idempotent !== true &&
    job.attemptsStarted > 1
  ) {
    throw runner.unrecoverable(
      "a worker started it before and stopped without a result; it is not idempotent, so it was not run again",
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
    // The worker's own validation: unknown keys dropped, no coercion or other repair (the caller
    // made those), the schema's transforms applied here, once.
    const run = async (): Promise<JobOutcome> =>
      runActivity(tool, call.activity, call.input, {
        signal,
        timeoutMs: timeLimitOf(runner.toolbox, tool, activity, call.timeoutMs),
        onProgress: relay.report,
      });
    const outcome = await traceJob(
      {
        call,
        nativeName: runner.toolbox.nativeName(tool, call.activity),
        queue: job.queueName,
        jobId: String(job.id),
      },
      receipts === undefined || activity === undefined
        ? run
        : () => runUnderJobReceipt(receipts, job, { tool, activity, call }, run),
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

/** Throws BullMQ's unrecoverable error for a job whose signature does not hold, or a signed copy. */
async function checkSigned(
  runner: JobRunner,
  secret: string,
  job: Job,
  call: QueuedCall,
): Promise<void> {
  const place = { queue: job.queueName, jobId: String(job.id) };
  const problem = signatureProblem(secret, place, call);
  if (problem !== undefined) throw runner.unrecoverable(`refused: ${problem}`);
  // A later start of the same job (its worker stopped) is BullMQ's own; a first start of a job this
  // fleet already started is a copy written under the same id.
  if (job.attemptsStarted > 1) return;
  const key = startedKey(runner.prefix, place);
  const first = await runner.commands.set(key, "1", "PX", signedJobLifetimeMs, "NX");
  if (first === null) {
    throw runner.unrecoverable("refused: a job with this id and signature was started before");
  }
}

/**
 * The worker's time limit for the activity (its call options aside: the activity's, the tool's, the
 * worker toolbox's, else the default); the job's own limit applies only when it is shorter.
 */
function timeLimitOf(
  toolbox: Toolbox,
  tool: Tool,
  activity: ToolActivity | undefined,
  asked: number | null,
): number | null {
  if (activity === undefined) return asked;
  const setting = timeLimitSetting(
    withToolboxTimeout({}, toolbox.timeoutMs),
    activity,
    toolState(tool),
  );
  const own = setting === undefined ? defaultTimeoutMs : setting;
  if (own === null) return asked;
  return asked === null ? own : Math.min(own, asked);
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
