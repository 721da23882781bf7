import type { Job } from "bullmq";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { Repair } from "../tool/repair.js";
import type { Tool } from "../tool/tool.js";
import type { QueuedCall } from "./queued-call.js";

/** @internal What running a job's method produced. */
export interface JobOutcome {
  readonly artifact: Artifact;
  readonly repairs: readonly Repair[];
}

// A queued call's receipt lasts a day unless the worker's toolbox says otherwise: longer than any
// stall BullMQ redelivers a job after, with no run to release it at the end.
const jobRetentionMs = 86_400_000;

/**
 * @internal Runs a job's method under its receipt (keyed by queue and job id), on a worker whose
 * toolbox has receipts: a job redelivered after its worker stalled gets the result recorded before
 * (marked replayed), or, for a non-idempotent activity that started and never recorded one,
 * `outcome_unknown`; it never runs twice.
 */
export async function runUnderJobReceipt(
  receipts: ReceiptOptions,
  job: Job,
  target: { readonly tool: Tool; readonly activity: ToolActivity; readonly call: QueuedCall },
  run: () => Promise<JobOutcome>,
): Promise<JobOutcome> {
  const { tool, activity, call } = target;
  const { runWithReceipt } = await import("../receipts/receipted-call.js");
  const name = `${tool.name}.${activity.name}`;
  const id = String(job.id);
  const result = await runWithReceipt({
    call: {
      ok: true,
      id,
      name,
      tool,
      activity,
      input: call.input,
      acceptedInput: call.input,
      repairs: [],
    },
    idempotencyKey: `job:${job.queueName}:${id}`,
    ownId: true,
    receipts: {
      ...receipts,
      scope: receipts.scope ?? "queue",
      retentionMs: receipts.retentionMs ?? jobRetentionMs,
    },
    run: async () => {
      const { artifact, repairs } = await run();
      return { id, name, toolName: tool.name, activityName: activity.name, artifact, repairs };
    },
  });
  return { artifact: result.artifact, repairs: result.repairs };
}
