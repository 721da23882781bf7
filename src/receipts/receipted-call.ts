import { artifactFromJSON } from "../artifacts/artifact-from-json.js";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { PreparedCall, ToolCallResult } from "../calls/tool-call.js";
import { MemoryStoreError } from "../errors/memory-store-error.js";
import type { Repair } from "../tool/repair.js";
import { hashInput } from "./input-hash.js";
import type { ReceiptOptions } from "./receipt-options.js";
import type { Receipt, ReceiptAddress, ReceiptStore } from "./receipt-store.js";

/** @internal A call decoded and validated, about to run. */
export type ReadyCall = Extract<PreparedCall, { ok: true }>;

/**
 * @internal One call under a receipt: the call, what identifies it (its own id, or the caller's
 * idempotency key; `undefined` when it has neither: a made-up id names nothing across processes),
 * where receipts go, and how to run the method.
 */
export interface ReceiptedCall {
  readonly call: ReadyCall;
  readonly idempotencyKey: string | undefined;
  readonly ownId: boolean;
  readonly receipts: ReceiptOptions;
  /** Runs the method; given the receipt's address (`undefined`: the call has none) to name its work by. */
  readonly run: (address: ReceiptAddress | undefined) => Promise<ToolCallResult>;
}

/**
 * @internal The key a call's receipt is filed under: the caller's idempotency key, or the call's id
 * with its activity; `undefined` when the call has neither its own id nor a key.
 */
export function receiptKey(
  call: {
    readonly id: string;
    readonly tool: { name: string };
    readonly activity: { name: string };
  },
  idempotencyKey: string | undefined,
  ownId: boolean,
): string | undefined {
  if (idempotencyKey !== undefined) return `key:${idempotencyKey}`;
  return ownId ? `call:${call.id}:${call.tool.name}.${call.activity.name}` : undefined;
}

// Calls running in this process, by store and address: a second call of the same key waits for
// the first rather than finding a receipt that says "started" and nothing more.
const inFlight = new WeakMap<ReceiptStore, Map<string, Running>>();

interface Running {
  readonly inputHash: string;
  readonly activity: string;
  readonly startedAt: number;
  readonly outcome: Promise<ToolCallResult>;
}

// What the receipt itself answers, rather than the method: a call joining one of these gets the same.
const receiptCodes = new Set(["key_reused", "outcome_unknown", "receipt_unavailable"]);

/**
 * @internal Runs a validated call under its receipt: a finished receipt's result comes back (marked
 * replayed) without running the method; a started one runs again only for an idempotent activity,
 * else the call gets `outcome_unknown`; the same key with another input gets `key_reused`. A store
 * that fails before the method ran means the call does not run (`receipt_unavailable`).
 */
export async function runWithReceipt(receipted: ReceiptedCall): Promise<ToolCallResult> {
  const { call, receipts } = receipted;
  const key = receiptKey(call, receipted.idempotencyKey, receipted.ownId);
  if (key === undefined) return receipted.run(undefined);
  const address: ReceiptAddress = { scope: receipts.scope ?? "toolbox", key };
  const inputHash = hashInput(call.input);
  const activity = `${call.tool.name}.${call.activity.name}`;
  let running = inFlight.get(receipts.store);
  if (running === undefined) {
    running = new Map();
    inFlight.set(receipts.store, running);
  }
  const flightKey = `${address.scope.length}:${address.scope}:${key}`;
  const current = running.get(flightKey);
  if (current !== undefined) return joined(receipted, current, inputHash, activity);
  const clock = receipts.clock ?? Date.now;
  const startedAt = clock();
  // Registered before the first `await`, so a second call of this key in this process joins it.
  const outcome = underReceipt(receipted, address, inputHash, startedAt);
  running.set(flightKey, { inputHash, activity, startedAt, outcome });
  try {
    return await outcome;
  } finally {
    running.delete(flightKey);
  }
}

/** A call of a key another call in this process is running: that call's result, or its refusal. */
async function joined(
  receipted: ReceiptedCall,
  first: Running,
  inputHash: string,
  activity: string,
): Promise<ToolCallResult> {
  const { call } = receipted;
  const key = receiptKey(call, receipted.idempotencyKey, receipted.ownId) as string;
  if (first.inputHash !== inputHash || first.activity !== activity) {
    return failed(call, keyReused(key, first.activity));
  }
  let result: ToolCallResult;
  try {
    result = await first.outcome;
  } catch {
    // The first was aborted: its receipt says what is known now.
    return runWithReceipt(receipted);
  }
  const { artifact } = result;
  if (artifact instanceof ErrorArtifact && receiptCodes.has(artifact.code ?? "")) {
    return failed(call, artifact);
  }
  return replayed(call, key, first.startedAt, artifact.toJSON());
}

