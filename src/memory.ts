/**
 * Task Memory: off-prompt tool outputs kept in a store the model can list, page through and search
 * (BM25, no LLM); and call receipts, what each call already did (docs/reliability.md). This entry has
 * the memory, the in-memory stores and the store interfaces; durable stores are on
 * `toolwright/memory/sqlite` and `toolwright/memory/redis`.
 *
 * @example
 * ```ts
 * import { Toolbox } from "toolwright";
 * import { TaskMemory } from "toolwright/memory";
 * import { WebScraperTool } from "toolwright/tools";
 * const toolbox = new Toolbox([new WebScraperTool()]).setTaskMemory(new TaskMemory());
 * ```
 * @module
 */
import "./node-check.js";
import "./polyfill.js";

export type {
  ArtifactStore,
  NamespaceSummary,
  PassageHit,
  PassageQuery,
  PassageSpan,
  StoredKind,
  StoreEntry,
  StoreScope,
  StoreWrite,
  StoreWriteResult,
  TextPage,
  VectorQuery,
} from "./memory/artifact-store.js";
export { InMemoryArtifactStore } from "./memory/in-memory-artifact-store.js";
export {
  isMemoryReference,
  type MemoryReference,
  memoryReferenceSchema,
  memoryReferencesOf,
} from "./memory/memory-reference.js";
export type { MemoryScope, Principal, ScopeOption } from "./memory/memory-scope.js";
export {
  type MemorySearchHit,
  type MemorySearchOptions,
  type ProcessOutputInput,
  TaskMemory,
  type TaskMemoryOptions,
} from "./memory/task-memory.js";
export {
  InMemoryTaskStore,
  type TaskListing,
  type TaskPage,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from "./memory/task-store.js";
export { InMemoryReceiptStore } from "./receipts/in-memory-receipt-store.js";
export { hashInput } from "./receipts/input-hash.js";
export type { ReceiptOptions } from "./receipts/receipt-options.js";
export type {
  Receipt,
  ReceiptAddress,
  ReceiptBegin,
  ReceiptFinish,
  ReceiptRestart,
  ReceiptStart,
  ReceiptStore,
  RunWrite,
  StoredRun,
} from "./receipts/receipt-store.js";
