/**
 * Activities on a fleet of worker processes, through a BullMQ queue on Redis (`bullmq` and `ioredis`
 * are optional peers: `npm install bullmq ioredis`): `QueueToolbox` in the caller, `startWorker` (or
 * `toolwright worker`) on each worker. See docs/scale.md.
 *
 * @example
 * ```ts
 * import { Toolbox } from "toolwright";
 * import { QueueToolbox, startWorker } from "toolwright/queue";
 * const worker = await startWorker(new Toolbox([new MyTool()]), { connection: "redis://127.0.0.1:6379" });
 * const toolbox = new QueueToolbox([new MyTool()], { connection: "redis://127.0.0.1:6379" });
 * ```
 * @module
 */
import "./node-check.js";
import "./polyfill.js";

export type {
  QueueConnection,
  QueueFleetOptions,
  QueueToolboxOptions,
  QueueWorkerOptions,
} from "./queue/queue-options.js";
export { QueueToolbox } from "./queue/queue-toolbox.js";
export { type QueueWorker, startWorker } from "./queue/start-worker.js";
