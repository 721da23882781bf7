// A durable run killed at one point, inside the method after its effect, and resumed; every point of
// both stores runs in `npm run test:integration` (crash-resume.integration.ts).
import { killedRunCases } from "./crash-resume.case.js";

killedRunCases(["sqlite"], ["method-effect#1"]);
