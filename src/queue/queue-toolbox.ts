import { createHash, randomUUID } from "node:crypto";
import type { PreparedCall, ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { copyJsonValue } from "../internal/copy-json-value.js";
import {
  observingToolCalls,
  runObserved,
  tracingRegistered,
} from "../observe/tool-call-channels.js";
import type { TelemetryOptions } from "../observe/tool-call-span.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { ReceiptAddress } from "../receipts/receipt-store.js";
import { defaultTimeoutMs, timeLimitSetting, withToolboxTimeout } from "../tool/time-limit.js";
import type { Tool } from "../tool/tool.js";
import { toolState } from "../tool/tool-state.js";
import { hasMadeUpId } from "../toolbox/execute-batch.js";
import { executeReceipted, runHere } from "../toolbox/execute-receipted.js";
import { Toolbox } from "../toolbox/toolbox.js";
import type { ExecuteOptions } from "../toolbox/toolbox-options.js";
import { ToolSearchTool } from "../toolbox/toolbox-search.js";
import { checkQueueToolboxOptions } from "./queue-checks.js";
import { QueueClient } from "./queue-client.js";
import { requireQueuePackages } from "./queue-connection.js";
import type { QueueToolboxOptions } from "./queue-options.js";
import { type QueueRoutes, settleRoutes } from "./queue-routes.js";

// What a call waits for its result beyond its run's time limit by default: time to be queued behind
// other calls and to reach a worker.
const defaultQueueAllowanceMs = 120_000;

/**
 * A `Toolbox` whose calls run on a fleet of workers (`startWorker`, `toolwright worker`) through a
 * BullMQ queue on Redis. Names, dialects, decoding, repairs and validation happen here, in the
 * caller, exactly as in a `Toolbox`: a call that is refused never leaves the process, and one that
 * validated becomes a job carrying the input as it validated (the worker validates it again for
 * itself; with a fleet `secret`, the job is signed). Idempotent activities survive a worker's
 * crash (run again on another worker); a non-idempotent one never runs twice (its call then gets an
 * `outcome_unknown` error). Aborting a call cancels its job, and a call whose queue has no worker
 * ends with "no worker available" after `noWorkerTimeoutMs`.
 *
 * @example
 * ```ts
 * const toolbox = new QueueToolbox([new WebScraperTool()], { connection: "redis://127.0.0.1:6379" });
 * const result = await toolbox.execute({ name: "WebScraperTool_get_content", arguments: '{"url":"https://example.com"}' });
 * await toolbox.close();
 * ```
 */
export class QueueToolbox extends Toolbox {
  readonly #client: QueueClient;
  readonly #routes: QueueRoutes;
  readonly #timeoutMs: number | null | undefined;
  readonly #waitTimeoutMs: number | null | undefined;
  readonly #telemetry: TelemetryOptions | undefined;

  constructor(tools: Iterable<Tool>, options: QueueToolboxOptions) {
    super(tools, checkQueueToolboxOptions(options));
    requireQueuePackages("QueueToolbox");
    this.#routes = settleRoutes("QueueToolbox", options, this.tools);
    this.#timeoutMs = options.timeoutMs;
    this.#waitTimeoutMs = options.waitTimeoutMs;
    this.#telemetry = options.telemetry;
    this.#client = new QueueClient({
      connection: options.connection,
      routes: this.#routes,
      noWorkerTimeoutMs: options.noWorkerTimeoutMs ?? 30_000,
      attempts: options.attempts ?? 3,
      backoffMs: options.backoffMs ?? 1_000,
      secret: options.secret,
    });
  }

  /**
   * Decodes, repairs and validates one call here, then runs it on a worker and waits for its
   * artifact. Never rejects for what the model or the fleet caused (a refusal, a failed run, no
   * worker, a lost worker all come back as an `ErrorArtifact`); only an aborted `options.signal`
   * rejects, after its job was withdrawn.
   *
   * @example
   * ```ts
   * const result = await toolbox.execute(call, { onProgress: (report) => console.log(report.progress) });
   * ```
   */
  override async execute(
    call: ToolCallInput,
    options: ExecuteOptions = {},
  ): Promise<ToolCallResult> {
    const receipts =
      options.receipts === undefined ? this.receipts : (options.receipts ?? undefined);
    if (receipts !== undefined) return this.#executeReceipted(call, options, receipts);
    const prepared = await this.prepare(call, options);
    if (!prepared.ok) {
      // A name that resolves to nothing may be a `multi_tool_use.parallel` wrapper: the Toolbox
      // expands it and sends each inner call back through here (or refuses the name as it would).
      return prepared.result.toolName === undefined
        ? super.execute(call, options)
        : prepared.result;
    }
    // The search of a deferring toolbox runs here: what it finds loads into this toolbox, whose
    // requests carry it (a worker's toolbox would record it instead).
    if (prepared.tool instanceof ToolSearchTool) return super.execute(call, options);
    options.signal?.throwIfAborted();
    const run = () => this.#runQueued(prepared, options);
    // The `toolwright:tool-call:*` events and the `execute_tool` span a local call gets, around the
    // queued part (decoding happened above, as the span's input shows).
    if (!observingToolCalls()) return run();
    const { tool, activity } = prepared;
    return runObserved(
      { ...call, id: prepared.id },
      {
        run,
        telemetry: this.#telemetry,
        describe: () => ({
          nativeName: this.nativeName(tool, activity.name),
          description: tool.activityDescription(activity.name),
        }),
      },
    );
  }

  /**
   * A call under receipts, through the Toolbox's receipted path: a call whose receipt holds a result
   * gets it without queuing; one that started and never finished is queued again under the same job
   * id (idempotent: BullMQ keeps one job, a finished one's result is read back) or gets
   * `outcome_unknown`.
   */
  #executeReceipted(
    call: ToolCallInput,
    options: ExecuteOptions,
    receipts: ReceiptOptions,
  ): Promise<ToolCallResult> {
    const ownId = call.id !== undefined && !hasMadeUpId(call);
    const named = { ...call, id: call.id ?? `call_${randomUUID()}` };
    const run = () =>
      executeReceipted(
        {
          toolbox: this,
          timeoutMs: this.#timeoutMs,
          // A parallel wrapper's calls come back through `execute`; an unknown name is refused.
          unknown: (inner) => super.execute(inner, options),
          run: (prepared, address) =>
            prepared.tool instanceof ToolSearchTool
              ? runHere(prepared, options, this.#timeoutMs)
              : this.#runQueued(prepared, options, address && jobIdOf(address)),
        },
        named,
        options,
        { ownId, receipts },
      );
    if (!observingToolCalls()) return run();
    return runObserved(named, {
      run,
      telemetry: this.#telemetry,
      describe: (result) => {
        const tool = this.tools.find((one) => one.name === result.toolName);
        if (tool === undefined || result.activityName === undefined) return undefined;
        return {
          nativeName: this.nativeName(tool, result.activityName),
          description: tool.activityDescription(result.activityName),
        };
      },
    });
  }

  async #runQueued(
    prepared: Extract<PreparedCall, { ok: true }>,
    options: ExecuteOptions,
    jobId?: string,
  ): Promise<ToolCallResult> {
    const { tool, activity } = prepared;
    // The input as it passed validation here, before the schema's transforms: the worker validates
    // it again for itself, and the transforms apply there, once.
    const input = copyJsonValue(prepared.acceptedInput);
    if (input === undefined) {
      throw new ToolboxError({
        toolName: tool.name,
        message: `QueueToolbox: the input of ${tool.name}.${activity.name} is not plain JSON (it holds a Date, a Map, a class instance or a number JSON lacks), so it cannot travel to a worker; pass arguments as JSON`,
      });
    }
    const setting = timeLimitSetting(
      withToolboxTimeout(options, this.#timeoutMs),
      activity,
      toolState(tool),
    );
    const timeoutMs = setting === undefined ? defaultTimeoutMs : setting;
    const waitMs =
      this.#waitTimeoutMs !== undefined
        ? this.#waitTimeoutMs
        : timeoutMs === null
          ? null
          : timeoutMs + defaultQueueAllowanceMs;
    const outcome = await this.#client.run({
      queue: this.#routes.queueOf(tool.name, activity.name),
      call: {
        tool: tool.name,
        activity: activity.name,
        input,
        timeoutMs,
        idempotent: activity.annotations.idempotent === true,
        callId: prepared.id,
        ...(await traceCarrier()),
      },
      label: `${tool.name}.${activity.name}`,
      signal: options.signal,
      onProgress: options.onProgress,
      waitMs,
      jobId,
    });
    return {
      id: prepared.id,
      name: prepared.name,
      toolName: tool.name,
      activityName: activity.name,
      artifact: outcome.artifact,
      repairs:
        outcome.repairs.length === 0 ? prepared.repairs : [...prepared.repairs, ...outcome.repairs],
    };
  }

  /**
   * Ends the calls still waiting (their jobs are withdrawn) and closes the Redis connections.
   *
   * @example
   * ```ts
   * await toolbox.close();
   * ```
   */
  close(): Promise<void> {
    return this.#client.close();
  }
}

/**
 * The job id of a call with a receipt: the same for every process that queues that call, and free of
 * the `:` BullMQ refuses in ids.
 */
function jobIdOf(address: ReceiptAddress): string {
  const digest = createHash("sha256").update(`${address.scope}\u0000${address.key}`);
  return `receipt-${digest.digest("base64url")}`;
}

/** The active trace context for the job (the caller's `execute_tool` span), when the caller traces. */
async function traceCarrier(): Promise<{ trace?: Record<string, string> }> {
  if (!tracingRegistered()) return {};
  const { otelApi } = await import("../observe/otel.js");
  const otel = otelApi();
  if (otel === undefined) return {};
  const carrier: Record<string, string> = {};
  otel.propagation.inject(otel.context.active(), carrier);
  return Object.keys(carrier).length === 0 ? {} : { trace: carrier };
}
