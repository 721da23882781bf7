import type { Receipt, ReceiptStart } from "./receipt-store.js";

/** @internal The receipt `begin` creates: started once, no result yet. */
export function newReceipt(start: ReceiptStart): Receipt {
  return { ...start, attempt: 1, finishedAt: undefined, result: undefined };
}

/** @internal A start's fields in the order the stores write them: scope, key, tool, activity, hash, time. */
export function startFields(start: ReceiptStart): [string, string, string, string, string, number] {
  return [start.scope, start.key, start.tool, start.activity, start.inputHash, start.startedAt];
}