async function underReceipt(
  receipted: ReceiptedCall,
  address: ReceiptAddress,
  inputHash: string,
  startedAt: number,
): Promise<ToolCallResult> {
  const { call, receipts } = receipted;
  const store = receipts.store;
  const clock = receipts.clock ?? Date.now;
  const expiresAt = () =>
    receipts.retentionMs === undefined ? undefined : clock() + receipts.retentionMs;
  try {
    const begun = await store.begin({
      ...address,
      tool: call.tool.name,
      activity: call.activity.name,
      inputHash,
      startedAt,
      expiresAt: expiresAt(),
    });
    if (!begun.created) {
      const existing = begun.receipt;
      const activity = `${existing.tool}.${existing.activity}`;
      if (
        existing.inputHash !== inputHash ||
        activity !== `${call.tool.name}.${call.activity.name}`
      ) {
        return failed(call, keyReused(address.key, activity));
      }
      if (existing.result !== undefined) {
        return replayed(
          call,
          address.key,
          existing.finishedAt ?? existing.startedAt,
          existing.result,
        );
      }
      if (call.activity.annotations.idempotent !== true) {
        return failed(call, outcomeUnknown(call, address, existing));
      }
      const mine = await store.restart({
        ...address,
        attempt: existing.attempt,
        startedAt,
        expiresAt: expiresAt(),
      });
      // Someone else restarted or finished it in between: what they recorded is the answer.
      const recorded = mine ? undefined : await recordedSince(store, call, address);
      if (recorded !== undefined) return recorded;
    }
  } catch (error) {
    if (!MemoryStoreError.isInstance(error)) throw error;
    return failed(call, unavailable(call, error as Error));
  }
  const done = await receipted.run(address);
  try {
    await store.finish({
      ...address,
      result: done.artifact.toJSON(),
      finishedAt: clock(),
      expiresAt: expiresAt(),
    });
  } catch (error) {
    // The method ran and its result goes back; the receipt stays "started", so a repeat of this
    // call reports `outcome_unknown` (idempotent activities run again) rather than running twice.
    if (!MemoryStoreError.isInstance(error)) throw error;
  }
  return done;
}

/**
 * After losing a restart race: the result the winner recorded, or `undefined` when there is none yet
 * (the activity is idempotent, so running it here too is harmless).
 */
async function recordedSince(
  store: ReceiptStore,
  call: ReadyCall,
  address: ReceiptAddress,
): Promise<ToolCallResult | undefined> {
  const receipt = await store.get(address);
  if (receipt?.result === undefined) return undefined;
  return replayed(call, address.key, receipt.finishedAt ?? receipt.startedAt, receipt.result);
}

function replayed(call: ReadyCall, key: string, at: number, json: ArtifactJSON): ToolCallResult {
  const repair: Repair = {
    step: "replay",
    detail: `returned the result recorded at ${new Date(at).toISOString()} under receipt "${key}"; the method did not run again`,
  };
  return {
    id: call.id,
    name: call.name,
    toolName: call.tool.name,
    activityName: call.activity.name,
    artifact: artifactFromJSON(json),
    repairs: [...call.repairs, repair],
  };
}

function failed(call: ReadyCall, artifact: ErrorArtifact): ToolCallResult {
  return {
    id: call.id,
    name: call.name,
    toolName: call.tool.name,
    activityName: call.activity.name,
    artifact,
    repairs: call.repairs,
  };
}

function keyReused(key: string, activity: string): ErrorArtifact {
  return new ErrorArtifact(
    `The call did not run: its key "${key}" was used before for a call of ${activity} with another input, and a key names one call. Give a different call its own id or idempotency key.`,
    { code: "key_reused", meta: { receiptKey: key } },
  );
}

function outcomeUnknown(call: ReadyCall, address: ReceiptAddress, receipt: Receipt): ErrorArtifact {
  const started = new Date(receipt.startedAt).toISOString();
  return new ErrorArtifact(
    `The outcome of this call of ${call.tool.name}.${call.activity.name} is unknown: it started at ${started} (receipt "${address.key}") and no result was recorded, because the process running it stopped or it is still running. It is not idempotent, so it was not run again: check whether it took effect before calling it again with a new id.`,
    { code: "outcome_unknown", meta: { receiptKey: address.key, receiptScope: address.scope } },
  );
}

function unavailable(call: ReadyCall, error: Error): ErrorArtifact {
  return new ErrorArtifact(
    `The call of ${call.tool.name}.${call.activity.name} did not run: its receipt could not be recorded (${error.message}). Try again later.`,
    { code: "receipt_unavailable", cause: error },
  );
}
