import { MemoryConfigError } from "../errors/memory-config-error.js";
import { checkOptions } from "../internal/check-options.js";
import type { OptionRules } from "../internal/option-rules.js";

/**
 * @internal Checks the options of a Task Memory or store constructor or method against the keys it
 * accepts, throwing `MemoryConfigError` naming `subject` (`TaskMemory.search`, `SqliteArtifactStore`)
 * and the key.
 */
export function checkMemoryOptions(
  subject: string,
  options: unknown,
  rules: OptionRules,
  required: readonly string[] = [],
): void {
  checkOptions(options, {
    owner: subject,
    rules,
    required,
    error: (option, message) => new MemoryConfigError({ subject, option, message }),
  });
}
