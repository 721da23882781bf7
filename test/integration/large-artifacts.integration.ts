// Large artifacts in every store at 40 and 100 MB (1 and 10 MB run in npm test).
import { describeLargeArtifacts } from "../memory/fixtures/large-artifact-cases.js";

describeLargeArtifacts([40, 100], false);
