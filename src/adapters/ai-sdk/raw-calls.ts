import type { Toolbox } from "../../toolbox/toolbox.js";

/** @internal A call the repair hook rewrote: what the model sent, and the input text it handed the SDK. */
export interface RawCall {
  /** The name as the model wrote it, so the toolbox's repair log records the name fix. */
  readonly name: string;
  /** The argument text as the model wrote it. */
  readonly text: string;
  /** The native name the call was repaired to. */
  readonly nativeName: string;
  /** `JSON.stringify` of the input the SDK will hand `execute`, to tell this call from a stale one. */
  readonly inputKey: string;
}

// A repaired call that never runs (denied, or no `execute`) must not pin memory forever.
const maxPending = 256;
const pendingByToolbox = new WeakMap<Toolbox, Map<string, RawCall>>();

/**
 * @internal Remembers what the model sent for a call the repair hook rewrote, so `execute` runs the
 * toolbox on the model's own text (one decoding path, the full repair log) rather than on the SDK's
 * re-parse of the repaired text.
 */
export function rememberRawCall(toolbox: Toolbox, toolCallId: string, call: RawCall): void {
  let pending = pendingByToolbox.get(toolbox);
  if (pending === undefined) {
    pending = new Map();
    pendingByToolbox.set(toolbox, pending);
  }
  pending.delete(toolCallId);
  pending.set(toolCallId, call);
  if (pending.size > maxPending) {
    const oldest = pending.keys().next();
    if (oldest.done !== true) pending.delete(oldest.value);
  }
}

/**
 * @internal The model's own call behind `input`: only when it was repaired to this tool and the SDK hands
 * over exactly the repaired input (an id reused by a later, unrepaired call gets nothing).
 */
export function findRawCall(
  toolbox: Toolbox,
  toolCallId: string,
  nativeName: string,
  input: unknown,
): RawCall | undefined {
  const call = pendingByToolbox.get(toolbox)?.get(toolCallId);
  if (call === undefined || call.nativeName !== nativeName) return undefined;
  return JSON.stringify(input) === call.inputKey ? call : undefined;
}

/** @internal Drops a call's entry once it ran. */
export function forgetRawCall(toolbox: Toolbox, toolCallId: string): void {
  pendingByToolbox.get(toolbox)?.delete(toolCallId);
}
