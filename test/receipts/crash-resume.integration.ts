// A durable run killed at every point from its first save to its end, in each store (slow: two
// processes per point); npm test kills it at one point (crash-resume.test.ts).
import { killedRunCases } from "./crash-resume.case.js";

killedRunCases(["sqlite", "redis"], "every");
