// Every entry imports this module first. ESM evaluates a module's imports in order, so this runs
// before any other toolwright code, as long as the whole graph still *links* on an old Node: no
// module may statically import a builtin or a named builtin export that Node 20 lacks (`node:sqlite`
// comes from `process.getBuiltinModule`; test/drivers/entry-points.integration.ts runs Node 20 on every
// built entry).
import { unsupportedNodeMessage } from "./internal/node-version.js";

/** Thrown on import by a Node that toolwright does not support; its message says it all. */
class UnsupportedNodeError extends Error {
  readonly code = "unsupported_node";
}
// On the prototype, so the stack's first line (what Node prints) already carries the name.
UnsupportedNodeError.prototype.name = "UnsupportedNodeError";

const message = unsupportedNodeMessage();
// An error, not process.exit: a library must not end its host's process.
if (message !== undefined) throw new UnsupportedNodeError(message);
