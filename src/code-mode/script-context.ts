import { AsyncLocalStorage } from "node:async_hooks";
import type { ApprovalDecision } from "../agent/agent-types.js";
import type { Caller } from "../caller/caller-channel.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { HeldCall } from "./run-script.js";
import type { ScriptRecord } from "./script-record.js";

/**
 * @internal What an Agent hands the code-mode tool for one script call it runs through its toolbox
 * (so the call keeps its decoding, events and span): whether to hold destructive calls, the record
 * and decisions of a resumed run; and where the tool leaves a pause.
 */
export interface ScriptCallContext {
  /** The tool the context is for: a script run by another code-mode tool does not take it. */
  readonly tool: object;
  readonly approvals: boolean;
  readonly record: ScriptRecord | undefined;
  readonly decisions: ReadonlyMap<number, ApprovalDecision>;
  /** The receipts of the Agent's run: the script's own calls go under them (the script call does not). */
  readonly receipts: ReceiptOptions | undefined;
  /** The Agent's caller: the script's own calls ask it (`context.elicit`, `context.sample`) too. */
  readonly caller: Caller | undefined;
  paused?: { readonly held: readonly HeldCall[]; readonly record: ScriptRecord };
}

/** @internal The context of the script call running in this async flow, if an Agent set one. */
export const scriptCalls = new AsyncLocalStorage<ScriptCallContext>();
