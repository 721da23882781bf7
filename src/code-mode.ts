/**
 * Code mode: a tool that runs model-written JavaScript against a toolbox in a QuickJS sandbox, each
 * call in the script a real `Toolbox.execute` (decoded, validated, limited, approved, recorded), on
 * `quickjs-emscripten` (an optional peer dependency: `npm install quickjs-emscripten`).
 *
 * @example
 * ```ts
 * import { Toolbox } from "toolwright";
 * import { codeMode } from "toolwright/code-mode";
 * import { CalculatorTool } from "toolwright/tools";
 * const scripts = codeMode(new Toolbox([new CalculatorTool()]));
 * ```
 * @module
 */
import "./node-check.js";

export {
  type CodeModeLimits,
  type CodeModeOptions,
  CodeModeTool,
  codeMode,
} from "./code-mode/code-mode-tool.js";
export type { ScriptRecord } from "./code-mode/script-record.js";
