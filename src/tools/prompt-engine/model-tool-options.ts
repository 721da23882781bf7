import type { PromptDriver } from "../../drivers/spec.js";
import {
  type OptionRule,
  type OptionRules,
  stringArray,
  wholeNumber,
} from "../../internal/option-rules.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { checkBuiltInToolOptions } from "../tool-option.js";

/**
 * Options every tool that asks a model takes (`QueryTool`, `PromptSummaryTool`, `ExtractionTool`,
 * `RagTool`): the model, rules for its answers, and how much text one model call may carry.
 *
 * @example
 * ```ts
 * const options: ModelToolOptions = { driver, rules: ["Answer in French."], maxContentCharacters: 50_000 };
 * ```
 */
export interface ModelToolOptions extends ToolOptions {
  /** The model asked, any `PromptDriver` (`toolwright/openai`, `/anthropic`, `/gemini`, `/ollama`, `/testing`). */
  driver: PromptDriver;
  /** Rules the model must follow, rendered as Griptape renders a ruleset ("Default Ruleset"). */
  rules?: readonly string[] | undefined;
  /**
   * Most characters of content one model call carries; longer content is handled in chunks (or,
   * for a question, by its most relevant passages). 100,000 by default (about 25,000 tokens).
   */
  maxContentCharacters?: number | undefined;
}

const promptDriver: OptionRule = Object.freeze({
  expected: 'a PromptDriver (specificationVersion "v1" with generate and stream)',
  test: (value: unknown) => {
    if (typeof value !== "object" || value === null) return false;
    const driver = value as Record<string, unknown>;
    return driver.specificationVersion === "v1" && typeof driver.generate === "function";
  },
});

const modelToolOptionRules: OptionRules = Object.freeze({
  driver: promptDriver,
  rules: stringArray,
  maxContentCharacters: {
    ...wholeNumber(1_000),
    expected: "a whole number of characters, at least 1,000",
  },
});

/**
 * What a tool that asks a model keeps of its options: the model, its rules and how much content one
 * call carries.
 *
 * @example
 * ```ts
 * new QueryTool({ driver }).model.maxContentCharacters; // 100000
 * ```
 */
export interface ModelSettings {
  readonly driver: PromptDriver;
  readonly rules: readonly string[];
  readonly maxContentCharacters: number;
}

/**
 * @internal Checks a model tool's options (the shared ones, `own` and Tool's, `driver` and
 * `required` required), then splits them into its model settings and the rest, whose time limit
 * defaults to `modelToolTimeoutMs`.
 */
export function modelToolParts<Options extends ModelToolOptions>(
  toolClass: { readonly name: string },
  options: Options,
  own: OptionRules = {},
  required: readonly string[] = [],
): [ModelSettings, Omit<Options, "driver" | "rules" | "maxContentCharacters">] {
  checkBuiltInToolOptions(toolClass, options, { ...modelToolOptionRules, ...own }, [
    "driver",
    ...required,
  ]);
  const { driver, rules, maxContentCharacters, ...base } = options;
  const settings: ModelSettings = Object.freeze({
    driver,
    rules: Object.freeze([...(rules ?? [])]),
    maxContentCharacters: maxContentCharacters ?? 100_000,
  });
  return [settings, { timeoutMs: modelToolTimeoutMs, ...base }];
}

/**
 * @internal Time limit of a model tool's calls unless the tool's options set one: a long text takes
 * several model calls, each bounded by the driver's own timeout.
 */
export const modelToolTimeoutMs = 300_000;
