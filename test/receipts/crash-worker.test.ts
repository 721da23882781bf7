// A queued charge whose worker is killed after recording its result: the second worker replays it.
// Every kill point runs in `npm run test:integration` (crash-worker.integration.ts).
import { killedWorkerCases } from "./crash-worker.case.js";

killedWorkerCases(["receipt-finish-after#1"]);
