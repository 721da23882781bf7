import { isPlainObject } from "../internal/clone-json.js";
import { normalizeName } from "./resolve-name.js";
import type { ToolCallInput } from "./tool-call.js";

/** @internal True for the wrapper GPT-4o and GPT-5 sometimes invent: `multi_tool_use.parallel`. */
export function isParallelWrapper(name: string): boolean {
  return normalizeName(name) === "multi_tool_use_parallel";
}

/**
 * @internal The real calls inside `multi_tool_use.parallel` (`{ tool_uses: [{ recipient_name:
 * "functions.X", parameters: {…} }] }`), or `undefined` when the arguments do not hold that list.
 */
export function expandParallel(id: string, input: unknown): ToolCallInput[] | undefined {
  if (!isPlainObject(input) || !Array.isArray(input.tool_uses)) return undefined;
  const calls: ToolCallInput[] = [];
  for (const [index, use] of input.tool_uses.entries()) {
    if (!isPlainObject(use) || typeof use.recipient_name !== "string") return undefined;
    calls.push({ id: `${id}.${index}`, name: use.recipient_name, arguments: use.parameters ?? {} });
  }
  return calls;
}
