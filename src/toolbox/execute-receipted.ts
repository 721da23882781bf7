import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { ReceiptAddress } from "../receipts/receipt-store.js";
import type { ReadyCall } from "../receipts/receipted-call.js";
import { runActivity } from "../tool/run-activity.js";
import { withToolboxTimeout } from "../tool/time-limit.js";
import { callResult } from "./decode-call.js";
import type { Toolbox } from "./toolbox.js";
import { checkIdempotencyKey } from "./toolbox-checks.js";
import type { ExecuteOptions } from "./toolbox-options.js";

/** @internal What a receipted call needs of its toolbox beyond `prepare`. */
export interface ReceiptedCallSetup {
  readonly toolbox: Toolbox;
  readonly timeoutMs: number | null | undefined;
  /** A name that resolves to nothing: a parallel wrapper's calls, or an unknown-tool failure. */
  readonly unknown: (call: ToolCallInput & { readonly id: string }) => Promise<ToolCallResult>;
  /**
   * Runs the method of a call that passed validation, given its receipt's address (`undefined` when
   * it has none); here by default (`runHere`). A `QueueToolbox` queues it as a job named after it.
   */
  readonly run?: (call: ReadyCall, address: ReceiptAddress | undefined) => Promise<ToolCallResult>;
}

// Loaded on the first receipted call, then held: a dynamic `import()` of a loaded module still costs
// a trip through the module loader (and its hooks) on every call.
let receiptedCall: typeof import("../receipts/receipted-call.js") | undefined;

/**
 * @internal `execute` with receipts: decoded and validated as `prepare` does, then run under the
 * call's receipt (a recorded result comes back without running the method).
 */
export async function executeReceipted(
  setup: ReceiptedCallSetup,
  call: ToolCallInput & { readonly id: string },
  options: ExecuteOptions,
  receipted: { readonly ownId: boolean; readonly receipts: ReceiptOptions },
): Promise<ToolCallResult> {
  const key = call.idempotencyKey;
  checkIdempotencyKey("Toolbox.execute", key);
  const prepared = await setup.toolbox.prepare(call, options);
  if (!prepared.ok) {
    // A name that resolves to nothing may be a parallel wrapper: its calls come back through here.
    if (prepared.result.toolName !== undefined) return prepared.result;
    return setup.unknown(call);
  }
  receiptedCall ??= await import("../receipts/receipted-call.js");
  return receiptedCall.runWithReceipt({
    call: prepared,
    idempotencyKey: key,
    ownId: receipted.ownId,
    receipts: receipted.receipts,
    run: (address) =>
      setup.run === undefined
        ? runHere(prepared, options, setup.timeoutMs)
        : setup.run(prepared, address),
  });
}

/** @internal Runs a validated call's method in this process, under the toolbox's time limit. */
export async function runHere(
  prepared: ReadyCall,
  options: ExecuteOptions,
  timeoutMs: number | null | undefined,
): Promise<ToolCallResult> {
  const { tool, activity } = prepared;
  const limits = withToolboxTimeout(options, timeoutMs);
  // The input as it passed validation: validated again on the way in, its transforms apply once.
  const outcome = await runActivity(tool, activity.name, prepared.acceptedInput, limits);
  return callResult(prepared.id, prepared.name, { tool, activity }, outcome, prepared.repairs);
}
