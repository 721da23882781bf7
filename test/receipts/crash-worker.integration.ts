// A queued charge whose worker is killed at every point from "method started" to "result recorded"
// (slow: BullMQ notices each stalled job); npm test kills it at one point (crash-worker.test.ts).
import { everyKillPoint, killedWorkerCases } from "./crash-worker.case.js";

killedWorkerCases(everyKillPoint);
