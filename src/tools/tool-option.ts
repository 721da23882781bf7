import type { OptionRules } from "../internal/option-rules.js";
import { checkToolOptions, toolOptionRules } from "../tool/tool-option-rules.js";

/**
 * @internal Checks a built-in tool's constructor options, its own and Tool's, before it takes its
 * own out and passes the rest to `super`: the one place where every key it accepts is known, so an
 * unknown key (with a "did you mean" among all of them), a wrong type or a missing required option
 * throws `ToolConfigError` naming the class and the key.
 */
export function checkBuiltInToolOptions(
  toolClass: { readonly name: string },
  options: unknown,
  own: OptionRules,
  required: readonly string[] = [],
): void {
  checkToolOptions(toolClass, options, { ...toolOptionRules, ...own }, required);
}
