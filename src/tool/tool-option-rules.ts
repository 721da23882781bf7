import { ToolConfigError } from "../errors/tool-config-error.js";
import { checkOptions } from "../internal/check-options.js";
import {
  aBoolean,
  abortSignal,
  aFunction,
  anArray,
  anObject,
  aPrincipal,
  aString,
  type OptionRules,
  timeLimit,
} from "../internal/option-rules.js";

/**
 * @internal What each key of `ToolOptions` must be. A tool with options of its own checks them
 * together with these before calling `super` (see {@link checkToolOptions}); `Tool` itself then
 * checks what it is given against these alone.
 */
export const toolOptionRules: OptionRules = Object.freeze({
  name: aString,
  allowlist: anArray,
  denylist: anArray,
  extraSchemaProperties: anObject,
  timeoutMs: timeLimit,
  onBeforeRun: aFunction,
  onAfterRun: aFunction,
  offPrompt: aBoolean,
  outputMemory: anObject,
  inputMemory: anArray,
});

// A subclass that passes all its options to `super` meets Tool's check with keys Tool cannot know.
const subclassNote =
  "a Tool subclass with options of its own takes them out and passes the rest to super(), as in `const { myOption, ...toolOptions } = options; super(toolOptions)`";

/**
 * @internal Checks a tool's constructor options against the keys its class accepts, throwing
 * `ToolConfigError` naming the class and the key. Called where the full set of keys is known: by
 * `Tool` with `toolOptionRules`, and by a subclass with options of its own before it takes them out
 * and passes the rest to `super`.
 */
export function checkToolOptions(
  toolClass: { readonly name: string },
  options: unknown,
  rules: OptionRules = toolOptionRules,
  required: readonly string[] = [],
): void {
  const className = toolClass.name || "Tool";
  checkOptions(options, {
    owner: className,
    rules,
    required,
    ...(rules === toolOptionRules && { unknownKeyNote: subclassNote }),
    error: (option, message) => new ToolConfigError({ toolName: className, option, message }),
  });
}

/** @internal Checks the options of `tool.checkRequirements`. */
export function checkRequirementsOptions(toolName: string, options: unknown): void {
  checkOptions(options, {
    owner: "Tool.checkRequirements",
    rules: { cwd: aString },
    error: (option, message) => new ToolConfigError({ toolName, option, message }),
  });
}

/** @internal What each key of `RunOptions` must be. */
export const runOptionRules: OptionRules = Object.freeze({
  signal: abortSignal,
  timeoutMs: timeLimit,
  onProgress: aFunction,
  caller: anObject,
  principal: aPrincipal,
});

/** @internal Checks the options of one `tool.run` call, throwing `ToolConfigError` naming the tool. */
export function checkRunOptions(toolName: string, options: unknown): void {
  checkOptions(options, {
    owner: "Tool.run",
    rules: runOptionRules,
    error: (option, message) => new ToolConfigError({ toolName, option, message }),
  });
}
