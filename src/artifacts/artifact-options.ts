import { ArtifactError } from "../errors/artifact-error.js";
import { checkOptions } from "../internal/check-options.js";
import { anObject, aString, type OptionRules } from "../internal/option-rules.js";

/** @internal What each key of `ArtifactOptions` must be. */
export const artifactOptionRules: OptionRules = Object.freeze({
  id: aString,
  name: aString,
  meta: anObject,
});

// A default `[]` would be a new array for every artifact made, and one is made per tool call.
const noneRequired: readonly string[] = Object.freeze([]);

/**
 * @internal Checks the options a built-in artifact's constructor got against `rules` (the common
 * ones, plus the artifact's own), throwing `ArtifactError` at `options.<key>`. Nothing to do without
 * options, the common case.
 */
export function checkArtifactOptions(
  type: string,
  options: unknown,
  rules: OptionRules = artifactOptionRules,
  required: readonly string[] = noneRequired,
): void {
  if (options === undefined && required === noneRequired) return;
  checkOptions(options, {
    owner: type,
    rules,
    required,
    error: (option, message) =>
      new ArtifactError({ path: option === "options" ? option : `options.${option}`, message }),
  });
}
