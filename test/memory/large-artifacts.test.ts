// Large artifacts in every store, at 1 and 10 MB, and the refusal over the maximum; 40 and 100 MB
// run in `npm run test:integration` (test/integration/large-artifacts.integration.ts).
import { describeLargeArtifacts } from "./fixtures/large-artifact-cases.js";

describeLargeArtifacts([1, 10], true);
