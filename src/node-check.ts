// Every entry imports this module first. ESM evaluates a module's imports in order, so this runs
// before any other toolwright code, as long as the whole graph still *links* on an old Node: no
// module may statically import a builtin or a named builtin export that Node 20 lacks (`node:sqlite`
// comes from `process.getBuiltinModule`; test/node-check.test.ts runs Node 20 on every built entry).
import { unsupportedNodeMessage } from "./internal/node-version.js";

const message = unsupportedNodeMessage();
if (message !== undefined) {
  // An error, not process.exit: a library must not end its host's process. Its message is the line.
  throw Object.assign(new Error(message), {
    name: "UnsupportedNodeError",
    code: "unsupported_node",
  });
}
